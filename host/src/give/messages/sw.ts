import type en from './en';

/** Kiswahili: see en.ts. */
const messages: Record<keyof typeof en, string> = {
  'give.title': 'Toa',
  'give.subtitle': 'Toa kwa M-Pesa: simu yako itakuomba PIN yako ya M-Pesa ili kuthibitisha.',
  'give.notFound': 'Hakuna ukurasa wa kutoa kwenye anwani hii',
  'give.notFound.hint': 'Angalia kiungo ulichopewa, au uliza kanisa likupe.',
  'give.noFunds': 'Bado hakuna kilichofunguliwa kwa matoleo kwenye ukurasa huu.',
  'give.retry': 'Jaribu tena',
  'give.fund': 'Toa kwa',
  'give.fund.missing': 'Chagua unachotolea',
  'give.amount': 'Kiasi (KES)',
  'give.amount.hint': 'Shilingi kamili, kuanzia KES {min} hadi KES {max}',
  'give.amount.missing': 'Weka kiasi cha kutoa',
  'give.amount.notWhole': 'Weka shilingi kamili, kwa mfano 500',
  'give.amount.range': 'Toa kati ya KES {min} na KES {max}',
  'give.phone': 'Nambari ya simu ya M-Pesa',
  'give.phone.hint': 'Ombi la M-Pesa litatumwa kwa simu hii, kwa mfano 0712 345 678',
  'give.phone.missing': 'Weka nambari ya simu ya M-Pesa',
  'give.phone.invalid': 'Hii si nambari ya simu ya Kenya: iandike kama 0712 345 678 au +254 712 345 678',
  'give.submit': 'Toa',
  'give.tooMany': 'Majaribio mengi mno kwa nambari hii. Jaribu tena baadaye.',
  'give.waiting': 'Angalia simu yako: weka PIN yako ya M-Pesa ili kutoa KES {amount} kwa {partner}.',
  'give.waiting.hint': 'Ukurasa huu unafuatilia malipo: usiufunge.',
  'give.paid': 'Asante! Toleo lako la KES {amount} limepokelewa. Risiti ya SMS inakuja.',
  'give.cancelled': 'Ulighairi malipo kwenye simu yako.',
  'give.timeout': 'Simu yako haikujibu kwa wakati.',
  'give.failed': 'Malipo hayakufanikiwa.',
  'give.stopped': 'M-Pesa bado haijajibu. Ikiwa uliweka PIN yako, toleo lako litarekodiwa na risiti ya SMS itafuata.',
  'give.again': 'Toa tena',
};

export default messages;
