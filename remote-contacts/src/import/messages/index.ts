import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import sw from './sw';

/** The import wizard's and the imports list's texts, merged into the contacts area's catalogue (../../messages/index.ts). */
export { en, es, pt, fr, sw };
