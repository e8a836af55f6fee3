import { CAMPAIGN_STATUSES, type Campaign } from '@ushirika/shared/contract';
import { defineResource, validationSchema } from '@ushirika/shared/ui';
import { Tag } from 'antd';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { accountChoices } from '../accounts/resource';
import { campaignsEndpoint } from './api';
import { CampaignProgress } from './CampaignProgress';
import { CAMPAIGN_EDIT_PATH, CAMPAIGN_NEW_PATH, campaignScreenPath, CAMPAIGNS_SCREEN_PATH } from './paths';

/** A campaign's status as a tag: open (green) or closed. */
export function StatusTag({ status }: { status: Campaign['status'] }) {
  return (
    <Tag color={status === 'open' ? 'green' : undefined}>
      <FormattedMessage id={`campaigns.status.${status}`} />
    </Tag>
  );
}

const statusChoices = CAMPAIGN_STATUSES.map((status) => ({ value: status, label: `campaigns.status.${status}` }));

const fields = [
  { name: 'name' },
  { name: 'target', kind: 'money' as const },
  { name: 'startDate', kind: 'date' as const },
  { name: 'endDate', kind: 'date' as const },
  { name: 'account', kind: 'select' as const, choices: accountChoices('income') },
  { name: 'code', hint: true },
];

/**
 * Finance → Campaigns (issue 30): harambee campaigns, each with a target, dates, the income account its money goes
 * to and an optional M-Pesa account code. The list and its filter are CampaignsPage's; the new and edit forms the
 * kit's, with this description (the edit form adds the status). A campaign's own screen is CampaignPage.
 */
export const campaigns = defineResource({
  name: 'campaigns',
  endpoint: campaignsEndpoint,
  schema: validationSchema('campaignSchema'),
  parent: 'menu.finance',
  routes: { list: CAMPAIGNS_SCREEN_PATH, new: CAMPAIGN_NEW_PATH, edit: CAMPAIGN_EDIT_PATH },
  permissions: { read: 'finance.record', write: 'finance.manage', export: 'finance.reports' },
  // The start date starts at today (the kit's default for a required date); the end date is the user's to choose.
  defaults: { endDate: '', code: '' },
  cardTitle: 'name',
  columns: [
    { key: 'name', render: (name: string, campaign: Campaign) => <Link to={campaignScreenPath(campaign.id)}>{name}</Link> },
    { key: 'target', render: 'money' },
    { key: 'pledged', render: 'money' },
    { key: 'paid', render: 'money' },
    { key: 'balance', render: 'money' },
    { key: 'progress', dataIndex: 'paid', render: (_: string, campaign: Campaign) => <CampaignProgress paid={campaign.paid} target={campaign.target} /> },
    { key: 'startDate', render: 'date', card: false },
    { key: 'endDate', render: 'date' },
    { key: 'status', render: (status: Campaign['status']) => <StatusTag status={status} /> },
  ],
  fields,
  edit: { fields: [...fields, { name: 'status', kind: 'select', choices: statusChoices }] },
  toForm: (campaign) => ({
    name: campaign.name,
    target: campaign.target,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    account: campaign.AccountId,
    code: campaign.code ?? '',
    status: campaign.status,
  }),
  texts: {
    en: {
      title: 'Campaigns',
      add: 'New campaign',
      new: 'New campaign',
      edit: 'Edit campaign',
      'field.name': 'Name',
      'field.target': 'Target',
      'field.startDate': 'Start date',
      'field.endDate': 'End date',
      'field.account': 'Account',
      'field.code': 'M-Pesa code',
      'hint.code': 'The account number payers type on the paybill (e.g. JENGO): their payments count toward this campaign. Leave it empty for none.',
      'field.status': 'Status',
      'column.name': 'Name',
      'column.target': 'Target',
      'column.pledged': 'Pledged',
      'column.paid': 'Paid',
      'column.balance': 'Balance',
      'column.progress': 'Progress',
      'column.startDate': 'Start date',
      'column.endDate': 'End date',
      'column.status': 'Status',
      'status.open': 'Open',
      'status.closed': 'Closed',
    },
    sw: {
      title: 'Kampeni',
      add: 'Kampeni mpya',
      new: 'Kampeni mpya',
      edit: 'Hariri kampeni',
      'field.name': 'Jina',
      'field.target': 'Lengo',
      'field.startDate': 'Tarehe ya kuanza',
      'field.endDate': 'Tarehe ya mwisho',
      'field.account': 'Akaunti',
      'field.code': 'Msimbo wa M-Pesa',
      'hint.code': 'Namba ya akaunti wanayoandika walipaji kwenye paybill (mfano JENGO): malipo yao yanahesabiwa kwa kampeni hii. Acha wazi kama hakuna.',
      'field.status': 'Hali',
      'column.name': 'Jina',
      'column.target': 'Lengo',
      'column.pledged': 'Ahadi',
      'column.paid': 'Kilicholipwa',
      'column.balance': 'Salio',
      'column.progress': 'Maendeleo',
      'column.startDate': 'Tarehe ya kuanza',
      'column.endDate': 'Tarehe ya mwisho',
      'column.status': 'Hali',
      'status.open': 'Wazi',
      'status.closed': 'Imefungwa',
    },
    fr: {
      title: 'Campagnes',
      add: 'Nouvelle campagne',
      new: 'Nouvelle campagne',
      edit: 'Modifier la campagne',
      'field.name': 'Nom',
      'field.target': 'Objectif',
      'field.startDate': 'Date de début',
      'field.endDate': 'Date de fin',
      'field.account': 'Compte',
      'field.code': 'Code M-Pesa',
      'hint.code': 'Le numéro de compte que les payeurs tapent sur le paybill (p. ex. JENGO) : leurs paiements comptent pour cette campagne. Laissez vide pour aucun.',
      'field.status': 'Statut',
      'column.name': 'Nom',
      'column.target': 'Objectif',
      'column.pledged': 'Promis',
      'column.paid': 'Payé',
      'column.balance': 'Reste dû',
      'column.progress': 'Avancement',
      'column.startDate': 'Date de début',
      'column.endDate': 'Date de fin',
      'column.status': 'Statut',
      'status.open': 'Ouverte',
      'status.closed': 'Clôturée',
    },
    es: {
      title: 'Campañas',
      add: 'Nueva campaña',
      new: 'Nueva campaña',
      edit: 'Editar campaña',
      'field.name': 'Nombre',
      'field.target': 'Meta',
      'field.startDate': 'Fecha de inicio',
      'field.endDate': 'Fecha de fin',
      'field.account': 'Cuenta',
      'field.code': 'Código M-Pesa',
      'hint.code': 'El número de cuenta que los pagadores escriben en el paybill (p. ej. JENGO): sus pagos cuentan para esta campaña. Déjelo vacío si no hay.',
      'field.status': 'Estado',
      'column.name': 'Nombre',
      'column.target': 'Meta',
      'column.pledged': 'Prometido',
      'column.paid': 'Pagado',
      'column.balance': 'Saldo',
      'column.progress': 'Avance',
      'column.startDate': 'Fecha de inicio',
      'column.endDate': 'Fecha de fin',
      'column.status': 'Estado',
      'status.open': 'Abierta',
      'status.closed': 'Cerrada',
    },
    pt: {
      title: 'Campanhas',
      add: 'Nova campanha',
      new: 'Nova campanha',
      edit: 'Editar campanha',
      'field.name': 'Nome',
      'field.target': 'Meta',
      'field.startDate': 'Data de início',
      'field.endDate': 'Data de fim',
      'field.account': 'Conta',
      'field.code': 'Código M-Pesa',
      'hint.code': 'O número de conta que os pagadores escrevem no paybill (p. ex. JENGO): os seus pagamentos contam para esta campanha. Deixe vazio se não houver.',
      'field.status': 'Estado',
      'column.name': 'Nome',
      'column.target': 'Meta',
      'column.pledged': 'Prometido',
      'column.paid': 'Pago',
      'column.balance': 'Saldo',
      'column.progress': 'Progresso',
      'column.startDate': 'Data de início',
      'column.endDate': 'Data de fim',
      'column.status': 'Estado',
      'status.open': 'Aberta',
      'status.closed': 'Fechada',
    },
  },
});
