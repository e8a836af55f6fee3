import type { ThemeConfig } from 'antd';
import { PRIMARY_COLOUR, SECONDARY_COLOUR } from '@ushirika/shared/brand';

export { PRIMARY_COLOUR, SECONDARY_COLOUR };

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorInfo: SECONDARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 6,
  },
};
