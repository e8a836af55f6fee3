import en from './en';
import es from './es';
import pt from './pt';
import fr from './fr';
import sw from './sw';

export { en, es, pt, fr, sw };
