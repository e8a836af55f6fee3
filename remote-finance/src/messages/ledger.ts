/**
 * The ledger's texts (issue 26.3 corrections, 26.4 closed months), per language: semantic ids prefixed 'ledger.'
 * for labels, and the English text as id for what the server or a shared schema says (shown through
 * translateText). Merged into the area's catalogue by ./index.ts.
 */
type Catalogue = Record<string, string>;

const en: Catalogue = {
  'ledger.hideReversals': 'Hide reversals',
  'ledger.status.reversed': 'Reversed',
  'ledger.status.reversal': 'Reversal',
  'ledger.status.correction': 'Correction',
  'ledger.notice.reversed': 'This entry was reversed by entry {id}: its money can no longer be corrected or reversed. Its text can still be edited.',
  'ledger.notice.reversal': 'This entry reverses entry {id}: it cannot be corrected or reversed.',
  'ledger.notice.correction': 'This entry corrects entry {id}.',
  'ledger.notice.reason': 'Reason: {reason}',
  'ledger.field.reason': 'Reason for the change',
  'ledger.hint.reason.income':
    'The amount, account, date or payer changed: the income is not overwritten. It is reversed and recorded again with the new values, each with its own receipt number, and the reason is kept with both.',
  'ledger.hint.reason.expense':
    'The amount, account, date or payee changed: the expense is not overwritten. It is reversed and recorded again with the new values, and the reason is kept with both.',
  'ledger.reverse.title': 'Reverse',
  'ledger.reverse.text.income':
    'Cancels this income with a reversing entry and records nothing in its place: for money recorded twice or never received. An M-Pesa payment waits to be allocated again.',
  'ledger.reverse.text.expense': 'Cancels this expense with a reversing entry and records nothing in its place: for money recorded twice or never paid.',
  'ledger.reverse.button': 'Reverse…',
  'ledger.reverse.confirm': 'Reverse',
  'ledger.closedMonth': '{month} is closed: nothing dated in it can be recorded, corrected or reversed. An owner can reopen the month under Finance, Periods.',
  'ledger.periods.title': 'Periods',
  'ledger.periods.intro':
    'A closed month stays as it is: nothing dated in it can be recorded, corrected or reversed, so its statements never change. A treasurer closes a month once it has ended; an owner can reopen it, with a reason.',
  'ledger.periods.column.month': 'Month',
  'ledger.periods.column.status': 'Status',
  'ledger.periods.column.closed': 'Closed',
  'ledger.periods.column.reopened': 'Reopened',
  'ledger.periods.closed': 'Closed',
  'ledger.periods.open': 'Open',
  'ledger.periods.byAt': '{name}, {at}',
  'ledger.periods.close': 'Close',
  'ledger.periods.reopen': 'Reopen',
  'ledger.periods.closeTitle': 'Close {month}?',
  'ledger.periods.closeText': 'Nothing dated in this month can then be recorded, corrected or reversed, by anyone, until an owner reopens it.',
  'ledger.periods.reopenTitle': 'Reopen {month}',
  'ledger.periods.correctionSms': 'Send a correction SMS when an income is corrected',
  'ledger.periods.correctionSmsHint':
    'The payer of the new entry gets one SMS with the corrected amount and receipt number, charged in SMS units. The first receipt is never sent again.',
  // The server's and the shared schemas' texts.
  'The income was corrected: the old entry is reversed and the new one recorded': 'The income was corrected: the old entry is reversed and the new one recorded',
  'The expense was corrected: the old entry is reversed and the new one recorded': 'The expense was corrected: the old entry is reversed and the new one recorded',
  'The income was reversed': 'The income was reversed',
  'The expense was reversed': 'The expense was reversed',
  'Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one':
    'Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one',
  'Give a reason: changing the amount, account, date or payee corrects the expense with a reversing entry and a new one':
    'Give a reason: changing the amount, account, date or payee corrects the expense with a reversing entry and a new one',
  'This income has been reversed: it cannot be corrected or reversed again': 'This income has been reversed: it cannot be corrected or reversed again',
  'This expense has been reversed: it cannot be corrected or reversed again': 'This expense has been reversed: it cannot be corrected or reversed again',
  'This is a reversing entry: it cannot be corrected or reversed': 'This is a reversing entry: it cannot be corrected or reversed',
  "An M-Pesa income keeps its payment's amount and date: to change them, reverse the income and allocate the payment again":
    "An M-Pesa income keeps its payment's amount and date: to change them, reverse the income and allocate the payment again",
  'Give a reason for the reversal': 'Give a reason for the reversal',
  'Give a reason for reopening the month': 'Give a reason for reopening the month',
  'Reason must be at most 500 characters': 'Reason must be at most 500 characters',
  'The month is closed': 'The month is closed',
  'The month is reopened': 'The month is reopened',
  "A corrected income's payer now gets a correction SMS": "A corrected income's payer now gets a correction SMS",
  'Corrections no longer send an SMS': 'Corrections no longer send an SMS',
};

const sw: Catalogue = {
  'ledger.hideReversals': 'Ficha marejesho',
  'ledger.status.reversed': 'Imerejeshwa',
  'ledger.status.reversal': 'Marejesho',
  'ledger.status.correction': 'Marekebisho',
  'ledger.notice.reversed': 'Ingizo hili limerejeshwa na ingizo {id}: pesa zake haziwezi tena kurekebishwa wala kurejeshwa. Maandishi yake bado yanaweza kuhaririwa.',
  'ledger.notice.reversal': 'Ingizo hili linarejesha ingizo {id}: haliwezi kurekebishwa wala kurejeshwa.',
  'ledger.notice.correction': 'Ingizo hili linarekebisha ingizo {id}.',
  'ledger.notice.reason': 'Sababu: {reason}',
  'ledger.field.reason': 'Sababu ya mabadiliko',
  'ledger.hint.reason.income':
    'Kiasi, akaunti, tarehe au mlipaji vimebadilika: mapato hayafutwi. Yanarejeshwa na kurekodiwa upya kwa thamani mpya, kila moja na namba yake ya risiti, na sababu inahifadhiwa pamoja na yote mawili.',
  'ledger.hint.reason.expense':
    'Kiasi, akaunti, tarehe au mlipwaji vimebadilika: matumizi hayafutwi. Yanarejeshwa na kurekodiwa upya kwa thamani mpya, na sababu inahifadhiwa pamoja na yote mawili.',
  'ledger.reverse.title': 'Rejesha',
  'ledger.reverse.text.income':
    'Hufuta mapato haya kwa ingizo la marejesho bila kurekodi kitu mahali pake: kwa pesa zilizorekodiwa mara mbili au ambazo hazikupokelewa. Malipo ya M-Pesa yanasubiri kugawiwa tena.',
  'ledger.reverse.text.expense': 'Hufuta matumizi haya kwa ingizo la marejesho bila kurekodi kitu mahali pake: kwa pesa zilizorekodiwa mara mbili au ambazo hazikulipwa.',
  'ledger.reverse.button': 'Rejesha…',
  'ledger.reverse.confirm': 'Rejesha',
  'ledger.closedMonth':
    '{month} umefungwa: hakuna kilicho na tarehe ndani yake kinachoweza kurekodiwa, kurekebishwa wala kurejeshwa. Mmiliki anaweza kuufungua tena katika Fedha, Vipindi.',
  'ledger.periods.title': 'Vipindi',
  'ledger.periods.intro':
    'Mwezi uliofungwa hubaki kama ulivyo: hakuna kilicho na tarehe ndani yake kinachoweza kurekodiwa, kurekebishwa wala kurejeshwa, hivyo taarifa zake hazibadiliki. Mweka hazina hufunga mwezi ukishaisha; mmiliki anaweza kuufungua tena, kwa sababu.',
  'ledger.periods.column.month': 'Mwezi',
  'ledger.periods.column.status': 'Hali',
  'ledger.periods.column.closed': 'Ulifungwa',
  'ledger.periods.column.reopened': 'Ulifunguliwa tena',
  'ledger.periods.closed': 'Umefungwa',
  'ledger.periods.open': 'Wazi',
  'ledger.periods.byAt': '{name}, {at}',
  'ledger.periods.close': 'Funga',
  'ledger.periods.reopen': 'Fungua tena',
  'ledger.periods.closeTitle': 'Funga {month}?',
  'ledger.periods.closeText':
    'Baada ya hapo hakuna kilicho na tarehe ya mwezi huu kitakachoweza kurekodiwa, kurekebishwa wala kurejeshwa na mtu yeyote, hadi mmiliki aufungue tena.',
  'ledger.periods.reopenTitle': 'Fungua tena {month}',
  'ledger.periods.correctionSms': 'Tuma SMS ya marekebisho mapato yanaporekebishwa',
  'ledger.periods.correctionSmsHint':
    'Mlipaji wa ingizo jipya anapata SMS moja yenye kiasi kilichorekebishwa na namba ya risiti, inayotozwa vipimo vya SMS. Risiti ya kwanza haitumwi tena.',
  'The income was corrected: the old entry is reversed and the new one recorded': 'Mapato yamerekebishwa: ingizo la zamani limerejeshwa na jipya limerekodiwa',
  'The expense was corrected: the old entry is reversed and the new one recorded': 'Matumizi yamerekebishwa: ingizo la zamani limerejeshwa na jipya limerekodiwa',
  'The income was reversed': 'Mapato yamerejeshwa',
  'The expense was reversed': 'Matumizi yamerejeshwa',
  'Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one':
    'Toa sababu: kubadilisha kiasi, akaunti, tarehe au mlipaji hurekebisha mapato kwa ingizo la marejesho na ingizo jipya',
  'Give a reason: changing the amount, account, date or payee corrects the expense with a reversing entry and a new one':
    'Toa sababu: kubadilisha kiasi, akaunti, tarehe au mlipwaji hurekebisha matumizi kwa ingizo la marejesho na ingizo jipya',
  'This income has been reversed: it cannot be corrected or reversed again': 'Mapato haya yamerejeshwa: hayawezi kurekebishwa wala kurejeshwa tena',
  'This expense has been reversed: it cannot be corrected or reversed again': 'Matumizi haya yamerejeshwa: hayawezi kurekebishwa wala kurejeshwa tena',
  'This is a reversing entry: it cannot be corrected or reversed': 'Hili ni ingizo la marejesho: haliwezi kurekebishwa wala kurejeshwa',
  "An M-Pesa income keeps its payment's amount and date: to change them, reverse the income and allocate the payment again":
    'Mapato ya M-Pesa hubaki na kiasi na tarehe ya malipo yake: ili kuvibadilisha, rejesha mapato na ugawe malipo upya',
  'Give a reason for the reversal': 'Toa sababu ya marejesho',
  'Give a reason for reopening the month': 'Toa sababu ya kufungua mwezi tena',
  'Reason must be at most 500 characters': 'Sababu isizidi herufi 500',
  'The month is closed': 'Mwezi umefungwa',
  'The month is reopened': 'Mwezi umefunguliwa tena',
  "A corrected income's payer now gets a correction SMS": 'Mlipaji wa mapato yaliyorekebishwa sasa anapata SMS ya marekebisho',
  'Corrections no longer send an SMS': 'Marekebisho hayatumi tena SMS',
};

const fr: Catalogue = {
  'ledger.hideReversals': 'Masquer les contre-passations',
  'ledger.status.reversed': 'Contre-passée',
  'ledger.status.reversal': 'Contre-passation',
  'ledger.status.correction': 'Correction',
  'ledger.notice.reversed':
    'Cette écriture a été contre-passée par l’écriture {id} : son montant ne peut plus être corrigé ni contre-passé. Son texte peut encore être modifié.',
  'ledger.notice.reversal': 'Cette écriture contre-passe l’écriture {id} : elle ne peut être ni corrigée ni contre-passée.',
  'ledger.notice.correction': 'Cette écriture corrige l’écriture {id}.',
  'ledger.notice.reason': 'Motif : {reason}',
  'ledger.field.reason': 'Motif de la modification',
  'ledger.hint.reason.income':
    'Le montant, le compte, la date ou le payeur a changé : la recette n’est pas écrasée. Elle est contre-passée puis enregistrée à nouveau avec les nouvelles valeurs, chacune avec son propre numéro de reçu, et le motif est conservé avec les deux.',
  'ledger.hint.reason.expense':
    'Le montant, le compte, la date ou le bénéficiaire a changé : la dépense n’est pas écrasée. Elle est contre-passée puis enregistrée à nouveau avec les nouvelles valeurs, et le motif est conservé avec les deux.',
  'ledger.reverse.title': 'Contre-passer',
  'ledger.reverse.text.income':
    'Annule cette recette par une écriture de contre-passation sans rien enregistrer à sa place : pour de l’argent saisi deux fois ou jamais reçu. Un paiement M-Pesa attend alors d’être affecté à nouveau.',
  'ledger.reverse.text.expense':
    'Annule cette dépense par une écriture de contre-passation sans rien enregistrer à sa place : pour de l’argent saisi deux fois ou jamais payé.',
  'ledger.reverse.button': 'Contre-passer…',
  'ledger.reverse.confirm': 'Contre-passer',
  'ledger.closedMonth':
    '{month} est clôturé : rien de daté de ce mois ne peut être enregistré, corrigé ni contre-passé. Un propriétaire peut rouvrir le mois dans Finances, Périodes.',
  'ledger.periods.title': 'Périodes',
  'ledger.periods.intro':
    'Un mois clôturé reste tel quel : rien de daté de ce mois ne peut être enregistré, corrigé ni contre-passé, ses relevés ne changent donc jamais. Un trésorier clôture un mois une fois terminé ; un propriétaire peut le rouvrir, avec un motif.',
  'ledger.periods.column.month': 'Mois',
  'ledger.periods.column.status': 'Statut',
  'ledger.periods.column.closed': 'Clôturé',
  'ledger.periods.column.reopened': 'Rouvert',
  'ledger.periods.closed': 'Clôturé',
  'ledger.periods.open': 'Ouvert',
  'ledger.periods.byAt': '{name}, {at}',
  'ledger.periods.close': 'Clôturer',
  'ledger.periods.reopen': 'Rouvrir',
  'ledger.periods.closeTitle': 'Clôturer {month} ?',
  'ledger.periods.closeText': 'Rien de daté de ce mois ne pourra alors être enregistré, corrigé ni contre-passé, par personne, jusqu’à ce qu’un propriétaire le rouvre.',
  'ledger.periods.reopenTitle': 'Rouvrir {month}',
  'ledger.periods.correctionSms': 'Envoyer un SMS de correction quand une recette est corrigée',
  'ledger.periods.correctionSmsHint':
    'Le payeur de la nouvelle écriture reçoit un SMS avec le montant et le numéro de reçu corrigés, décompté en unités SMS. Le premier reçu n’est jamais renvoyé.',
  'The income was corrected: the old entry is reversed and the new one recorded':
    'La recette a été corrigée : l’ancienne écriture est contre-passée et la nouvelle enregistrée',
  'The expense was corrected: the old entry is reversed and the new one recorded':
    'La dépense a été corrigée : l’ancienne écriture est contre-passée et la nouvelle enregistrée',
  'The income was reversed': 'La recette a été contre-passée',
  'The expense was reversed': 'La dépense a été contre-passée',
  'Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one':
    'Indiquez un motif : modifier le montant, le compte, la date ou le payeur corrige la recette par une contre-passation et une nouvelle écriture',
  'Give a reason: changing the amount, account, date or payee corrects the expense with a reversing entry and a new one':
    'Indiquez un motif : modifier le montant, le compte, la date ou le bénéficiaire corrige la dépense par une contre-passation et une nouvelle écriture',
  'This income has been reversed: it cannot be corrected or reversed again': 'Cette recette a été contre-passée : elle ne peut plus être corrigée ni contre-passée',
  'This expense has been reversed: it cannot be corrected or reversed again': 'Cette dépense a été contre-passée : elle ne peut plus être corrigée ni contre-passée',
  'This is a reversing entry: it cannot be corrected or reversed': 'Ceci est une écriture de contre-passation : elle ne peut être ni corrigée ni contre-passée',
  "An M-Pesa income keeps its payment's amount and date: to change them, reverse the income and allocate the payment again":
    'Une recette M-Pesa garde le montant et la date de son paiement : pour les changer, contre-passez la recette et affectez le paiement à nouveau',
  'Give a reason for the reversal': 'Indiquez le motif de la contre-passation',
  'Give a reason for reopening the month': 'Indiquez le motif de la réouverture du mois',
  'Reason must be at most 500 characters': 'Le motif doit comporter au plus 500 caractères',
  'The month is closed': 'Le mois est clôturé',
  'The month is reopened': 'Le mois est rouvert',
  "A corrected income's payer now gets a correction SMS": 'Le payeur d’une recette corrigée reçoit désormais un SMS de correction',
  'Corrections no longer send an SMS': 'Les corrections n’envoient plus de SMS',
};

const es: Catalogue = {
  'ledger.hideReversals': 'Ocultar anulaciones',
  'ledger.status.reversed': 'Anulado',
  'ledger.status.reversal': 'Anulación',
  'ledger.status.correction': 'Corrección',
  'ledger.notice.reversed': 'Este asiento fue anulado por el asiento {id}: su importe ya no puede corregirse ni anularse. Su texto aún puede editarse.',
  'ledger.notice.reversal': 'Este asiento anula el asiento {id}: no puede corregirse ni anularse.',
  'ledger.notice.correction': 'Este asiento corrige el asiento {id}.',
  'ledger.notice.reason': 'Motivo: {reason}',
  'ledger.field.reason': 'Motivo del cambio',
  'ledger.hint.reason.income':
    'El importe, la cuenta, la fecha o el pagador cambió: el ingreso no se sobrescribe. Se anula y se registra de nuevo con los valores nuevos, cada uno con su propio número de recibo, y el motivo se guarda con ambos.',
  'ledger.hint.reason.expense':
    'El importe, la cuenta, la fecha o el beneficiario cambió: el gasto no se sobrescribe. Se anula y se registra de nuevo con los valores nuevos, y el motivo se guarda con ambos.',
  'ledger.reverse.title': 'Anular',
  'ledger.reverse.text.income':
    'Cancela este ingreso con un asiento de anulación sin registrar nada en su lugar: para dinero registrado dos veces o nunca recibido. Un pago M-Pesa queda a la espera de asignarse de nuevo.',
  'ledger.reverse.text.expense': 'Cancela este gasto con un asiento de anulación sin registrar nada en su lugar: para dinero registrado dos veces o nunca pagado.',
  'ledger.reverse.button': 'Anular…',
  'ledger.reverse.confirm': 'Anular',
  'ledger.closedMonth':
    '{month} está cerrado: nada con fecha de ese mes puede registrarse, corregirse ni anularse. Un propietario puede reabrir el mes en Finanzas, Periodos.',
  'ledger.periods.title': 'Periodos',
  'ledger.periods.intro':
    'Un mes cerrado queda como está: nada con fecha de ese mes puede registrarse, corregirse ni anularse, así que sus extractos nunca cambian. Un tesorero cierra un mes cuando ha terminado; un propietario puede reabrirlo, con un motivo.',
  'ledger.periods.column.month': 'Mes',
  'ledger.periods.column.status': 'Estado',
  'ledger.periods.column.closed': 'Cerrado',
  'ledger.periods.column.reopened': 'Reabierto',
  'ledger.periods.closed': 'Cerrado',
  'ledger.periods.open': 'Abierto',
  'ledger.periods.byAt': '{name}, {at}',
  'ledger.periods.close': 'Cerrar',
  'ledger.periods.reopen': 'Reabrir',
  'ledger.periods.closeTitle': '¿Cerrar {month}?',
  'ledger.periods.closeText': 'Después nada con fecha de este mes podrá registrarse, corregirse ni anularse, por nadie, hasta que un propietario lo reabra.',
  'ledger.periods.reopenTitle': 'Reabrir {month}',
  'ledger.periods.correctionSms': 'Enviar un SMS de corrección cuando se corrige un ingreso',
  'ledger.periods.correctionSmsHint':
    'El pagador del nuevo asiento recibe un SMS con el importe y el número de recibo corregidos, cobrado en unidades SMS. El primer recibo nunca se reenvía.',
  'The income was corrected: the old entry is reversed and the new one recorded': 'El ingreso se corrigió: el asiento anterior está anulado y el nuevo registrado',
  'The expense was corrected: the old entry is reversed and the new one recorded': 'El gasto se corrigió: el asiento anterior está anulado y el nuevo registrado',
  'The income was reversed': 'El ingreso se anuló',
  'The expense was reversed': 'El gasto se anuló',
  'Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one':
    'Indique un motivo: cambiar el importe, la cuenta, la fecha o el pagador corrige el ingreso con una anulación y un asiento nuevo',
  'Give a reason: changing the amount, account, date or payee corrects the expense with a reversing entry and a new one':
    'Indique un motivo: cambiar el importe, la cuenta, la fecha o el beneficiario corrige el gasto con una anulación y un asiento nuevo',
  'This income has been reversed: it cannot be corrected or reversed again': 'Este ingreso ya se anuló: no puede corregirse ni anularse de nuevo',
  'This expense has been reversed: it cannot be corrected or reversed again': 'Este gasto ya se anuló: no puede corregirse ni anularse de nuevo',
  'This is a reversing entry: it cannot be corrected or reversed': 'Este es un asiento de anulación: no puede corregirse ni anularse',
  "An M-Pesa income keeps its payment's amount and date: to change them, reverse the income and allocate the payment again":
    'Un ingreso M-Pesa conserva el importe y la fecha de su pago: para cambiarlos, anule el ingreso y asigne el pago de nuevo',
  'Give a reason for the reversal': 'Indique el motivo de la anulación',
  'Give a reason for reopening the month': 'Indique el motivo para reabrir el mes',
  'Reason must be at most 500 characters': 'El motivo debe tener como máximo 500 caracteres',
  'The month is closed': 'El mes está cerrado',
  'The month is reopened': 'El mes está reabierto',
  "A corrected income's payer now gets a correction SMS": 'El pagador de un ingreso corregido recibe ahora un SMS de corrección',
  'Corrections no longer send an SMS': 'Las correcciones ya no envían SMS',
};

const pt: Catalogue = {
  'ledger.hideReversals': 'Ocultar estornos',
  'ledger.status.reversed': 'Estornado',
  'ledger.status.reversal': 'Estorno',
  'ledger.status.correction': 'Correção',
  'ledger.notice.reversed':
    'Este lançamento foi estornado pelo lançamento {id}: o seu montante já não pode ser corrigido nem estornado. O seu texto ainda pode ser editado.',
  'ledger.notice.reversal': 'Este lançamento estorna o lançamento {id}: não pode ser corrigido nem estornado.',
  'ledger.notice.correction': 'Este lançamento corrige o lançamento {id}.',
  'ledger.notice.reason': 'Motivo: {reason}',
  'ledger.field.reason': 'Motivo da alteração',
  'ledger.hint.reason.income':
    'O montante, a conta, a data ou o pagador mudou: a receita não é substituída. É estornada e registada de novo com os novos valores, cada um com o seu número de recibo, e o motivo fica guardado com ambos.',
  'ledger.hint.reason.expense':
    'O montante, a conta, a data ou o beneficiário mudou: a despesa não é substituída. É estornada e registada de novo com os novos valores, e o motivo fica guardado com ambos.',
  'ledger.reverse.title': 'Estornar',
  'ledger.reverse.text.income':
    'Anula esta receita com um lançamento de estorno sem registar nada no seu lugar: para dinheiro registado duas vezes ou nunca recebido. Um pagamento M-Pesa fica à espera de ser atribuído de novo.',
  'ledger.reverse.text.expense': 'Anula esta despesa com um lançamento de estorno sem registar nada no seu lugar: para dinheiro registado duas vezes ou nunca pago.',
  'ledger.reverse.button': 'Estornar…',
  'ledger.reverse.confirm': 'Estornar',
  'ledger.closedMonth':
    '{month} está fechado: nada com data desse mês pode ser registado, corrigido ou estornado. Um proprietário pode reabrir o mês em Finanças, Períodos.',
  'ledger.periods.title': 'Períodos',
  'ledger.periods.intro':
    'Um mês fechado fica como está: nada com data desse mês pode ser registado, corrigido ou estornado, por isso os seus extratos nunca mudam. Um tesoureiro fecha um mês quando termina; um proprietário pode reabri-lo, com um motivo.',
  'ledger.periods.column.month': 'Mês',
  'ledger.periods.column.status': 'Estado',
  'ledger.periods.column.closed': 'Fechado',
  'ledger.periods.column.reopened': 'Reaberto',
  'ledger.periods.closed': 'Fechado',
  'ledger.periods.open': 'Aberto',
  'ledger.periods.byAt': '{name}, {at}',
  'ledger.periods.close': 'Fechar',
  'ledger.periods.reopen': 'Reabrir',
  'ledger.periods.closeTitle': 'Fechar {month}?',
  'ledger.periods.closeText': 'Depois disso, nada com data deste mês poderá ser registado, corrigido ou estornado, por ninguém, até um proprietário o reabrir.',
  'ledger.periods.reopenTitle': 'Reabrir {month}',
  'ledger.periods.correctionSms': 'Enviar um SMS de correção quando uma receita é corrigida',
  'ledger.periods.correctionSmsHint':
    'O pagador do novo lançamento recebe um SMS com o montante e o número de recibo corrigidos, cobrado em unidades SMS. O primeiro recibo nunca é reenviado.',
  'The income was corrected: the old entry is reversed and the new one recorded': 'A receita foi corrigida: o lançamento antigo está estornado e o novo registado',
  'The expense was corrected: the old entry is reversed and the new one recorded': 'A despesa foi corrigida: o lançamento antigo está estornado e o novo registado',
  'The income was reversed': 'A receita foi estornada',
  'The expense was reversed': 'A despesa foi estornada',
  'Give a reason: changing the amount, account, date or payer corrects the income with a reversing entry and a new one':
    'Indique um motivo: alterar o montante, a conta, a data ou o pagador corrige a receita com um estorno e um novo lançamento',
  'Give a reason: changing the amount, account, date or payee corrects the expense with a reversing entry and a new one':
    'Indique um motivo: alterar o montante, a conta, a data ou o beneficiário corrige a despesa com um estorno e um novo lançamento',
  'This income has been reversed: it cannot be corrected or reversed again': 'Esta receita foi estornada: não pode ser corrigida nem estornada de novo',
  'This expense has been reversed: it cannot be corrected or reversed again': 'Esta despesa foi estornada: não pode ser corrigida nem estornada de novo',
  'This is a reversing entry: it cannot be corrected or reversed': 'Este é um lançamento de estorno: não pode ser corrigido nem estornado',
  "An M-Pesa income keeps its payment's amount and date: to change them, reverse the income and allocate the payment again":
    'Uma receita M-Pesa mantém o montante e a data do seu pagamento: para os alterar, estorne a receita e atribua o pagamento de novo',
  'Give a reason for the reversal': 'Indique o motivo do estorno',
  'Give a reason for reopening the month': 'Indique o motivo para reabrir o mês',
  'Reason must be at most 500 characters': 'O motivo deve ter no máximo 500 caracteres',
  'The month is closed': 'O mês está fechado',
  'The month is reopened': 'O mês está reaberto',
  "A corrected income's payer now gets a correction SMS": 'O pagador de uma receita corrigida recebe agora um SMS de correção',
  'Corrections no longer send an SMS': 'As correções já não enviam SMS',
};

export const ledgerTexts = { en, sw, fr, es, pt };
