import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, unique } from '../support/demo';
import { FAILING_MOBILE, sendableMobile } from '../support/messaging';
import { SCREENS, type Screen } from '../support/screens';
import { sessionFor, signedInContext } from '../support/weight';

/**
 * Every screen passes axe-core (WCAG 2.1 A and AA) with no critical or serious violation, in English and in
 * Swahili, and has exactly one h1 (issue 13). The language is chosen as a user's browser remembers it.
 */
const LANGUAGES = ['en', 'sw'] as const;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LOCALE_KEY = 'ushirika.locale';

/**
 * The demo partner has no messages: axe must see the lists with rows in every state a tag shows (a sent
 * message, a failed one, a scheduled one), as a partner's lists have them, not only empty (CI once met a
 * status colour too faint that an empty list had hidden).
 */
test.beforeAll(async ({ request }) => {
  const jane = await apiAs(request, 'jane');
  const tag = `A11Y${unique()}`;
  const sendAt = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (const [recipients, send_at] of [
    [`${sendableMobile()}, ${FAILING_MOBILE}`, ''],
    [sendableMobile(), `${sendAt}T09:00`],
  ]) {
    const response = await jane.post('notifymany', {
      recipient_type: 'Typed',
      recipients,
      textmessage: `${tag} Harambee on Saturday`,
      type: 'SMS',
      category: 'WEBSMS',
      send_at,
    });
    expect(response.status()).toBe(201);
  }
  // The outbox worker sends a moment later: wait until nothing of ours is still queued.
  await expect(async () => {
    const { notifications } = (await (await jane.get('notification', { page: 1, pagesize: 15, searchKey: tag })).json()) as { notifications: { state: string }[] };
    expect(notifications.map((message) => message.state).sort()).toEqual(['failed', 'scheduled', 'sent']);
  }).toPass({ timeout: 30_000 });
});

/** Waits until the screen has its heading and no spinner, so axe sees the screen, not its loading state. */
async function settled(page: Page, screen: Screen) {
  await expect(page.locator('h1').first(), `${screen.path} shows its heading`).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.ant-spin-spinning, .boot-loader')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * axe runs in the page itself (axe.run, AxeBuilder's "legacy mode"): the app has no frames, where the default
 * (axe.runPartial in each frame, then axe.finishRun in a new blank page with axe injected again) finds the same
 * violations, passes and nodes at twice the cost, about 1.4 s more per screen.
 */
async function problemsOf(page: Page, screen: Screen): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode().analyze();
  const serious = violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious');
  const problems = serious.map(
    (violation) =>
      `${screen.path}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  const headings = await page.locator('h1').count();
  if (headings !== 1) problems.push(`${screen.path}: ${headings} h1 elements, not 1`);
  return problems;
}

for (const language of LANGUAGES) {
  test(`every screen is clean for axe, with one h1, in ${language}`, async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const problems: string[] = [];
    const users = [...new Set(SCREENS.map((screen) => screen.user))];
    for (const user of users) {
      const session = user ? await sessionFor(baseURL!, user) : undefined;
      const context = await signedInContext(browser, baseURL!, session);
      await context.addInitScript({
        content: `localStorage.setItem(${JSON.stringify(LOCALE_KEY)}, ${JSON.stringify(JSON.stringify({ state: { locale: language }, version: 0 }))})`,
      });
      const page = await context.newPage();
      for (const screen of SCREENS.filter((candidate) => candidate.user === user)) {
        await page.goto(screen.path);
        await settled(page, screen);
        expect(await page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${language}`));
        problems.push(...(await problemsOf(page, screen)));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}
