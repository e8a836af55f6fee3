import { expect, test } from '@playwright/test';
import { dialog, signIn } from '../support/demo';
import { copyWorkspaceFor, serveRemoteFrom, type WorkspaceCopy } from '../support/remote-build';

/*
 * An area ships alone (docs/architecture.md, "Module federation"): the meetings remote is built again, from a
 * copy of the workspace, with a changed text of its own and a newer kit (shared's minor version bumped, a kit
 * text changed), and served to the browser in place of the deployed one. The host, built before either change,
 * shows both in the meetings area, while the contacts area, still the deployed build, keeps the host's kit.
 *
 * The copy also declares no permissions on its screens, as every remote built before roles (issue 25): in the
 * new host it keeps working, and a viewer who uses a button it still shows is refused by the server, in words.
 */
const NEW_TITLE = 'Meeting Types (shipped alone)';
const OLD_PAGER = /^showing page 1 of \d+$/;
const NEW_PAGER = /^page 1 of \d+ \(newer kit\)$/;

let copy: WorkspaceCopy | undefined;
/** The copy's build, served again by the second test. */
let built: string | undefined;
test.afterAll(() => copy?.remove());

test('a remote built with its own new texts and a newer kit runs in the deployed host', async ({ page }) => {
  test.setTimeout(240_000);

  copy = copyWorkspaceFor('remote-meetings');
  // (a) The area's own text: the English Meeting Types heading, in its catalogue or its resource description.
  copy.retitleMeetingTypes(NEW_TITLE);
  // (b) A kit change the remote relies on, with shared's minor version bumped as the rule asks.
  copy.replace('shared/src/ui/messages/en.ts', /('kit\.pager\.status':\s*)'showing page \{page\} of \{pages\}'/, "$1'page {page} of {pages} (newer kit)'");
  copy.bumpMinorVersion('shared/package.json');
  // (c) A remote from before roles: its screens declare no permission.
  copy.replace(['remote-meetings/src/meeting-types/resource.ts', 'remote-meetings/src/meetings/resource.ts'], /^\s*permissions: \{[^}]*\},\n/m, '');
  const dist = await copy.build();
  built = dist;

  await serveRemoteFrom(page, 'meetings', dist);
  await signIn(page, 'jane');
  const pager = page.getByRole('navigation', { name: 'Pages' });

  // The contacts area (deployed build) uses the host's kit.
  await page.goto('/contacts/default');
  await expect(page.getByRole('heading', { name: 'All Contacts' })).toBeVisible();
  await expect(pager.getByText(OLD_PAGER)).toBeVisible();

  // The meetings area comes from the new build: its own new text, and the newer kit's.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Meetings', { exact: true }).click();
  await menu.getByText('Meeting types').click();
  await expect(page).toHaveURL(/\/meetings\/meetingtypes$/);
  await expect(page.getByRole('heading', { name: NEW_TITLE })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sunday Service' })).toBeVisible();
  await expect(pager.getByText(NEW_PAGER)).toBeVisible();

  // Back in contacts without reloading: the two kits run side by side on one page.
  await page.goBack();
  await expect(page).toHaveURL(/\/contacts\/default$/);
  await expect(page.getByRole('heading', { name: 'All Contacts' })).toBeVisible();
  await expect(pager.getByText(OLD_PAGER)).toBeVisible();
});

test('a remote built before roles runs in the new host: the server refuses what its screens still offer', async ({ page }) => {
  test.setTimeout(60_000);
  test.skip(!built, 'needs the build of the test above');
  await serveRemoteFrom(page, 'meetings', built!);
  await signIn(page, 'viewer');
  // The host's menu follows the viewer's roles: no finance, no messaging.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText('Finance', { exact: true })).toHaveCount(0);
  await page.goto('/meetings/meetingtypes');
  await expect(page.getByRole('heading', { name: NEW_TITLE })).toBeVisible();
  // The remote knows nothing of roles and offers New; the server decides.
  await page.getByRole('button', { name: 'New Meeting Type' }).click();
  await page.getByLabel('Type Name').fill('Not for a viewer');
  await page.getByLabel('Description').fill('refused');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog(page, 'Error!')).toContainText('You do not have permission to add or change meetings.');
});
