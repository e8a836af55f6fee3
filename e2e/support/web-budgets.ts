import type { ScreenKind } from './screens';

/** Sizes are in kilobytes of 1,000 bytes, as Lighthouse and the issue count them. */
export const KB = 1000;

/**
 * The JavaScript a screen may download on a cold visit, compressed, as transferred (issue 13). `pnpm bench:web`
 * prints every screen against these.
 */
export const WEIGHT_BUDGETS: Record<ScreenKind, number> = {
  login: 200 * KB,
  list: 350 * KB,
  form: 350 * KB,
  dashboard: 600 * KB,
};

/**
 * What CI enforces (`e2e/specs/weight.spec.ts`): the budget where it is met, else today's weight plus a little,
 * so that a regression fails the build while the list and form screens are still above their budget
 * (a table screen's floor on this stack is 365 KB: docs/benchmarks.md, "The floor of a list screen"). Lower these as screens
 * lose weight; never raise them without saying why in the commit.
 */
export const WEIGHT_CEILINGS: Record<ScreenKind, number> = {
  login: WEIGHT_BUDGETS.login,
  // Since 26 November 2026 (forms load with the form): lists 480-492 KB, the statements screen 535 and the budgets
  // screen 585 (both with their forms, the budgets with its chart); forms 536-551 KB. Raised from 600 KB on 27
  // November 2026: the budgets screen is 609 KB since the finance area's shared chunk carries the ledger's statuses
  // and texts (issue 26). A regression, left for the performance issue (32) to take back. Raised to 625 KB on 27
  // November 2026: the budgets screen is 621 KB since the kit's lists carry a date range, cards for phones and a
  // summary line, and the kit's texts those and the SMS preview's in five languages (issue 28). Issue 32 again.
  // Raised to 630 KB on 27 November 2026: the budgets screen is 624-627 KB (it varies by a few KB between builds) since
  // the finance area's catalogue carries the M-Pesa code look-up's texts (issue 29). Issue 32 again. Raised to 645 KB
  // on 27 November 2026 for a campaign's page, 641 KB: the budgets screen's weekly chart (Chart.js) with the per-contact
  // list and the campaigns' texts, in their own chunk (issue 30; the drawers load when opened). Issue 32 again.
  list: 645 * KB,
  // Raised from 570 KB on 27 November 2026: form screens are 570-574 KB since the kit's forms carry a description's
  // edit form and useFormField, and the contacts area's chunk the contact and household descriptions (issue 27; the
  // import's texts were moved to the import screens' own chunk). A regression, left for issue 32 with the list's.
  // Raised to 590 KB on 27 November 2026: forms are 583-587 KB with the kit's date box and money reading, and the
  // income form's contact search (issue 28). Issue 32 again. Raised to 595 KB on 27 November 2026: the income form is
  // 593 KB since the finance area's catalogue carries the M-Pesa code look-up's texts (issue 29). Issue 32 again.
  // Raised to 600 KB on 27 November 2026: the income form is 598 KB since the finance area's chunk carries the
  // campaigns' description, routes and the server's campaign texts (issue 30; the screens' own texts load with them).
  form: 600 * KB,
  // 465-515 KB with the charts since 26 November 2026.
  dashboard: WEIGHT_BUDGETS.dashboard,
};

export type Preset = 'desktop' | 'mobile';

/**
 * Lighthouse 12 performance scores (0-100), median of the runs; a kind without a score here is printed without a
 * verdict. Issue 32: what a person on a phone feels is what counts, so every screen is scored on the mobile preset
 * (slow 4G, 4× slower CPU) at 90 or more.
 */
export const SCORE_BUDGETS: Record<Preset, Partial<Record<ScreenKind, number>>> = {
  desktop: { login: 95, dashboard: 90, list: 90 },
  mobile: { login: 90, dashboard: 90, list: 90, form: 90 },
};

/** Issue 32: every screen shows its content within 2.0 s on the mobile preset (Lighthouse's Speed Index). */
export const SPEED_INDEX_BUDGET_MS = 2000;
