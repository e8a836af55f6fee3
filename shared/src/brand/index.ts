/**
 * The brand (spec 1): primary #4466f2, secondary #1ea6ec. Its own subpath, free of antd, so the login screen
 * can wear the brand without loading the kit; the kit's antd theme (`@ushirika/shared/ui`) starts from it.
 */
export const PRIMARY_COLOUR = '#4466f2';
export const SECONDARY_COLOUR = '#1ea6ec';
