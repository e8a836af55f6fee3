import { DeleteOutlined } from '@ant-design/icons';
import { billRefRulesEndpoint, type BillRefRule } from '@ushirika/shared/contract';
import { ActionButton, dateAddedColumn, defineResource, ResourceListPage, useResourceAccess, validationSchema } from '@ushirika/shared/ui';
import { accountChoices } from '../accounts/resource';
import { RULES_PATH } from '../paths';
import { deleteRule } from './api';

/**
 * BillRefNumber rules (ours, issue 9), reached from the Mpesa screen: a payment whose account reference (what
 * the payer typed as 'account', e.g. TITHE) matches a rule, case and spaces ignored, is allocated to the rule's
 * income account as it arrives; the rest wait for a person.
 */
export const billRefRules = defineResource({
  name: 'billRefRules',
  endpoint: billRefRulesEndpoint,
  schema: validationSchema('billRefRuleSchema'),
  parent: 'menu.finance',
  routes: { list: RULES_PATH, new: `${RULES_PATH}/new`, edit: `${RULES_PATH}/edit` },
  permissions: { read: 'finance.manage', write: 'finance.manage' },
  columns: [{ key: 'billRef' }, { key: 'account', dataIndex: ['Account', 'name'] }, dateAddedColumn],
  fields: [
    { name: 'billRef', hint: true },
    { name: 'account', kind: 'select', choices: accountChoices('income') },
  ],
  toForm: (rule: BillRefRule) => ({ billRef: rule.billRef, account: rule.AccountId }),
  texts: {
    en: {
      title: 'Account references',
      add: 'New Rule',
      new: 'New Rule',
      edit: 'Edit Rule',
      'column.billRef': 'Account reference',
      'column.account': 'Account',
      'field.billRef': 'Account reference',
      'hint.billRef': "What payers type as 'Account' when they pay the paybill, e.g. TITHE. Capitals and spaces do not matter.",
      'field.account': 'Account',
      'delete.button': 'Delete',
      'delete.title': 'Delete this rule?',
      'delete.text': 'Payments with this account reference will wait for a person to allocate them.',
      'delete.ok': 'Yes!',
    },
    es: {
      title: 'Referencias de cuenta',
      add: 'Nueva regla',
      new: 'Nueva regla',
      edit: 'Editar regla',
      'column.billRef': 'Referencia de cuenta',
      'column.account': 'Cuenta',
      'field.billRef': 'Referencia de cuenta',
      'hint.billRef': "Lo que los pagadores escriben como 'Account' al pagar al paybill, p. ej. TITHE. Las mayúsculas y los espacios no importan.",
      'field.account': 'Cuenta',
      'delete.button': 'Eliminar',
      'delete.title': '¿Eliminar esta regla?',
      'delete.text': 'Los pagos con esta referencia de cuenta esperarán a que una persona los asigne.',
      'delete.ok': '¡Sí!',
    },
    pt: {
      title: 'Referências de conta',
      add: 'Nova regra',
      new: 'Nova regra',
      edit: 'Editar regra',
      'column.billRef': 'Referência de conta',
      'column.account': 'Conta',
      'field.billRef': 'Referência de conta',
      'hint.billRef': "O que os pagadores escrevem como 'Account' ao pagar ao paybill, p. ex. TITHE. Maiúsculas e espaços não contam.",
      'field.account': 'Conta',
      'delete.button': 'Eliminar',
      'delete.title': 'Eliminar esta regra?',
      'delete.text': 'Os pagamentos com esta referência de conta esperarão que uma pessoa os atribua.',
      'delete.ok': 'Sim!',
    },
    fr: {
      title: 'Références de compte',
      add: 'Nouvelle règle',
      new: 'Nouvelle règle',
      edit: 'Modifier la règle',
      'column.billRef': 'Référence de compte',
      'column.account': 'Compte',
      'field.billRef': 'Référence de compte',
      'hint.billRef': 'Ce que les payeurs saisissent comme « Account » en payant le paybill, p. ex. TITHE. Majuscules et espaces ne comptent pas.',
      'field.account': 'Compte',
      'delete.button': 'Supprimer',
      'delete.title': 'Supprimer cette règle ?',
      'delete.text': "Les paiements portant cette référence de compte attendront qu'une personne les affecte.",
      'delete.ok': 'Oui !',
    },
    sw: {
      title: 'Marejeo ya akaunti',
      add: 'Kanuni Mpya',
      new: 'Kanuni Mpya',
      edit: 'Hariri Kanuni',
      'column.billRef': 'Rejeo la akaunti',
      'column.account': 'Akaunti',
      'field.billRef': 'Rejeo la akaunti',
      'hint.billRef': "Kile ambacho walipaji huandika kama 'Account' wanapolipa kwa paybill, k.m. TITHE. Herufi kubwa na nafasi hazijalishi.",
      'field.account': 'Akaunti',
      'delete.button': 'Futa',
      'delete.title': 'Ufute kanuni hii?',
      'delete.text': 'Malipo yenye rejeo hili la akaunti yatasubiri mtu ayagawe.',
      'delete.ok': 'Ndiyo!',
    },
  },
  messages: {
    en: {
      'Payments with this account reference will be allocated automatically': 'Payments with this account reference will be allocated automatically',
      'Account reference is required': 'Account reference is required',
      'Account reference must be at most 40 characters': 'Account reference must be at most 40 characters',
      'There is already a rule for this account reference': 'There is already a rule for this account reference',
      'Rule not found': 'Rule not found',
      'Rule deleted': 'Rule deleted',
    },
    es: {
      'Payments with this account reference will be allocated automatically': 'Los pagos con esta referencia de cuenta se asignarán automáticamente',
      'Account reference is required': 'La referencia de cuenta es obligatoria',
      'Account reference must be at most 40 characters': 'La referencia de cuenta debe tener como máximo 40 caracteres',
      'There is already a rule for this account reference': 'Ya hay una regla para esta referencia de cuenta',
      'Rule not found': 'Regla no encontrada',
      'Rule deleted': 'Regla eliminada',
    },
    pt: {
      'Payments with this account reference will be allocated automatically': 'Os pagamentos com esta referência de conta serão atribuídos automaticamente',
      'Account reference is required': 'A referência de conta é obrigatória',
      'Account reference must be at most 40 characters': 'A referência de conta deve ter no máximo 40 caracteres',
      'There is already a rule for this account reference': 'Já existe uma regra para esta referência de conta',
      'Rule not found': 'Regra não encontrada',
      'Rule deleted': 'Regra eliminada',
    },
    fr: {
      'Payments with this account reference will be allocated automatically': 'Les paiements portant cette référence de compte seront affectés automatiquement',
      'Account reference is required': 'La référence de compte est obligatoire',
      'Account reference must be at most 40 characters': 'La référence de compte doit comporter au plus 40 caractères',
      'There is already a rule for this account reference': 'Il existe déjà une règle pour cette référence de compte',
      'Rule not found': 'Règle introuvable',
      'Rule deleted': 'Règle supprimée',
    },
    sw: {
      'Payments with this account reference will be allocated automatically': 'Malipo yenye rejeo hili la akaunti yatagawiwa yenyewe',
      'Account reference is required': 'Rejeo la akaunti linahitajika',
      'Account reference must be at most 40 characters': 'Rejeo la akaunti lisizidi herufi 40',
      'There is already a rule for this account reference': 'Tayari kuna kanuni ya rejeo hili la akaunti',
      'Rule not found': 'Kanuni haikupatikana',
      'Rule deleted': 'Kanuni imefutwa',
    },
  },
});

/** 'Delete': after a confirmation, DELETE /mpesarules/{id}; payments already allocated keep their account. */
const DeleteButton = ({ rule }: { rule: BillRefRule }) => (
  <ActionButton
    link
    danger
    icon={<DeleteOutlined aria-hidden />}
    labelId="billRefRules.delete.button"
    confirm={{ title: 'billRefRules.delete.title', text: 'billRefRules.delete.text', okText: 'billRefRules.delete.ok' }}
    run={() => deleteRule(rule.id)}
    refreshPath={billRefRulesEndpoint.path}
  />
);

/** The rules with 'Delete' on each, for those who may change them. */
export function RulesPage() {
  const { write } = useResourceAccess(billRefRules);
  return <ResourceListPage resource={billRefRules} actions={write ? (rule) => <DeleteButton rule={rule} /> : undefined} />;
}
