import type { Pledge } from '@ushirika/shared/contract';

/** A pledge's contact as the campaign's screens name them: 'First Last'. */
export const fullName = (pledge: Pick<Pledge, 'firstName' | 'lastName'>) => `${pledge.firstName} ${pledge.lastName}`.trim();
