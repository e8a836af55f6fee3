/**
 * The brand (spec 1): primary #4466f2, secondary #1ea6ec. Its own subpath, free of antd's code, so the login
 * screen can wear the brand without loading the kit; the kit's antd theme (`@ushirika/shared/ui`) starts from it.
 * Also antd's stylesheet, which every antd screen needs before it is drawn (antd runs in zero-runtime mode).
 */
export const PRIMARY_COLOUR = '#4466f2';
export const SECONDARY_COLOUR = '#1ea6ec';

export { loadAntdStylesheet } from './antd-stylesheet';
