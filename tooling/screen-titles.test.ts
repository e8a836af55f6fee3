import { LOCALES, messagesFor } from '@ushirika/shared/i18n';
import { PARTNER_AREAS } from '@ushirika/shared/contract';
import * as contacts from '../remote-contacts/src/messages';
import * as contactImports from '../remote-contacts/src/import/messages';
import * as finance from '../remote-finance/src/messages';
import { ETRACKER_TITLES } from '../remote-finance/src/etracker-titles';
import * as meetings from '../remote-meetings/src/messages';
import * as messaging from '../remote-messaging/src/messages';
import * as hostScreens from '../host/src/screen-texts';
import { etrackerMenu, GENERAL_MENU, menuLinks } from '../host/src/menu/menus';

/**
 * Issue 28.7: the screen a menu entry opens is titled as the entry, in every language and in both products.
 * It reads the host's menus and every area's catalogue, which no app may import from another (eslint.config.mjs's
 * boundaries): hence here, beside the build's tooling, in the web tests.
 * Each path the menus link to, with the catalogue id of the title its screen shows (a resource's `<name>.title`,
 * or the PageHeader's / ListPage's `title`). A new menu entry must be added here.
 */
const SCREEN_TITLES: Record<string, string> = {
  '/dashboard/home': 'dashboard.title',
  '/dashboard/etracker': 'dashboard.title',
  '/contacts/default': 'contacts.title',
  '/contacts/groups': 'groups.title',
  '/contacts/grouptypes': 'groupTypes.title',
  '/contacts/households': 'households.title',
  '/contacts/imports': 'contacts.imports.title',
  '/finance/income': 'incomes.title',
  '/finance/expenses': 'expenses.title',
  '/finance/accounts': 'accounts.title',
  '/etracker/accounts': 'clientAccounts.title',
  '/finance/mpesa': 'mpesa.title',
  '/finance/campaigns': 'campaigns.title',
  '/finance/statements': 'reports.statements.title',
  '/finance/budgets': 'reports.budgets.title',
  '/finance/periods': 'ledger.periods.title',
  '/meetings/default': 'meetings.title',
  '/meetings/meetingtypes': 'meetingTypes.title',
  '/meetings/absentees': 'absentees.title',
  '/messaging/messages': 'messaging.messages.title',
  '/messaging/uploaded_files': 'messaging.files.title',
  '/messaging/failed_messages': 'messaging.failed.title',
  '/messaging/optouts': 'optOuts.title',
  '/messaging/config': 'messageConfigs.title',
  '/settings/staff': 'settings.staff.title',
  '/settings/activity': 'settings.activity.title',
  '/settings/mpesa': 'settings.mpesa.title',
};

/** Every text a screen may show in `locale`: the shell's, then the areas' and the host screens' catalogues. */
function catalogue(locale: (typeof LOCALES)[number]): Record<string, string> {
  return {
    ...messagesFor(locale),
    ...contacts[locale],
    ...contactImports[locale],
    ...finance[locale],
    ...meetings[locale],
    ...messaging[locale],
    ...hostScreens[locale],
  };
}

/** The menu entries whose screen's title differs from them: 'locale: entry ≠ title (path)'. */
function mismatches(menu: ReturnType<typeof menuLinks>, titleOf: (path: string) => string | undefined): string[] {
  return LOCALES.flatMap((locale) => {
    const texts = catalogue(locale);
    return menu.flatMap((link) => {
      const titleId = titleOf(link.path);
      const entry = texts[link.titleId];
      const title = titleId === undefined ? undefined : texts[titleId];
      return entry !== undefined && entry === title ? [] : [`${locale}: '${entry}' ≠ '${title}' (${link.path})`];
    });
  });
}

describe('screen titles (issue 28.7: each screen titled as the menu entry that opens it)', () => {
  it('titles every screen of the general menu as its entry, in every language', () => {
    expect(mismatches(menuLinks(GENERAL_MENU), (path) => SCREEN_TITLES[path])).toEqual([]);
  });

  it('titles every screen of the etracker menu as its entry, its areas’ included: Money In, not All Income', () => {
    // The finance area shows the etracker menu's words for the screens it names its own way (ETRACKER_TITLES).
    const etrackerTitle = (path: string) => {
      const titleId = SCREEN_TITLES[path];
      return titleId === undefined ? undefined : (ETRACKER_TITLES[titleId] ?? titleId);
    };
    expect(mismatches(menuLinks(etrackerMenu(PARTNER_AREAS)), etrackerTitle)).toEqual([]);
    expect(catalogue('en')[etrackerTitle('/finance/income')!]).toBe('Money In');
    expect(catalogue('en')[etrackerTitle('/finance/expenses')!]).toBe('Money Out');
  });
});
