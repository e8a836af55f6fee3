import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import sw from './sw';

export { en, es, fr, pt, sw };
