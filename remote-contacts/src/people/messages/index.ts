import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import sw from './sw';

/** The person's page's texts, loaded with the page (../PeopleTexts.tsx) over the contacts area's catalogue. */
export { en, es, pt, fr, sw };
