import type { ThemeConfig } from 'antd';
import { PRIMARY_COLOUR, SECONDARY_COLOUR } from '@ushirika/shared/brand';

export { PRIMARY_COLOUR, SECONDARY_COLOUR };

/**
 * Texts that meet WCAG AA (4.5:1 on white). Secondary texts (captions, breadcrumbs, hints, figures' titles, placeholders):
 * antd's 45% black is 3.4:1, 62% black 6.1:1. Status texts in darker shades of antd's own palettes: gold-8,
 * red-7, green-8: 6.8, 5.6 and 5.6:1. White on the brand primary is 4.7:1, so buttons keep it.
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.62)';
const READABLE = { colorWarningText: '#874d00', colorErrorText: '#cf1322', colorSuccessText: '#237804' };
/**
 * Tags write in their palette's 7th shade on its 1st: green, orange and gold fall below 4.5:1 there (3.4, 3.5,
 * 2.9), so they write in a darker shade of the same hue (5.5, 5.2, 6.5:1). Blue, red and purple pass as they are.
 * antd keeps each shade under two names (`green7`, `green-7`) that become one CSS variable (`--ant-green-7`):
 * both are set, or the variable keeps antd's shade.
 */
const darker = (palette: string, shade: string) => ({ [`${palette}7`]: shade, [`${palette}-7`]: shade });
const READABLE_TAGS = { ...darker('green', '#237804'), ...darker('orange', '#ad4e00'), ...darker('gold', '#874d00') };

export const theme: ThemeConfig = {
  zeroRuntime: true,
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorInfo: SECONDARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 6,
    colorTextSecondary: SECONDARY_TEXT,
    colorTextTertiary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    // A search select's placeholder ('Type a name or a number…') is read as text: it meets AA too (issue 28).
    colorTextPlaceholder: SECONDARY_TEXT,
    ...READABLE,
    ...READABLE_TAGS,
  },
};
