import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import sw from './sw';

/** The giving page's texts (./en.ts), added below the shell's by GiveTexts. */
export { en, es, pt, fr, sw };
