import { areaCatalogue } from '@ushirika/shared/ui';
import { contacts } from '../contacts/resource';
import { groupTypes } from '../group-types/resource';
import { groups } from '../groups/resource';
import { households } from '../households/resource';
import ownEn from './en';
import ownEs from './es';
import ownPt from './pt';
import ownFr from './fr';
import ownSw from './sw';

/** The area's resources, whose texts are part of the catalogue (the catalogue test checks every id they use). */
export const resources = [contacts, households, groupTypes, groups];

/**
 * The area's texts: its resources' (from their descriptions) and its own; an id defined twice throws. The import
 * screens add theirs in their own chunk (../import/ImportTexts.tsx).
 */
export const { en, es, pt, fr, sw } = areaCatalogue(...resources, { en: ownEn, es: ownEs, pt: ownPt, fr: ownFr, sw: ownSw });
