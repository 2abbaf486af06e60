import { expect, test } from './support/csp-guard';
import { ApiSession, registerUser, uniqueName } from './support/api';
import { signIn } from './support/sign-in';
import { signInByApi } from './support/sign-in-by-api';

interface Role {
  roleId: number;
  roleName: string;
  rolePodcasts: boolean;
}

/**
 * The role right "podcasts" (issue 49): an administrator turns it off in the role form, and a
 * member of that role no longer sees Podcasts in the drawer (Radio stays, for everyone).
 */
test('a role without the podcasts right hides Podcasts from its members', async ({ browser }) => {
  const name = uniqueName('nopodcasts');
  const adminPage = await browser.newPage();
  await signIn(adminPage, undefined, undefined, { worker: false });
  await adminPage.goto('/admin/roles');
  const form = adminPage.getByRole('region', { name: 'Create a role' });
  await form.getByLabel('Name').fill(name);
  // On by default, like the default member role.
  await expect(form.getByLabel('Podcasts', { exact: true })).toBeChecked();
  await form.getByText('Podcasts', { exact: true }).click();
  const createRequest = adminPage.waitForRequest(
    (r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/role',
  );
  await form.getByRole('button', { name: 'Create role' }).click();
  expect((await createRequest).postDataJSON()).toMatchObject({
    roleName: name,
    rolePodcasts: false,
  });
  await adminPage.close();

  const admin = await ApiSession.signIn();
  const role = (await admin.call<Role[]>('GET', '/api/role')).find((r) => r.roleName === name)!;
  expect(role.rolePodcasts).toBe(false);
  const settings = await admin.call<{ defaultRoleId: number }>('GET', '/api/settings');
  const user = await registerUser('nopod');
  try {
    const page = await browser.newPage();
    await signInByApi(page, user.username, user.password);
    await page.goto('/');
    const drawer = page.getByTestId('app-drawer');
    await expect(drawer.getByRole('link', { name: 'Podcasts' })).toBeVisible();
    await admin.call('POST', `/api/user/${user.userId}`, { roleId: role.roleId });
    await page.reload();
    await expect(drawer.getByRole('link', { name: 'Radio' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Podcasts' })).toHaveCount(0);
    await page.close();
  } finally {
    await admin.call('POST', `/api/user/${user.userId}`, { roleId: settings.defaultRoleId });
    await admin.call('DELETE', `/api/role/${role.roleId}`);
    await admin.dispose();
  }
});
