import {
  CAMPAIGN_ACCOUNT_TAKEN,
  CAMPAIGN_CLOSED,
  CAMPAIGN_CODE_TAKEN,
  CAMPAIGN_NOT_FOUND,
  CAMPAIGN_SAVED,
  NO_ONE_OWES,
  PLEDGE_IMPORT_REFUSED,
  PLEDGE_NOT_FOUND,
  PLEDGE_SAVED,
  PLEDGE_THANKS_SAVED,
} from '@ushirika/shared/contract';

/**
 * What the server or the campaigns' schemas say about campaigns (issue 30), by its English text (shown through
 * translateText), in every language: in the finance area's catalogue, since the kit's new and edit forms show them
 * too. The screens' own texts load with them (./messages). Texts other catalogues hold already ('Message is
 * required': the kit's) are not repeated here: an id lives in one catalogue.
 */
type Catalogue = Record<string, string>;

/** The server's and the schemas' words, by their English text. */
const SERVER = [
  CAMPAIGN_SAVED,
  PLEDGE_SAVED,
  PLEDGE_THANKS_SAVED,
  CAMPAIGN_NOT_FOUND,
  PLEDGE_NOT_FOUND,
  CAMPAIGN_CLOSED,
  CAMPAIGN_ACCOUNT_TAKEN,
  CAMPAIGN_CODE_TAKEN,
  NO_ONE_OWES,
  PLEDGE_IMPORT_REFUSED,
  'Target is required',
  'Target must be a positive amount with at most two decimals',
  'Target must be more than 0',
  'Code must be 2 to 20 letters or digits, e.g. JENGO',
  'Status must be open or closed',
  'Send a thank-you must be true or false',
] as const;

/** The server's words translated, in SERVER's order. */
const serverTexts: Record<'en' | 'sw' | 'fr' | 'es' | 'pt', readonly string[]> = {
  en: SERVER,
  sw: [
    'Kampeni imehifadhiwa!',
    'Ahadi imehifadhiwa!',
    'Ujumbe wa shukrani umehifadhiwa!',
    'Kampeni haikupatikana',
    'Ahadi haikupatikana',
    'Kampeni hii imefungwa: ifungue tena ili kupokea ahadi au kutuma vikumbusho',
    'Kampeni nyingine inachukua mapato ya akaunti hii katika baadhi ya tarehe hizi: chagua akaunti nyingine au tarehe nyingine',
    'Msimbo huu wa akaunti ya M-Pesa tayari unapeleka malipo kwenye akaunti nyingine: chagua msimbo mwingine',
    'Hakuna mwenye salio wa kukumbushwa',
    'Hakuna kilichoingizwa: sahihisha mistari hii kisha uingize faili tena',
    'Lengo linahitajika',
    'Lengo lazima liwe kiasi chanya chenye desimali zisizozidi mbili',
    'Lengo lazima liwe zaidi ya 0',
    'Msimbo lazima uwe herufi au tarakimu 2 hadi 20, mfano JENGO',
    'Hali lazima iwe wazi au imefungwa',
    'Kutuma shukrani lazima kuwe ndiyo au hapana',
  ],
  fr: [
    'Campagne enregistrée !',
    'Promesse enregistrée !',
    'Message de remerciement enregistré !',
    'Campagne introuvable',
    'Promesse introuvable',
    'Cette campagne est clôturée : rouvrez-la pour prendre des promesses ou envoyer des rappels',
    'Une autre campagne prend les recettes de ce compte sur une partie de ces dates : choisissez un autre compte ou d’autres dates',
    'Ce code de compte M-Pesa envoie déjà les paiements vers un autre compte : choisissez un autre code',
    'Personne n’a de reste dû à qui envoyer un rappel',
    'Rien n’a été importé : corrigez ces lignes et importez à nouveau le fichier',
    'L’objectif est obligatoire',
    'L’objectif doit être un montant positif avec au plus deux décimales',
    'L’objectif doit être supérieur à 0',
    'Le code doit compter de 2 à 20 lettres ou chiffres, p. ex. JENGO',
    'Le statut doit être ouverte ou clôturée',
    'Envoyer un remerciement doit être vrai ou faux',
  ],
  es: [
    '¡Campaña guardada!',
    '¡Promesa guardada!',
    '¡Mensaje de agradecimiento guardado!',
    'Campaña no encontrada',
    'Promesa no encontrada',
    'Esta campaña está cerrada: reábrala para recibir promesas o enviar recordatorios',
    'Otra campaña toma los ingresos de esta cuenta en parte de estas fechas: elija otra cuenta u otras fechas',
    'Este código de cuenta M-Pesa ya envía los pagos a otra cuenta: elija otro código',
    'Nadie tiene saldo al que recordar',
    'No se importó nada: corrija estas filas e importe el archivo de nuevo',
    'La meta es obligatoria',
    'La meta debe ser un importe positivo con dos decimales como máximo',
    'La meta debe ser mayor que 0',
    'El código debe tener de 2 a 20 letras o dígitos, p. ej. JENGO',
    'El estado debe ser abierta o cerrada',
    'Enviar un agradecimiento debe ser verdadero o falso',
  ],
  pt: [
    'Campanha guardada!',
    'Promessa guardada!',
    'Mensagem de agradecimento guardada!',
    'Campanha não encontrada',
    'Promessa não encontrada',
    'Esta campanha está fechada: reabra-a para receber promessas ou enviar lembretes',
    'Outra campanha recebe as receitas desta conta em parte destas datas: escolha outra conta ou outras datas',
    'Este código de conta M-Pesa já envia pagamentos para outra conta: escolha outro código',
    'Ninguém tem saldo a lembrar',
    'Nada foi importado: corrija estas linhas e importe o ficheiro de novo',
    'A meta é obrigatória',
    'A meta deve ser um montante positivo com no máximo duas casas decimais',
    'A meta deve ser superior a 0',
    'O código deve ter de 2 a 20 letras ou dígitos, p. ex. JENGO',
    'O estado deve ser aberta ou fechada',
    'Enviar um agradecimento deve ser verdadeiro ou falso',
  ],
};

export const campaignServerTexts = Object.fromEntries(
  (Object.keys(serverTexts) as Array<keyof typeof serverTexts>).map((locale) => [
    locale,
    Object.fromEntries(SERVER.map((id, index) => [id, serverTexts[locale][index] ?? id])) as Catalogue,
  ]),
) as Record<keyof typeof serverTexts, Catalogue>;
