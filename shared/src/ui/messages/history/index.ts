import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import sw from './sw';

/** The activity log's texts (./en.ts), loaded with the history (shared/src/ui/history), not with every screen. */
export { en, es, fr, pt, sw };
