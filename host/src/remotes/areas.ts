import type { ComponentType } from 'react';

/** The four business areas, each a federation remote exposing `./routes` (docs/architecture.md). */
export const AREAS = ['contacts', 'finance', 'meetings', 'messaging'] as const;
export type AreaName = (typeof AREAS)[number];

/** Path prefixes the host owns and the area each one mounts (finance serves /finance and /etracker). */
export const AREA_PREFIXES: ReadonlyArray<{ prefix: string; area: AreaName }> = [
  { prefix: 'contacts', area: 'contacts' },
  { prefix: 'finance', area: 'finance' },
  { prefix: 'etracker', area: 'finance' },
  { prefix: 'meetings', area: 'meetings' },
  { prefix: 'messaging', area: 'messaging' },
];

/** What a remote's `./routes` module exports: `AreaRoutes({ base })`. */
export interface AreaRoutesProps {
  base: string;
}
export interface AreaModule {
  default: ComponentType<AreaRoutesProps>;
}

/** Loads an area's routes module; injected so tests (and other hosts) can replace federation. */
export type AreaLoader = (area: AreaName) => Promise<AreaModule>;

export function isAreaName(value: string): value is AreaName {
  return (AREAS as readonly string[]).includes(value);
}
