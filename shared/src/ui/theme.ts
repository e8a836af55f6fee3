import type { ThemeConfig } from 'antd';

/** Spec 1: primary #4466f2, secondary #1ea6ec (antd's info/link accent). */
export const PRIMARY_COLOUR = '#4466f2';
export const SECONDARY_COLOUR = '#1ea6ec';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorInfo: SECONDARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    borderRadius: 6,
  },
};
