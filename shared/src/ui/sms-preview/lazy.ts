import { lazyScreen } from '../lazy-screen';

/*
 * The SMS preview's parts, loaded when first shown: they count SMS parts with the validation kit, which list screens
 * (a Resend button's) do not download until a preview opens.
 */

/** Loads the preview's module (the confirmation dialog's body). */
export const loadSmsPreview = () => import('./SmsPreview');

/** `<UnicodeNotice text onReplace? showText? />`: see SmsPreview.tsx. */
export const UnicodeNotice = lazyScreen(loadSmsPreview, 'UnicodeNotice');
/** `<MarkedSmsText text />`: see SmsPreview.tsx. */
export const MarkedSmsText = lazyScreen(loadSmsPreview, 'MarkedSmsText');
