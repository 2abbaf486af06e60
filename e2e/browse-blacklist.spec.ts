import { expect, test, type Browser } from './support/csp-guard';
import { ApiSession, registerUser, uniqueName, type RegisteredUser } from './support/api';
import { signIn } from './support/sign-in';

interface Settings {
  collectionTags: string[];
  defaultRoleId: number;
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/**
 * The category options the user is offered on /browse. A fresh browser context each time: the
 * session (with its role) is kept in a persisted query cache, and this must read the role anew.
 */
async function categoryOptions(browser: Browser, user: RegisteredUser): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, user.username, user.password, { worker: false });
    // Through the drawer: a reload just after signing in can lose the session (see searchFor
    // in browse-load-more.spec.ts).
    await page.getByRole('link', { name: 'Browse' }).first().click();
    await expect(page.getByTestId('collection-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Category' }).click();
    const list = page.getByRole('group', { name: 'Category' });
    await expect(list.getByRole('checkbox').first()).toBeAttached();
    return await list.locator('label').allInnerTexts();
  } finally {
    await context.close();
  }
}

test.describe('Browse category filter', () => {
  test("hides the tags blacklisted by the user's role and keeps the others", async ({
    browser,
  }) => {
    const admin = await ApiSession.signIn();
    const settings = await admin.call<Settings>('GET', '/api/settings');
    expect(settings.collectionTags.length).toBeGreaterThan(1);
    const blocked = settings.collectionTags[settings.collectionTags.length - 1]!;
    const others = settings.collectionTags.filter((tag) => tag !== blocked).sort(byName);

    // A role of its own, so the change reaches only this test's account.
    const role = await admin.call<{ roleId: number }>('PUT', '/api/role', {
      roleName: uniqueName('No tag role '),
      roleBlacklistedTags: [],
    });
    const user = await registerUser('cat');
    try {
      // Browse asks for a confirmed e-mail; the admin confirms it instead of a mailed link.
      await admin.call('POST', `/api/user/${user.userId}`, {
        roleId: role.roleId,
        emailConfirmed: true,
      });
      // Control: with nothing blacklisted, every category is offered, the blocked one too.
      expect(await categoryOptions(browser, user)).toEqual([...others, blocked].sort(byName));

      await admin.call('POST', `/api/role/${role.roleId}`, { roleBlacklistedTags: [blocked] });
      const shown = await categoryOptions(browser, user);
      expect(shown).not.toContain(blocked);
      expect(shown).toEqual(others);
    } finally {
      await admin.call('POST', `/api/user/${user.userId}`, { roleId: settings.defaultRoleId });
      await admin.call('DELETE', `/api/role/${role.roleId}`);
      await admin.dispose();
    }
  });
});
