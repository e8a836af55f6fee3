import { accountsEndpoint, EXPENSE_ACCOUNT_TYPES, INCOME_ACCOUNT_TYPES, ROOT_PARENT_ID, type Account, type AccountType } from '@ushirika/shared/contract';
import { isEtracker, useSession } from '@ushirika/shared/session';
import { defineResource, organisationColumn, useEndpointOptions, type ChoiceContext, type RecordChoices, type Texts, validationSchema } from '@ushirika/shared/ui';
import { Tag } from 'antd';
import { FormattedMessage } from 'react-intl';
import { ACCOUNTS_PATH, CLIENT_ACCOUNTS_PATH } from '../paths';

/** An account's type as people read it: 'Income (CR)', 'Expense (DR)', 'Client Account' (ROOT, spec 2.10). */
export const AccountTypeText = ({ type }: { type: AccountType }) => <FormattedMessage id={`accounts.type.${type}`} />;

/** The partner's product as the contract's account-type tables name it. */
const productOf = (user: ChoiceContext['user']) => (isEtracker(user) ? 'etracker' : 'general');

/**
 * Whether money may be recorded against an account: income on CR accounts, expenses on DR accounts,
 * and on the etracker product its ROOT client accounts too (issue 9). Every one, not the legacy first 25.
 */
export const isAccountFor = (kind: 'income' | 'expense', account: Account, user: ChoiceContext['user']) =>
  (kind === 'income' ? INCOME_ACCOUNT_TYPES : EXPENSE_ACCOUNT_TYPES)[productOf(user)].includes(account.type);

/** Those accounts as a screen's select options, for the signed-in partner's product. */
export function useAccountsFor(kind: 'income' | 'expense') {
  const user = useSession((state) => state.user);
  return useEndpointOptions(
    accountsEndpoint,
    (account: Account) => account.name,
    (account) => isAccountFor(kind, account, user),
  );
}

/** Those accounts as the choices of a form's select. */
export const accountChoices = (kind: 'income' | 'expense'): RecordChoices => ({
  from: { endpoint: accountsEndpoint },
  filter: (account: Account, { user }) => isAccountFor(kind, account, user),
});

/** Texts both account screens share (the list's and the form's), in every language. */
const shared: Texts = {
  en: {
    title: 'Accounts',
    add: 'New Account',
    new: 'New Account',
    'column.name': 'Name',
    'column.type': 'Type',
    'field.accountName': 'Account Name',
  },
  es: {
    title: 'Cuentas',
    add: 'Nueva cuenta',
    new: 'Nueva cuenta',
    'column.name': 'Nombre',
    'column.type': 'Tipo',
    'field.accountName': 'Nombre de la cuenta',
  },
  pt: {
    title: 'Contas',
    add: 'Nova conta',
    new: 'Nova conta',
    'column.name': 'Nome',
    'column.type': 'Tipo',
    'field.accountName': 'Nome da conta',
  },
  fr: {
    title: 'Comptes',
    add: 'Nouveau compte',
    new: 'Nouveau compte',
    'column.name': 'Nom',
    'column.type': 'Type',
    'field.accountName': 'Nom du compte',
  },
  sw: {
    title: 'Akaunti',
    add: 'Akaunti Mpya',
    new: 'Akaunti Mpya',
    'column.name': 'Jina',
    'column.type': 'Aina',
    'field.accountName': 'Jina la Akaunti',
  },
};
const withShared = (own: Texts): Texts => ({
  en: { ...shared.en, ...own.en },
  es: { ...shared.es, ...own.es },
  pt: { ...shared.pt, ...own.pt },
  fr: { ...shared.fr, ...own.fr },
  sw: { ...shared.sw, ...own.sw },
});

const typeColumn = { key: 'type', render: (type: AccountType) => <AccountTypeText type={type} /> };

/** 'Giving' on an account the partner's giving page offers (issue 29); nothing on the others. */
const givingColumn = {
  key: 'giving',
  dataIndex: 'openForGiving',
  render: (open: boolean | undefined) =>
    open ? (
      <Tag color="green">
        <FormattedMessage id="accounts.column.giving" />
      </Tag>
    ) : null,
};

/**
 * /finance/accounts 'Accounts' (spec 2.10) and its new and edit screens, which the spec leaves unshown: the
 * name, the type (income CR or expense DR) and the parent (Root Account or any account of the partner but the
 * one edited; the server also refuses one of its own sub-accounts).
 */
export const accounts = defineResource({
  name: 'accounts',
  endpoint: accountsEndpoint,
  schema: validationSchema('accountSchema'),
  parent: 'menu.finance',
  routes: { list: ACCOUNTS_PATH, new: `${ACCOUNTS_PATH}/new`, edit: `${ACCOUNTS_PATH}/edit` },
  permissions: { read: 'finance.record', write: 'finance.manage' },
  columns: [
    { key: 'name' },
    typeColumn,
    { key: 'parent', dataIndex: ['Parent', 'name'], render: (name: string | undefined) => name ?? <FormattedMessage id="accounts.rootAccount" /> },
    givingColumn,
    organisationColumn,
  ],
  fields: [
    { name: 'accountName' },
    {
      name: 'accountType',
      kind: 'radio',
      choices: [
        { value: 'CR', label: 'accounts.type.CR' },
        { value: 'DR', label: 'accounts.type.DR' },
      ],
    },
    {
      name: 'parentId',
      kind: 'select',
      choices: {
        from: { endpoint: accountsEndpoint },
        first: [{ value: ROOT_PARENT_ID, label: 'accounts.rootAccount' }],
        filter: (account: Account, { record }) => account.id !== record?.id,
      },
    },
    // Offered on the partner's giving page, /give/{code} (issue 29): a treasurer opens the funds members give to.
    { name: 'openForGiving', kind: 'checkbox', hint: true },
  ],
  // A new account is not offered until someone ticks it.
  defaults: { openForGiving: false },
  // An account from a server that does not know the flag (the legacy one) is not offered.
  toForm: (account) => ({ accountName: account.name, accountType: account.type, parentId: account.parentId, openForGiving: account.openForGiving ?? false }),
  texts: withShared({
    en: {
      edit: 'Edit Account',
      'column.parent': 'Parent',
      'field.accountType': 'Type',
      'field.parentId': 'Parent',
      'field.openForGiving': 'Open for giving',
      'hint.openForGiving': 'Offered on your giving page, where members give by M-Pesa Express.',
      'column.giving': 'Giving',
      rootAccount: 'Root Account',
      'type.CR': 'Income (CR)',
      'type.DR': 'Expense (DR)',
      'type.ROOT': 'Client Account',
    },
    es: {
      edit: 'Editar cuenta',
      'column.parent': 'Cuenta superior',
      'field.accountType': 'Tipo',
      'field.parentId': 'Cuenta superior',
      'field.openForGiving': 'Abierta a donaciones',
      'hint.openForGiving': 'Se ofrece en su página de donaciones, donde los miembros donan con M-Pesa Express.',
      'column.giving': 'Donaciones',
      rootAccount: 'Cuenta raíz',
      'type.CR': 'Ingresos (CR)',
      'type.DR': 'Gastos (DR)',
      'type.ROOT': 'Cuenta de cliente',
    },
    pt: {
      edit: 'Editar conta',
      'column.parent': 'Conta superior',
      'field.accountType': 'Tipo',
      'field.parentId': 'Conta superior',
      'field.openForGiving': 'Aberta a ofertas',
      'hint.openForGiving': 'Oferecida na sua página de ofertas, onde os membros contribuem com M-Pesa Express.',
      'column.giving': 'Ofertas',
      rootAccount: 'Conta raiz',
      'type.CR': 'Receitas (CR)',
      'type.DR': 'Despesas (DR)',
      'type.ROOT': 'Conta de cliente',
    },
    fr: {
      edit: 'Modifier le compte',
      'column.parent': 'Compte parent',
      'field.accountType': 'Type',
      'field.parentId': 'Compte parent',
      'field.openForGiving': 'Ouvert aux dons',
      'hint.openForGiving': 'Proposé sur votre page de dons, où les membres donnent par M-Pesa Express.',
      'column.giving': 'Dons',
      rootAccount: 'Compte racine',
      'type.CR': 'Recettes (CR)',
      'type.DR': 'Dépenses (DR)',
      'type.ROOT': 'Compte client',
    },
    sw: {
      edit: 'Hariri Akaunti',
      'column.parent': 'Akaunti mama',
      'field.accountType': 'Aina',
      'field.parentId': 'Akaunti mama',
      'field.openForGiving': 'Wazi kwa michango',
      'hint.openForGiving': 'Inaonyeshwa kwenye ukurasa wenu wa michango, ambapo washiriki hutoa kwa M-Pesa Express.',
      'column.giving': 'Michango',
      rootAccount: 'Akaunti Kuu',
      'type.CR': 'Mapato (CR)',
      'type.DR': 'Matumizi (DR)',
      'type.ROOT': 'Akaunti ya Mteja',
    },
  }),
  messages: {
    en: {
      'New Account saved successfully!': 'New Account saved successfully!',
      'Account Name is required': 'Account Name is required',
      'Account Type is required': 'Account Type is required',
      'Type must be at least 2 characters': 'Type must be at least 2 characters',
      'Type must be CR (income), DR (expense) or ROOT (client account)': 'Type must be CR (income), DR (expense) or ROOT (client account)',
      'parentId is required': 'parentId is required',
      'Account not found': 'Account not found',
      'An account with this name already exists': 'An account with this name already exists',
      'Choose a parent account from the list': 'Choose a parent account from the list',
      'An account cannot be placed under itself or one of its own sub-accounts': 'An account cannot be placed under itself or one of its own sub-accounts',
      'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.':
        'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.',
    },
    es: {
      'New Account saved successfully!': '¡Nueva cuenta guardada correctamente!',
      'Account Name is required': 'El nombre de la cuenta es obligatorio',
      'Account Type is required': 'El tipo de cuenta es obligatorio',
      'Type must be at least 2 characters': 'El tipo debe tener al menos 2 caracteres',
      'Type must be CR (income), DR (expense) or ROOT (client account)': 'El tipo debe ser CR (ingresos), DR (gastos) o ROOT (cuenta de cliente)',
      'parentId is required': 'La cuenta superior es obligatoria',
      'Account not found': 'Cuenta no encontrada',
      'An account with this name already exists': 'Ya existe una cuenta con este nombre',
      'Choose a parent account from the list': 'Elija una cuenta superior de la lista',
      'An account cannot be placed under itself or one of its own sub-accounts': 'Una cuenta no puede colocarse bajo sí misma ni bajo una de sus subcuentas',
      'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.':
        'Esta cuenta tiene ingresos, gastos o reglas de M-Pesa registrados, así que su tipo no puede cambiar. Cree una cuenta nueva.',
    },
    pt: {
      'New Account saved successfully!': 'Nova conta guardada com sucesso!',
      'Account Name is required': 'O nome da conta é obrigatório',
      'Account Type is required': 'O tipo de conta é obrigatório',
      'Type must be at least 2 characters': 'O tipo deve ter pelo menos 2 caracteres',
      'Type must be CR (income), DR (expense) or ROOT (client account)': 'O tipo deve ser CR (receitas), DR (despesas) ou ROOT (conta de cliente)',
      'parentId is required': 'A conta superior é obrigatória',
      'Account not found': 'Conta não encontrada',
      'An account with this name already exists': 'Já existe uma conta com este nome',
      'Choose a parent account from the list': 'Escolha uma conta superior da lista',
      'An account cannot be placed under itself or one of its own sub-accounts': 'Uma conta não pode ficar sob si mesma nem sob uma das suas subcontas',
      'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.':
        'Esta conta tem receitas, despesas ou regras M-Pesa registadas, por isso o seu tipo não pode mudar. Crie uma conta nova.',
    },
    fr: {
      'New Account saved successfully!': 'Nouveau compte enregistré avec succès !',
      'Account Name is required': 'Le nom du compte est obligatoire',
      'Account Type is required': 'Le type de compte est obligatoire',
      'Type must be at least 2 characters': 'Le type doit comporter au moins 2 caractères',
      'Type must be CR (income), DR (expense) or ROOT (client account)': 'Le type doit être CR (recettes), DR (dépenses) ou ROOT (compte client)',
      'parentId is required': 'Le compte parent est obligatoire',
      'Account not found': 'Compte introuvable',
      'An account with this name already exists': 'Un compte portant ce nom existe déjà',
      'Choose a parent account from the list': 'Choisissez un compte parent dans la liste',
      'An account cannot be placed under itself or one of its own sub-accounts': "Un compte ne peut pas être placé sous lui-même ni sous l'un de ses sous-comptes",
      'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.':
        'Ce compte a des recettes, des dépenses ou des règles M-Pesa enregistrées : son type ne peut pas changer. Créez plutôt un nouveau compte.',
    },
    sw: {
      'New Account saved successfully!': 'Akaunti mpya imehifadhiwa!',
      'Account Name is required': 'Jina la Akaunti linahitajika',
      'Account Type is required': 'Aina ya Akaunti inahitajika',
      'Type must be at least 2 characters': 'Aina lazima iwe na angalau herufi 2',
      'Type must be CR (income), DR (expense) or ROOT (client account)': 'Aina lazima iwe CR (mapato), DR (matumizi) au ROOT (akaunti ya mteja)',
      'parentId is required': 'Akaunti mama inahitajika',
      'Account not found': 'Akaunti haikupatikana',
      'An account with this name already exists': 'Tayari kuna akaunti yenye jina hili',
      'Choose a parent account from the list': 'Chagua akaunti mama kwenye orodha',
      'An account cannot be placed under itself or one of its own sub-accounts': 'Akaunti haiwezi kuwekwa chini yake yenyewe wala chini ya akaunti zake ndogo',
      'This account has income, expenses or M-Pesa rules recorded on it, so its type cannot change. Create a new account instead.':
        'Akaunti hii ina mapato, matumizi au sheria za M-Pesa zilizorekodiwa, kwa hivyo aina yake haiwezi kubadilika. Fungua akaunti mpya badala yake.',
    },
  },
});

/**
 * /etracker/accounts 'Accounts' (spec 2.10): the etracker product's client accounts (ROOT) only, listed by
 * `GET /account?type=ROOT`; /etracker/accounts/new asks the name only, its type ROOT and parent 0 fixed.
 */
export const clientAccounts = defineResource({
  name: 'clientAccounts',
  endpoint: accountsEndpoint,
  listParams: { type: 'ROOT' },
  schema: validationSchema('accountSchema'),
  // Sent as the spec's hidden fields.
  defaults: { accountType: 'ROOT', parentId: ROOT_PARENT_ID },
  parent: 'menu.finance',
  routes: { list: CLIENT_ACCOUNTS_PATH, new: `${CLIENT_ACCOUNTS_PATH}/new` },
  permissions: { read: 'finance.record', write: 'finance.manage' },
  columns: [{ key: 'name' }, typeColumn, organisationColumn],
  fields: [{ name: 'accountName' }],
  texts: withShared({ en: {}, es: {}, pt: {}, fr: {}, sw: {} }),
});
