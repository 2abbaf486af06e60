import { dirname, join } from 'node:path';
import { expect, test, type Browser, type Page } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { startExtraServer, type ExtraServer } from './support/extra-server';
import { seriousViolations } from './support/axe';
import { ADMIN_PASSWORD, ADMIN_USER } from './support/global-setup';
import { importLibrary, writeAlbums } from './support/music-dir';
import { signInByApi } from './support/sign-in-by-api';

/**
 * Issue 46, "several libraries", on a server of its own (the shared server's library stays as
 * other specs expect): an administrator adds a second library in the settings screen and keeps
 * it from the default role in the role editor; a member of that role never meets its album
 * (browse, search, its address), while a member whose role sees every library does, and can
 * narrow browse to one library.
 */
const WORD = 'Lantern';
const FIRST_ALBUM = `${WORD} Harbour`;
const SECOND_ALBUM = `${WORD} Basement Tapes`;
const SECOND_NAME = 'Live recordings';

interface Found {
  data: Array<{ collectionId: number; collectionName: string }>;
}
interface RoleRow {
  roleId: number;
  roleName: string;
}
interface LibraryRow {
  libraryId: number;
  name: string;
  collectionCount?: number;
}

const cards = (page: Page) => page.getByTestId('collection-card');

test.describe.configure({ mode: 'serial' });

test.describe('several libraries', () => {
  let extra: ExtraServer;
  let admin: ApiSession;
  let secondFolder = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    extra = await startExtraServer();
    admin = await ApiSession.signIn(ADMIN_USER, ADMIN_PASSWORD, extra.url);
    await writeAlbums(join(extra.musicDir, 'first'), [{ album: FIRST_ALBUM, artist: 'Mira' }]);
    expect((await importLibrary(admin)).state).toBe('done');
    // Beside MUSIC_DIR, outside the server's DATA_DIR: a folder the server may follow.
    secondFolder = join(dirname(extra.musicDir), 'second');
    await writeAlbums(secondFolder, [{ album: SECOND_ALBUM, artist: 'Vale' }]);
  });

  test.afterAll(async () => {
    await admin?.dispose();
    await extra?.close();
  });

  /** A signed-in page of its own for one account on the extra server. */
  async function pageFor(browser: Browser, username: string, password: string) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInByApi(page, username, password, extra.url);
    return page;
  }

  test('an administrator adds a library, sees it scanned, and keeps it from the default role', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await pageFor(browser, ADMIN_USER, ADMIN_PASSWORD);
    await page.goto(`${extra.url}/admin/settings`);
    const panel = page.getByRole('region', { name: 'Libraries', exact: true });
    const items = panel.getByTestId('library-card');
    await expect(items).toHaveCount(1);
    // MUSIC_DIR is the first library: named by the configuration, not removable here.
    const first = items.first();
    await expect(first).toContainText('Music folder (MUSIC_DIR)');
    await expect(first).toContainText('1 album');
    await expect(first.getByRole('button', { name: 'Remove' })).toHaveCount(0);

    // A folder that is not there: the server's reason, said under the form.
    await panel.getByLabel('Name').fill(SECOND_NAME);
    await panel.getByLabel('Folder').fill(`${secondFolder}-nowhere`);
    await panel.getByRole('button', { name: 'Add library' }).click();
    await expect(panel.getByRole('alert')).toContainText('There is no folder at');
    await expect(items).toHaveCount(1);

    await panel.getByLabel('Folder').fill(secondFolder);
    const added = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/library',
    );
    await panel.getByRole('button', { name: 'Add library' }).press('Enter');
    expect((await added).status()).toBe(200);
    const second = items.filter({ has: page.getByRole('heading', { name: SECOND_NAME }) });
    await expect(second).toContainText(secondFolder);
    // Its first scan starts at once; the list polls until the album is counted.
    await expect(second).toContainText('1 album', { timeout: 60_000 });
    await expect(second.getByRole('button', { name: 'Remove' })).toBeVisible();
    expect(await seriousViolations(page, 'section[aria-labelledby="settings-libraries"]')).toEqual(
      [],
    );

    // The role editor offers the choice now that there are two libraries.
    const { defaultRoleId } = await admin.call<{ defaultRoleId: number }>('GET', '/api/settings');
    const roles = await admin.call<RoleRow[]>('GET', '/api/role');
    const member = roles.find((role) => role.roleId === defaultRoleId);
    if (!member) throw new Error('no default role');
    await page.goto(`${extra.url}/admin/roles`);
    await page.getByRole('row', { name: `Edit role: ${member.roleName}` }).click();
    const dialog = page.getByRole('dialog');
    const libraries = dialog.getByRole('group', { name: 'Libraries', exact: true });
    await expect(
      libraries.getByRole('radio', { name: 'All libraries (including ones added later)' }),
    ).toBeChecked();
    await libraries.getByText('Only these libraries').click();
    const chosen = dialog.getByRole('group', { name: 'Libraries its members see' });
    await expect(chosen.getByRole('checkbox', { name: SECOND_NAME })).toBeChecked();
    await chosen.getByText(SECOND_NAME).click();
    await expect(chosen.getByRole('checkbox', { name: SECOND_NAME })).not.toBeChecked();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    const saved = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/role/${defaultRoleId}`,
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).postDataJSON()).toMatchObject({ roleLibraries: [1] });
    await expect(page.getByText('saved changes')).toBeVisible();
    await page.context().close();
  });

  test('a member of that role never meets the second library; one who sees all can filter by it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const listed = await admin.call<{ libraries: LibraryRow[] }>('GET', '/api/libraries');
    const second = listed.libraries.find((library) => library.name === SECOND_NAME);
    if (!second) throw new Error('the second library is not listed');
    const found = await admin.call<Found>('POST', '/api/audio_collection/search', {
      query: SECOND_ALBUM,
    });
    const secondId = found.data.find((c) => c.collectionName === SECOND_ALBUM)?.collectionId;
    if (secondId === undefined) throw new Error('the second library’s album was not imported');

    // A member of the default role, now limited to the first library.
    const limited = await registerUser('limited', extra.url);
    // Browse opens once the e-mail is confirmed; the administrator confirms it here.
    await admin.call('POST', `/api/user/${limited.userId}`, { emailConfirmed: true });
    const page = await pageFor(browser, limited.username, limited.password);
    await page.goto(`${extra.url}/browse?query=${WORD}`);
    await expect(cards(page).filter({ hasText: FIRST_ALBUM })).toHaveCount(1);
    await expect(cards(page).filter({ hasText: SECOND_ALBUM })).toHaveCount(0);
    // One library seen: no library filter to offer.
    await expect(
      page.getByTestId('filter-bar').getByRole('button', { name: /^Library/ }),
    ).toHaveCount(0);
    const own = await page.request.get(`${extra.url}/api/libraries`);
    expect(((await own.json()) as { libraries: LibraryRow[] }).libraries).toHaveLength(1);
    // Its address answers as if there were no such album.
    const direct = await page.request.get(`${extra.url}/api/audio_collection/${secondId}`);
    expect(direct.status()).toBe(404);
    await page.goto(`${extra.url}/collection/${secondId}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByText(SECOND_ALBUM)).toHaveCount(0);
    await page.context().close();

    // A member whose role sees every library, including ones added later.
    const role = await admin.call<RoleRow>('PUT', '/api/role', {
      roleName: `Everything ${Date.now().toString(36)}`,
      roleLibraries: null,
    });
    const everyone = await registerUser('everyone', extra.url);
    await admin.call('POST', `/api/user/${everyone.userId}`, {
      roleId: role.roleId,
      emailConfirmed: true,
    });
    const wide = await pageFor(browser, everyone.username, everyone.password);
    await wide.goto(`${extra.url}/browse?query=${WORD}`);
    await expect(cards(wide).filter({ hasText: FIRST_ALBUM })).toHaveCount(1);
    await expect(cards(wide).filter({ hasText: SECOND_ALBUM })).toHaveCount(1);

    // The library filter: into the address and the search call, and back out again.
    const filter = wide.getByTestId('filter-bar').getByRole('button', { name: /^Library/ });
    await filter.click();
    const search = wide.waitForRequest(
      (r) => r.url().endsWith('/api/audio_collection/search') && r.method() === 'POST',
    );
    await wide.getByRole('dialog', { name: 'Library' }).getByText(SECOND_NAME).click();
    expect((await search).postDataJSON()).toMatchObject({ libraryId: second.libraryId });
    await expect(wide).toHaveURL(new RegExp(`[?&]library=${second.libraryId}(&|$)`));
    await expect(cards(wide).filter({ hasText: SECOND_ALBUM })).toHaveCount(1);
    await expect(cards(wide).filter({ hasText: FIRST_ALBUM })).toHaveCount(0);
    await expect(filter).toContainText(SECOND_NAME);
    await wide.reload();
    await expect(cards(wide).filter({ hasText: FIRST_ALBUM })).toHaveCount(0);
    await wide.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards(wide).filter({ hasText: FIRST_ALBUM })).toHaveCount(1);
    await wide.context().close();
  });

  test('an administrator renames the library from the keyboard, then removes it: its album is hidden', async ({
    browser,
  }) => {
    const page = await pageFor(browser, ADMIN_USER, ADMIN_PASSWORD);
    await page.goto(`${extra.url}/admin/settings`);
    const panel = page.getByRole('region', { name: 'Libraries', exact: true });
    const card = (name: string) =>
      panel.getByTestId('library-card').filter({ has: page.getByRole('heading', { name }) });
    await card(SECOND_NAME).getByRole('button', { name: 'Rename' }).focus();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename library' });
    await expect(rename.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Basement');
    await page.keyboard.press('Enter');
    await expect(rename).toBeHidden();
    await expect(card('Basement')).toContainText(secondFolder);

    await card('Basement').getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove the library Basement?' });
    await expect(confirm).toContainText('kept for 30 days (MISSING_RETENTION_DAYS)');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Library removed: 1 file hidden')).toBeVisible();
    await expect(panel.getByTestId('library-card')).toHaveCount(1);
    const found = await admin.call<Found>('POST', '/api/audio_collection/search', { query: WORD });
    expect(found.data.map((c) => c.collectionName)).toEqual([FIRST_ALBUM]);
    await page.context().close();
  });
});
