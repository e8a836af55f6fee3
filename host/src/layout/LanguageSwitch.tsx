import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, useLocale } from '@ushirika/shared/i18n';

/** en / es / pt / fr (spec 1); the choice is remembered by the shared locale store. */
export function LanguageSwitch() {
  const intl = useIntl();
  const locale = useLocale((state) => state.locale);
  const setLocale = useLocale((state) => state.setLocale);
  return (
    <Select
      value={locale}
      onChange={setLocale}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      aria-label={intl.formatMessage({ id: 'header.language' })}
      popupMatchSelectWidth={false}
      options={LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
    />
  );
}
