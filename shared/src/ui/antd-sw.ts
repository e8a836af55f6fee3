import enGB from 'antd/es/locale/en_GB';
import type { Locale as AntLocale } from 'antd/es/locale';

/**
 * antd's own texts in Kiswahili (antd ships no Swahili locale): what our screens can show, i.e. the dialogs'
 * buttons, the table's empty text, sorting and selection, the upload list, "(optional)" and the empty state.
 * The rest (date pickers, calendars, transfer lists, which no screen uses) stays English. `locale: 'sw'` makes
 * antd format with Swahili rules where it formats at all.
 */
export const swKE: AntLocale = {
  ...enGB,
  locale: 'sw',
  global: { ...enGB.global, placeholder: 'Tafadhali chagua', close: 'Funga', sortable: 'inapangika', show: 'Onyesha', hide: 'Ficha' },
  Table: {
    ...enGB.Table,
    filterTitle: 'Menyu ya kuchuja',
    filterConfirm: 'Sawa',
    filterReset: 'Weka upya',
    filterEmptyText: 'Hakuna vichujio',
    emptyText: 'Hakuna data',
    selectAll: 'Chagua ukurasa huu',
    selectInvert: 'Geuza uteuzi wa ukurasa huu',
    selectNone: 'Ondoa uteuzi wote',
    selectionAll: 'Chagua data yote',
    sortTitle: 'Panga',
    expand: 'Panua safu',
    collapse: 'Kunja safu',
    triggerDesc: 'Bofya kupanga kushuka',
    triggerAsc: 'Bofya kupanga kupanda',
    cancelSort: 'Bofya kuacha kupanga',
  },
  Modal: { okText: 'Sawa', cancelText: 'Ghairi', justOkText: 'Sawa' },
  Popconfirm: { okText: 'Sawa', cancelText: 'Ghairi' },
  Upload: { uploading: 'Inapakia...', removeFile: 'Ondoa faili', uploadError: 'Hitilafu ya kupakia', previewFile: 'Hakiki faili', downloadFile: 'Pakua faili' },
  Empty: { description: 'Hakuna data' },
  Text: { edit: 'Hariri', copy: 'Nakili', copied: 'Imenakiliwa', expand: 'Panua', collapse: 'Kunja' },
  Form: { defaultValidateMessages: {}, ...enGB.Form, optional: '(si lazima)' },
};
