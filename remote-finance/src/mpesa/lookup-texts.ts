/**
 * 'Look up a payment by its M-Pesa code' (issue 29.4, ./LookupDialog.tsx), per language: semantic ids prefixed
 * 'mpesa.lookup.', and the English text as id for the server's words about a look-up (shown through translateText).
 * Merged into the area's catalogue by ../messages/index.ts. Safaricom's own words (a look-up's `resultDesc` as
 * Daraja gave it) are shown as Safaricom says them.
 */
type Catalogue = Record<string, string>;

const en: Catalogue = {
  'mpesa.lookup.button': 'Look up a code',
  'mpesa.lookup.title': 'Look up a payment by its M-Pesa code',
  'mpesa.lookup.intro':
    'A member says they paid, but the payment is not in the list? Type the M-Pesa code from their SMS: M-Pesa is asked about it, and the payment is added to the list when it was made to you.',
  'mpesa.lookup.code': 'M-Pesa code',
  'mpesa.lookup.submit': 'Look up',
  'mpesa.lookup.required': 'Type the M-Pesa code',
  'mpesa.lookup.invalid': 'An M-Pesa code is 10 letters and digits, as in the SMS: TK60708BHZ',
  'mpesa.lookup.recent': 'Recent look-ups',
  'mpesa.lookup.none': 'No look-ups yet',
  'mpesa.lookup.column.status': 'Status',
  'mpesa.lookup.column.words': "M-Pesa's answer",
  'mpesa.lookup.column.asked': 'Asked at',
  'mpesa.lookup.status.waiting': 'Asking M-Pesa…',
  'mpesa.lookup.status.found': 'Found',
  'mpesa.lookup.status.not-found': 'Not found',
  'mpesa.lookup.status.failed': 'Failed',
  'mpesa.lookup.show': 'Show in the list',
  'mpesa.lookup.showAll': 'Show every payment',
  'mpesa.lookup.close': 'Close',
  // The server's words about a look-up (api/src/finance/mpesa/lookups: LOOKUP_TEXTS, LOOKUP_WORDS).
  'The M-Pesa code must be 1 to 40 letters and digits, as in the M-Pesa SMS (e.g. TK60708BHZ)':
    'The M-Pesa code must be 1 to 40 letters and digits, as in the M-Pesa SMS (e.g. TK60708BHZ)',
  'This partner takes no M-Pesa payments yet: its paybill or till number is set with pnpm ops set-mpesa':
    'This partner takes no M-Pesa payments yet: its paybill or till number is set with pnpm ops set-mpesa',
  'Enter the Daraja credentials (consumer key and secret, passkey and express short code) in Settings → M-Pesa to look up payments with Safaricom':
    'Enter the Daraja credentials (consumer key and secret, passkey and express short code) in Settings → M-Pesa to look up payments with Safaricom',
  'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom':
    'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom',
  'The server does not know its public address (PUBLIC_URL), so Safaricom could not send its answer: ask whoever runs the server to set it':
    'The server does not know its public address (PUBLIC_URL), so Safaricom could not send its answer: ask whoever runs the server to set it',
  'This payment is in the M-Pesa list already': 'This payment is in the M-Pesa list already',
  'The look-up could not be sent to Safaricom; try again later': 'The look-up could not be sent to Safaricom; try again later',
  'This payment was not made to your paybill or till': 'This payment was not made to your paybill or till',
  'Safaricom did not answer in time; try again later': 'Safaricom did not answer in time; try again later',
  'Safaricom found no payment with this code': 'Safaricom found no payment with this code',
  'Safaricom could not look this payment up': 'Safaricom could not look this payment up',
  'Safaricom answered about another payment': 'Safaricom answered about another payment',
  'Safaricom did not say which paybill or till was paid: the answer is kept for a person to check':
    'Safaricom did not say which paybill or till was paid: the answer is kept for a person to check',
  'Safaricom did not give an amount that can be read: the answer is kept for a person to check':
    'Safaricom did not give an amount that can be read: the answer is kept for a person to check',
};

const sw: Catalogue = {
  'mpesa.lookup.button': 'Tafuta kwa msimbo',
  'mpesa.lookup.title': 'Tafuta malipo kwa msimbo wake wa M-Pesa',
  'mpesa.lookup.intro':
    'Mshiriki anasema amelipa, lakini malipo hayapo kwenye orodha? Andika msimbo wa M-Pesa ulio kwenye SMS yake: M-Pesa itaulizwa, na malipo yataongezwa kwenye orodha yakiwa yalifanywa kwenu.',
  'mpesa.lookup.code': 'Msimbo wa M-Pesa',
  'mpesa.lookup.submit': 'Tafuta',
  'mpesa.lookup.required': 'Andika msimbo wa M-Pesa',
  'mpesa.lookup.invalid': 'Msimbo wa M-Pesa ni herufi na tarakimu 10, kama kwenye SMS: TK60708BHZ',
  'mpesa.lookup.recent': 'Utafutaji wa karibuni',
  'mpesa.lookup.none': 'Bado hakuna utafutaji',
  'mpesa.lookup.column.status': 'Hali',
  'mpesa.lookup.column.words': 'Jibu la M-Pesa',
  'mpesa.lookup.column.asked': 'Iliulizwa',
  'mpesa.lookup.status.waiting': 'Inauliza M-Pesa…',
  'mpesa.lookup.status.found': 'Yamepatikana',
  'mpesa.lookup.status.not-found': 'Hayakupatikana',
  'mpesa.lookup.status.failed': 'Imeshindikana',
  'mpesa.lookup.show': 'Onyesha kwenye orodha',
  'mpesa.lookup.showAll': 'Onyesha malipo yote',
  'mpesa.lookup.close': 'Funga',
  // The server's words about a look-up (api/src/finance/mpesa/lookups: LOOKUP_TEXTS, LOOKUP_WORDS).
  'The M-Pesa code must be 1 to 40 letters and digits, as in the M-Pesa SMS (e.g. TK60708BHZ)':
    'Msimbo wa M-Pesa lazima uwe herufi na tarakimu 1 hadi 40, kama kwenye SMS ya M-Pesa (mfano TK60708BHZ)',
  'This partner takes no M-Pesa payments yet: its paybill or till number is set with pnpm ops set-mpesa':
    'Mshirika huyu bado hapokei malipo ya M-Pesa: namba yake ya paybill au till huwekwa kwa pnpm ops set-mpesa',
  'Enter the Daraja credentials (consumer key and secret, passkey and express short code) in Settings → M-Pesa to look up payments with Safaricom':
    'Weka vitambulisho vya Daraja (consumer key na secret, passkey na namba fupi ya express) kwenye Mipangilio → M-Pesa ili kutafuta malipo kwa Safaricom',
  'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom':
    'Weka mwanzilishi wa Transaction Status na kitambulisho chake cha usalama kwenye Mipangilio → M-Pesa ili kutafuta malipo kwa Safaricom',
  'The server does not know its public address (PUBLIC_URL), so Safaricom could not send its answer: ask whoever runs the server to set it':
    'Seva haijui anwani yake ya umma (PUBLIC_URL), kwa hivyo Safaricom isingeweza kutuma jibu lake: mwombe anayeendesha seva aiweke',
  'This payment is in the M-Pesa list already': 'Malipo haya tayari yapo kwenye orodha ya M-Pesa',
  'The look-up could not be sent to Safaricom; try again later': 'Utafutaji haukuweza kutumwa kwa Safaricom; jaribu tena baadaye',
  'This payment was not made to your paybill or till': 'Malipo haya hayakufanywa kwa paybill au till yenu',
  'Safaricom did not answer in time; try again later': 'Safaricom haikujibu kwa wakati; jaribu tena baadaye',
  'Safaricom found no payment with this code': 'Safaricom haikupata malipo yenye msimbo huu',
  'Safaricom could not look this payment up': 'Safaricom haikuweza kutafuta malipo haya',
  'Safaricom answered about another payment': 'Safaricom ilijibu kuhusu malipo mengine',
  'Safaricom did not say which paybill or till was paid: the answer is kept for a person to check':
    'Safaricom haikusema ni paybill au till gani ililipwa: jibu limehifadhiwa ili mtu alikague',
  'Safaricom did not give an amount that can be read: the answer is kept for a person to check':
    'Safaricom haikutoa kiasi kinachoweza kusomeka: jibu limehifadhiwa ili mtu alikague',
};

const fr: Catalogue = {
  'mpesa.lookup.button': 'Rechercher un code',
  'mpesa.lookup.title': 'Rechercher un paiement par son code M-Pesa',
  'mpesa.lookup.intro':
    "Un membre dit avoir payé, mais le paiement n'est pas dans la liste ? Saisissez le code M-Pesa de son SMS : M-Pesa est interrogé, et le paiement est ajouté à la liste s'il vous était destiné.",
  'mpesa.lookup.code': 'Code M-Pesa',
  'mpesa.lookup.submit': 'Rechercher',
  'mpesa.lookup.required': 'Saisissez le code M-Pesa',
  'mpesa.lookup.invalid': 'Un code M-Pesa compte 10 lettres et chiffres, comme dans le SMS : TK60708BHZ',
  'mpesa.lookup.recent': 'Recherches récentes',
  'mpesa.lookup.none': 'Aucune recherche pour le moment',
  'mpesa.lookup.column.status': 'État',
  'mpesa.lookup.column.words': 'Réponse de M-Pesa',
  'mpesa.lookup.column.asked': 'Demandé le',
  'mpesa.lookup.status.waiting': 'M-Pesa est interrogé…',
  'mpesa.lookup.status.found': 'Trouvé',
  'mpesa.lookup.status.not-found': 'Introuvable',
  'mpesa.lookup.status.failed': 'Échec',
  'mpesa.lookup.show': 'Afficher dans la liste',
  'mpesa.lookup.showAll': 'Afficher tous les paiements',
  'mpesa.lookup.close': 'Fermer',
  // The server's words about a look-up (api/src/finance/mpesa/lookups: LOOKUP_TEXTS, LOOKUP_WORDS).
  'The M-Pesa code must be 1 to 40 letters and digits, as in the M-Pesa SMS (e.g. TK60708BHZ)':
    'Le code M-Pesa doit compter de 1 à 40 lettres et chiffres, comme dans le SMS M-Pesa (ex. TK60708BHZ)',
  'This partner takes no M-Pesa payments yet: its paybill or till number is set with pnpm ops set-mpesa':
    'Ce partenaire ne reçoit pas encore de paiements M-Pesa : son numéro paybill ou till se règle avec pnpm ops set-mpesa',
  'Enter the Daraja credentials (consumer key and secret, passkey and express short code) in Settings → M-Pesa to look up payments with Safaricom':
    'Saisissez les identifiants Daraja (consumer key et secret, passkey et numéro court express) dans Paramètres → M-Pesa pour rechercher des paiements auprès de Safaricom',
  'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom':
    "Saisissez l'initiateur Transaction Status et son identifiant de sécurité dans Paramètres → M-Pesa pour rechercher des paiements auprès de Safaricom",
  'The server does not know its public address (PUBLIC_URL), so Safaricom could not send its answer: ask whoever runs the server to set it':
    'Le serveur ne connaît pas son adresse publique (PUBLIC_URL) : Safaricom ne pourrait pas envoyer sa réponse. Demandez à la personne qui gère le serveur de la définir',
  'This payment is in the M-Pesa list already': 'Ce paiement est déjà dans la liste M-Pesa',
  'The look-up could not be sent to Safaricom; try again later': "La recherche n'a pas pu être envoyée à Safaricom ; réessayez plus tard",
  'This payment was not made to your paybill or till': "Ce paiement n'a pas été fait à votre paybill ou till",
  'Safaricom did not answer in time; try again later': "Safaricom n'a pas répondu à temps ; réessayez plus tard",
  'Safaricom found no payment with this code': 'Safaricom ne trouve aucun paiement avec ce code',
  'Safaricom could not look this payment up': "Safaricom n'a pas pu rechercher ce paiement",
  'Safaricom answered about another payment': 'Safaricom a répondu au sujet d’un autre paiement',
  'Safaricom did not say which paybill or till was paid: the answer is kept for a person to check':
    "Safaricom n'a pas indiqué quel paybill ou till a été payé : la réponse est gardée pour qu'une personne la vérifie",
  'Safaricom did not give an amount that can be read: the answer is kept for a person to check':
    "Safaricom n'a pas donné de montant lisible : la réponse est gardée pour qu'une personne la vérifie",
};

const es: Catalogue = {
  'mpesa.lookup.button': 'Buscar un código',
  'mpesa.lookup.title': 'Buscar un pago por su código de M-Pesa',
  'mpesa.lookup.intro':
    '¿Un miembro dice que pagó, pero el pago no está en la lista? Escriba el código de M-Pesa de su SMS: se consulta a M-Pesa, y el pago se añade a la lista si se le hizo a usted.',
  'mpesa.lookup.code': 'Código de M-Pesa',
  'mpesa.lookup.submit': 'Buscar',
  'mpesa.lookup.required': 'Escriba el código de M-Pesa',
  'mpesa.lookup.invalid': 'Un código de M-Pesa tiene 10 letras y dígitos, como en el SMS: TK60708BHZ',
  'mpesa.lookup.recent': 'Búsquedas recientes',
  'mpesa.lookup.none': 'Aún no hay búsquedas',
  'mpesa.lookup.column.status': 'Estado',
  'mpesa.lookup.column.words': 'Respuesta de M-Pesa',
  'mpesa.lookup.column.asked': 'Consultado el',
  'mpesa.lookup.status.waiting': 'Consultando a M-Pesa…',
  'mpesa.lookup.status.found': 'Encontrado',
  'mpesa.lookup.status.not-found': 'No encontrado',
  'mpesa.lookup.status.failed': 'Falló',
  'mpesa.lookup.show': 'Mostrar en la lista',
  'mpesa.lookup.showAll': 'Mostrar todos los pagos',
  'mpesa.lookup.close': 'Cerrar',
  // The server's words about a look-up (api/src/finance/mpesa/lookups: LOOKUP_TEXTS, LOOKUP_WORDS).
  'The M-Pesa code must be 1 to 40 letters and digits, as in the M-Pesa SMS (e.g. TK60708BHZ)':
    'El código de M-Pesa debe tener de 1 a 40 letras y dígitos, como en el SMS de M-Pesa (p. ej. TK60708BHZ)',
  'This partner takes no M-Pesa payments yet: its paybill or till number is set with pnpm ops set-mpesa':
    'Este socio aún no recibe pagos de M-Pesa: su número paybill o till se configura con pnpm ops set-mpesa',
  'Enter the Daraja credentials (consumer key and secret, passkey and express short code) in Settings → M-Pesa to look up payments with Safaricom':
    'Introduzca las credenciales de Daraja (consumer key y secret, passkey y número corto express) en Ajustes → M-Pesa para buscar pagos con Safaricom',
  'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom':
    'Introduzca el iniciador de Transaction Status y su credencial de seguridad en Ajustes → M-Pesa para buscar pagos con Safaricom',
  'The server does not know its public address (PUBLIC_URL), so Safaricom could not send its answer: ask whoever runs the server to set it':
    'El servidor no conoce su dirección pública (PUBLIC_URL), así que Safaricom no podría enviar su respuesta: pida a quien gestiona el servidor que la configure',
  'This payment is in the M-Pesa list already': 'Este pago ya está en la lista de M-Pesa',
  'The look-up could not be sent to Safaricom; try again later': 'No se pudo enviar la búsqueda a Safaricom; inténtelo más tarde',
  'This payment was not made to your paybill or till': 'Este pago no se hizo a su paybill o till',
  'Safaricom did not answer in time; try again later': 'Safaricom no respondió a tiempo; inténtelo más tarde',
  'Safaricom found no payment with this code': 'Safaricom no encontró ningún pago con este código',
  'Safaricom could not look this payment up': 'Safaricom no pudo buscar este pago',
  'Safaricom answered about another payment': 'Safaricom respondió sobre otro pago',
  'Safaricom did not say which paybill or till was paid: the answer is kept for a person to check':
    'Safaricom no dijo qué paybill o till se pagó: la respuesta se guarda para que una persona la revise',
  'Safaricom did not give an amount that can be read: the answer is kept for a person to check':
    'Safaricom no dio un importe legible: la respuesta se guarda para que una persona la revise',
};

const pt: Catalogue = {
  'mpesa.lookup.button': 'Procurar um código',
  'mpesa.lookup.title': 'Procurar um pagamento pelo seu código M-Pesa',
  'mpesa.lookup.intro':
    'Um membro diz que pagou, mas o pagamento não está na lista? Escreva o código M-Pesa do SMS dele: o M-Pesa é consultado, e o pagamento é acrescentado à lista se foi feito a si.',
  'mpesa.lookup.code': 'Código M-Pesa',
  'mpesa.lookup.submit': 'Procurar',
  'mpesa.lookup.required': 'Escreva o código M-Pesa',
  'mpesa.lookup.invalid': 'Um código M-Pesa tem 10 letras e algarismos, como no SMS: TK60708BHZ',
  'mpesa.lookup.recent': 'Pesquisas recentes',
  'mpesa.lookup.none': 'Ainda não há pesquisas',
  'mpesa.lookup.column.status': 'Estado',
  'mpesa.lookup.column.words': 'Resposta do M-Pesa',
  'mpesa.lookup.column.asked': 'Consultado em',
  'mpesa.lookup.status.waiting': 'A consultar o M-Pesa…',
  'mpesa.lookup.status.found': 'Encontrado',
  'mpesa.lookup.status.not-found': 'Não encontrado',
  'mpesa.lookup.status.failed': 'Falhou',
  'mpesa.lookup.show': 'Mostrar na lista',
  'mpesa.lookup.showAll': 'Mostrar todos os pagamentos',
  'mpesa.lookup.close': 'Fechar',
  // The server's words about a look-up (api/src/finance/mpesa/lookups: LOOKUP_TEXTS, LOOKUP_WORDS).
  'The M-Pesa code must be 1 to 40 letters and digits, as in the M-Pesa SMS (e.g. TK60708BHZ)':
    'O código M-Pesa deve ter de 1 a 40 letras e algarismos, como no SMS do M-Pesa (ex. TK60708BHZ)',
  'This partner takes no M-Pesa payments yet: its paybill or till number is set with pnpm ops set-mpesa':
    'Este parceiro ainda não recebe pagamentos M-Pesa: o seu número paybill ou till define-se com pnpm ops set-mpesa',
  'Enter the Daraja credentials (consumer key and secret, passkey and express short code) in Settings → M-Pesa to look up payments with Safaricom':
    'Introduza as credenciais Daraja (consumer key e secret, passkey e número curto express) em Definições → M-Pesa para procurar pagamentos junto da Safaricom',
  'Enter the Transaction Status initiator and its security credential in Settings → M-Pesa to look up payments with Safaricom':
    'Introduza o iniciador do Transaction Status e a sua credencial de segurança em Definições → M-Pesa para procurar pagamentos junto da Safaricom',
  'The server does not know its public address (PUBLIC_URL), so Safaricom could not send its answer: ask whoever runs the server to set it':
    'O servidor não conhece o seu endereço público (PUBLIC_URL), por isso a Safaricom não poderia enviar a resposta: peça a quem gere o servidor que o defina',
  'This payment is in the M-Pesa list already': 'Este pagamento já está na lista M-Pesa',
  'The look-up could not be sent to Safaricom; try again later': 'Não foi possível enviar a pesquisa à Safaricom; tente mais tarde',
  'This payment was not made to your paybill or till': 'Este pagamento não foi feito ao seu paybill ou till',
  'Safaricom did not answer in time; try again later': 'A Safaricom não respondeu a tempo; tente mais tarde',
  'Safaricom found no payment with this code': 'A Safaricom não encontrou nenhum pagamento com este código',
  'Safaricom could not look this payment up': 'A Safaricom não conseguiu procurar este pagamento',
  'Safaricom answered about another payment': 'A Safaricom respondeu sobre outro pagamento',
  'Safaricom did not say which paybill or till was paid: the answer is kept for a person to check':
    'A Safaricom não disse que paybill ou till foi pago: a resposta fica guardada para uma pessoa verificar',
  'Safaricom did not give an amount that can be read: the answer is kept for a person to check':
    'A Safaricom não deu um montante legível: a resposta fica guardada para uma pessoa verificar',
};

export const lookupTexts = { en, sw, fr, es, pt };
