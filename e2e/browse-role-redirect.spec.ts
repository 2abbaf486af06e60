import { expect, test, type Browser } from './support/csp-guard';
import { ApiSession, collectionId, registerUser, uniqueName } from './support/api';
import { ADMIN_USER } from './support/global-setup';
import { signIn } from './support/sign-in';

interface Settings {
  defaultRoleId: number;
}

/**
 * Where the user ends up after opening `path`. A fresh browser context each time: the session
 * (with its role) is kept in a persisted query cache, and this must read the role anew.
 */
async function landing(
  browser: Browser,
  user: { username: string; password: string },
  path: string,
  heading: string,
): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, user.username, user.password);
    await page.goto(path);
    // Either the page itself or the home page it was sent to.
    await expect(
      page
        .getByRole('heading', { level: 1, name: heading })
        .or(page.getByRole('heading', { name: `Welcome, ${user.username}` })),
    ).toBeVisible();
    return new URL(page.url()).pathname;
  } finally {
    await context.close();
  }
}

test.describe('pages that need roleEnableBrowse', () => {
  test('collection and playlist pages send a role without browse to /', async ({ browser }) => {
    const admin = await ApiSession.signIn();
    const settings = await admin.call<Settings>('GET', '/api/settings');
    const id = await collectionId('Harbour Lights');
    const playlist = (
      await admin.call<{ playlistsSpecial: { playlistId: number; playlistTitle: string }[] }>(
        'GET',
        '/api/homepage',
      )
    ).playlistsSpecial[0]!;
    // A role of its own, so the change reaches only this test's account.
    const role = await admin.call<{ roleId: number }>('PUT', '/api/role', {
      roleName: uniqueName('Browse role '),
      roleEnableBrowse: true,
    });
    const user = await registerUser('nobrowse');
    expect(user.username).not.toBe(ADMIN_USER);
    try {
      await admin.call('POST', `/api/user/${user.userId}`, { roleId: role.roleId });
      const collectionPath = `/collection/${id}`;
      const playlistPath = `/playlist/${playlist.playlistId}`;
      // Control: with browse allowed the same account stays on both pages.
      expect(await landing(browser, user, collectionPath, 'Harbour Lights')).toMatch(
        new RegExp(`^/collection/${id}-`),
      );
      expect(await landing(browser, user, playlistPath, playlist.playlistTitle)).toBe(playlistPath);

      await admin.call('POST', `/api/role/${role.roleId}`, { roleEnableBrowse: false });
      expect(await landing(browser, user, collectionPath, 'Harbour Lights')).toBe('/');
      expect(await landing(browser, user, playlistPath, playlist.playlistTitle)).toBe('/');
    } finally {
      await admin.call('POST', `/api/user/${user.userId}`, { roleId: settings.defaultRoleId });
      await admin.call('DELETE', `/api/role/${role.roleId}`);
      await admin.dispose();
    }
  });
});
