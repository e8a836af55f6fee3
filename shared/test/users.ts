import type { SessionUser } from '../src/contract';

/** Two signed-in users of two partners in two countries, for tests of what one may see of the other's. */
export const amina: SessionUser = {
  firstName: 'Amina',
  lastName: 'Wanjiru',
  email: 'Amina@Grace.test',
  Partner: { id: 1, name: 'Grace', product: 'general', country: 'KE' },
};
export const brian: SessionUser = {
  firstName: 'Brian',
  lastName: 'Okello',
  email: 'brian@kampala.test',
  Partner: { id: 2, name: 'Kampala', product: 'general', country: 'UG' },
};
