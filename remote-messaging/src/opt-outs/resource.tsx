import { DeleteOutlined } from '@ant-design/icons';
import { smsOptOutsEndpoint, type SmsOptOut } from '@ushirika/shared/contract';
import { ActionButton, dateAddedColumn, defineResource, ResourceListPage, useResourceAccess, validationSchema } from '@ushirika/shared/ui';
import { Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { removeOptOut } from '../api';
import { NEW_OPT_OUT_PATH, OPT_OUTS_PATH } from '../paths';

/** Who put the number on the list: staff here, a STOP reply, or the gateway's blacklist. */
const SourceText = ({ source }: { source: SmsOptOut['source'] }) => <FormattedMessage id={`optOuts.source.${source}`} />;

/** 'Remove': after a confirmation, DELETE /smsoptouts/{id}; the number gets messages again. */
const RemoveButton = ({ optOut }: { optOut: SmsOptOut }) => (
  <ActionButton
    link
    danger
    icon={<DeleteOutlined aria-hidden />}
    labelId="optOuts.remove.button"
    confirm={{ title: 'optOuts.remove.title', text: 'optOuts.remove.text', okText: 'optOuts.remove.ok' }}
    run={() => removeOptOut(optOut.id)}
    refreshPath={smsOptOutsEndpoint.path}
  />
);

/**
 * Opted-out numbers (ours, issue 8): /messaging/optouts lists the numbers that get no messages (a send skips
 * them and charges nothing), 'Add Number' adds one, 'Remove' takes one off. Never edited: no edit screen.
 */
export const optOuts = defineResource({
  name: 'optOuts',
  endpoint: smsOptOutsEndpoint,
  schema: validationSchema('optOutSchema'),
  parent: 'menu.messaging',
  routes: { list: OPT_OUTS_PATH, new: NEW_OPT_OUT_PATH },
  permissions: { read: 'messaging.read', write: 'messaging.send' },
  columns: [
    { key: 'phone' },
    { key: 'contact', render: (contact: string | null) => contact ?? <Typography.Text type="secondary">—</Typography.Text> },
    { key: 'source', render: (source: SmsOptOut['source']) => <SourceText source={source} /> },
    dateAddedColumn,
  ],
  fields: [{ name: 'phone', kind: 'tel' }],
  texts: {
    en: {
      title: 'Opted-out Numbers',
      add: 'Add Number',
      new: 'Add Number',
      'column.phone': 'Number',
      'column.contact': 'Contact',
      'column.source': 'Source',
      'field.phone': 'Phone number',
      'source.staff': 'Staff',
      'source.reply': 'STOP reply',
      'source.gateway': 'Gateway',
      'remove.button': 'Remove',
      'remove.title': 'Remove this number from the opted-out list?',
      'remove.text': 'It will get messages again.',
      'remove.ok': 'Yes!',
    },
    es: {
      title: 'Números excluidos',
      add: 'Añadir número',
      new: 'Añadir número',
      'column.phone': 'Número',
      'column.contact': 'Contacto',
      'column.source': 'Origen',
      'field.phone': 'Número de teléfono',
      'source.staff': 'Personal',
      'source.reply': 'Respuesta STOP',
      'source.gateway': 'Pasarela',
      'remove.button': 'Quitar',
      'remove.title': '¿Quitar este número de la lista de excluidos?',
      'remove.text': 'Volverá a recibir mensajes.',
      'remove.ok': '¡Sí!',
    },
    pt: {
      title: 'Números excluídos',
      add: 'Adicionar número',
      new: 'Adicionar número',
      'column.phone': 'Número',
      'column.contact': 'Contacto',
      'column.source': 'Origem',
      'field.phone': 'Número de telefone',
      'source.staff': 'Equipa',
      'source.reply': 'Resposta STOP',
      'source.gateway': 'Gateway',
      'remove.button': 'Remover',
      'remove.title': 'Remover este número da lista de excluídos?',
      'remove.text': 'Voltará a receber mensagens.',
      'remove.ok': 'Sim!',
    },
    fr: {
      title: 'Numéros désinscrits',
      add: 'Ajouter un numéro',
      new: 'Ajouter un numéro',
      'column.phone': 'Numéro',
      'column.contact': 'Contact',
      'column.source': 'Origine',
      'field.phone': 'Numéro de téléphone',
      'source.staff': 'Personnel',
      'source.reply': 'Réponse STOP',
      'source.gateway': 'Passerelle',
      'remove.button': 'Retirer',
      'remove.title': 'Retirer ce numéro de la liste des désinscrits ?',
      'remove.text': 'Il recevra de nouveau des messages.',
      'remove.ok': 'Oui !',
    },
    sw: {
      title: 'Namba Zilizojiondoa',
      add: 'Ongeza Namba',
      new: 'Ongeza Namba',
      'column.phone': 'Namba',
      'column.contact': 'Mwasiliani',
      'column.source': 'Chanzo',
      'field.phone': 'Namba ya simu',
      'source.staff': 'Mfanyakazi',
      'source.reply': 'Jibu la STOP',
      'source.gateway': 'Lango',
      'remove.button': 'Ondoa',
      'remove.title': 'Uondoe namba hii kwenye orodha ya waliojiondoa?',
      'remove.text': 'Itapokea ujumbe tena.',
      'remove.ok': 'Ndiyo!',
    },
  },
  messages: {
    en: {
      'The number will get no more messages': 'The number will get no more messages',
      'The number will get messages again': 'The number will get messages again',
      'This number has already opted out': 'This number has already opted out',
      'Opted-out number not found': 'Opted-out number not found',
    },
    es: {
      'The number will get no more messages': 'El número no recibirá más mensajes',
      'The number will get messages again': 'El número volverá a recibir mensajes',
      'This number has already opted out': 'Este número ya está excluido',
      'Opted-out number not found': 'Número excluido no encontrado',
    },
    pt: {
      'The number will get no more messages': 'O número não receberá mais mensagens',
      'The number will get messages again': 'O número voltará a receber mensagens',
      'This number has already opted out': 'Este número já está excluído',
      'Opted-out number not found': 'Número excluído não encontrado',
    },
    fr: {
      'The number will get no more messages': 'Le numéro ne recevra plus de messages',
      'The number will get messages again': 'Le numéro recevra de nouveau des messages',
      'This number has already opted out': 'Ce numéro est déjà désinscrit',
      'Opted-out number not found': 'Numéro désinscrit introuvable',
    },
    sw: {
      'The number will get no more messages': 'Namba haitapokea ujumbe tena',
      'The number will get messages again': 'Namba itapokea ujumbe tena',
      'This number has already opted out': 'Namba hii tayari imejiondoa',
      'Opted-out number not found': 'Namba iliyojiondoa haikupatikana',
    },
  },
});

/** The list with 'Remove' on each number, for those who may opt numbers out and in. */
export function OptOutsPage() {
  const { write } = useResourceAccess(optOuts);
  return <ResourceListPage resource={optOuts} actions={write ? (optOut) => <RemoveButton optOut={optOut} /> : undefined} />;
}
