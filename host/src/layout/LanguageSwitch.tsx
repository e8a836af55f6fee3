import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, useLocale, type Locale } from '@ushirika/shared/i18n';

const SWITCH_CSS = `
.language-switch { font: inherit; color: inherit; background: transparent; border: 1px solid transparent; border-radius: 6px; padding: 4px 6px; cursor: pointer; max-width: 9.5em; }
.language-switch:hover { border-color: #d9d9d9; }
.language-switch:focus-visible { outline: 2px solid currentColor; outline-offset: 1px; }
`;

/**
 * The interface language (spec 1, plus Kiswahili); the choice is remembered by the shared locale store. A native
 * select: the same on the login screen (which loads no antd) and in the header, and the phone's own picker on
 * Android.
 */
export function LanguageSwitch() {
  const intl = useIntl();
  const locale = useLocale((state) => state.locale);
  const setLocale = useLocale((state) => state.setLocale);
  return (
    <>
      <style href="language-switch" precedence="default">
        {SWITCH_CSS}
      </style>
      <select
        className="language-switch"
        value={locale}
        onChange={(event) => setLocale(event.target.value as Locale)}
        aria-label={intl.formatMessage({ id: 'header.language' })}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </>
  );
}
