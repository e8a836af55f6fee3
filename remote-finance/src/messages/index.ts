import en from './en';
import es from './es';
import pt from './pt';
import fr from './fr';

export { en, es, pt, fr };
