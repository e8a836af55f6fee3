import { areaCatalogue } from '@ushirika/shared/ui';
import { accounts, clientAccounts } from '../accounts/resource';
import { campaigns } from '../campaigns/resource';
import { campaignServerTexts } from '../campaigns/server-texts';
import { expenses } from '../expenses/resource';
import { incomes } from '../income/resource';
import { lookupTexts } from '../mpesa/lookup-texts';
import { billRefRules } from '../mpesa/rules';
import { reportTexts } from '../reports/messages';
import ownEn from './en';
import ownEs from './es';
import ownPt from './pt';
import ownFr from './fr';
import ownSw from './sw';
import { ledgerTexts } from './ledger';

/** The area's resources, whose texts are part of the catalogue (the catalogue test checks every id they use). */
export const resources = [accounts, clientAccounts, incomes, expenses, billRefRules, campaigns];

/** The area's texts: its resources' (from their descriptions), its own, the reports', the ledger's, the M-Pesa look-up's and the campaigns'; an id defined twice throws. */
export const { en, es, pt, fr, sw } = areaCatalogue(
  ...resources,
  { en: ownEn, es: ownEs, pt: ownPt, fr: ownFr, sw: ownSw },
  reportTexts,
  ledgerTexts,
  lookupTexts,
  campaignServerTexts,
);
