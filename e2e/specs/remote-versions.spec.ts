import { expect, test, type Page } from '@playwright/test';
import { startBuiltApp, type RunningApp } from '../support/app-server';
import { signIn } from '../support/demo';
import { copyWorkspaceFor, type WorkspaceCopy } from '../support/remote-build';
import { isolatedWebRoot, remoteCommand } from '../support/remote-versions';

/*
 * Ops switch one area between builds while browsers are open (issue 14, docs/operations.md "Remote versions"):
 * a second build of the meetings remote, with a visible change and a newer version, is published beside the
 * deployed one and chosen with `pnpm remote:use`; an open page shows it the next time it enters the area, with no
 * host rebuild and no server restart; switching back brings the first build back. The server is one of the
 * test's own, with a web root of its own, so the other tests never see the second build.
 */
const NEW_TITLE = 'Meeting Types (build B)';
const PORT = 8193;

let copy: WorkspaceCopy | undefined;
let web: ReturnType<typeof isolatedWebRoot> | undefined;
let app: RunningApp | undefined;
test.afterAll(async () => {
  await app?.stop();
  web?.remove();
  copy?.remove();
});

/** Into the meetings area through the menu, from the contacts area, as a person would. */
async function openMeetingTypes(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Contacts', { exact: true }).click();
  await menu.getByText('All Contacts').click();
  await expect(page.getByRole('heading', { name: 'All Contacts' })).toBeVisible();
  await menu.getByText('Meetings', { exact: true }).click();
  await menu.getByText('Meeting types').click();
  await expect(page).toHaveURL(/\/meetings\/meetingtypes$/);
}

test('an area switches to another build for open browsers, and back, without a rebuild or a restart', async ({ browser }) => {
  test.setTimeout(420_000);

  copy = copyWorkspaceFor('remote-meetings');
  copy.retitleMeetingTypes(NEW_TITLE);
  copy.bumpMinorVersion('remote-meetings/package.json');
  const built = await copy.build();

  web = isolatedWebRoot('meetings');
  app = await startBuiltApp(PORT, { WEB_ROOT: web.root });
  const ops = { WEB_ROOT: web.root, DATA_DIR: app.dataDir };
  const deployed = /^meetings: (\S+) \(newest build\)$/m.exec(remoteCommand('list', [], ops))?.[1];
  expect(deployed, 'the deployed meetings build').toBeTruthy();

  // Published, the new build waits beside the deployed one until it is chosen: the area is pinned first.
  remoteCommand('use', ['meetings', deployed!], ops);
  const published = remoteCommand('publish', ['meetings', built], ops);
  const next = /Published meetings (\S+);/.exec(published)?.[1];
  expect(next).toMatch(/^0\.2\.0\+/);
  expect(remoteCommand('list', [], ops)).toContain(`meetings: ${deployed} (pinned)`);

  const page = await browser.newPage({ baseURL: app.baseURL });
  await signIn(page, 'jane');
  await openMeetingTypes(page);
  await expect(page.getByRole('heading', { name: 'Meeting Types', exact: true })).toBeVisible();

  // Switched while the page is open: the next visit to the area brings the new build, whole.
  remoteCommand('use', ['meetings', next!], ops);
  await openMeetingTypes(page);
  await expect(page.getByRole('heading', { name: NEW_TITLE })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sunday Service' })).toBeVisible();
  const meetingsScripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.includes('/remotes/meetings/')),
  );
  expect(meetingsScripts.length).toBeGreaterThan(0);
  expect(meetingsScripts.every((url) => url.includes(`/remotes/meetings/${next}/`))).toBe(true);

  // And back, by version: its newest build.
  remoteCommand('use', ['meetings', '0.1.0'], ops);
  await openMeetingTypes(page);
  await expect(page.getByRole('heading', { name: 'Meeting Types', exact: true })).toBeVisible();
  await page.close();
});
