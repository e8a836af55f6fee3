import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { isEtracker, useSession } from '@ushirika/shared/session';
import { AreaTexts, type AreaTextsProps } from '@ushirika/shared/ui';

/**
 * The screens the etracker menu names its own way (spec 2.4: 'Money In', 'Money Out'), each title id with the
 * menu entry's (the shell's catalogue) that opens it: for an etracker partner the screen says what the menu says.
 */
export const ETRACKER_TITLES: Readonly<Record<string, string>> = {
  'incomes.title': 'menu.etracker.moneyIn',
  'expenses.title': 'menu.etracker.moneyOut',
};

/**
 * The area's screens titled in the partner's product's words: for an etracker partner, ETRACKER_TITLES' titles
 * read as their menu entries, in the current language (a host without such an entry, older than it, leaves the
 * screen's own title); for a general partner, the titles as they are.
 */
export function ProductTitles({ children }: { children: ReactNode }) {
  const etracker = useSession((state) => isEtracker(state.user));
  return etracker ? <EtrackerTitles>{children}</EtrackerTitles> : children;
}

/** The finance area's texts (the kit's AreaTexts) with its screens titled in the partner's product's words. */
export function FinanceTexts({ messages, children }: AreaTextsProps) {
  return (
    <AreaTexts messages={messages}>
      <ProductTitles>{children}</ProductTitles>
    </AreaTexts>
  );
}

function EtrackerTitles({ children }: { children: ReactNode }) {
  const parent = useIntl();
  // Our catalogues are plain strings (never precompiled message ASTs).
  const inherited = parent.messages as Record<string, string>;
  const messages = useMemo(
    () => ({
      ...inherited,
      ...Object.fromEntries(Object.entries(ETRACKER_TITLES).flatMap(([title, menu]) => (inherited[menu] === undefined ? [] : [[title, inherited[menu]]]))),
    }),
    [inherited],
  );
  return (
    <IntlProvider
      locale={parent.locale}
      defaultLocale={parent.defaultLocale}
      timeZone={parent.timeZone}
      formats={parent.formats}
      textComponent={parent.textComponent}
      onError={parent.onError}
      messages={messages}
    >
      {children}
    </IntlProvider>
  );
}
