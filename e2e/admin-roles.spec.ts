import { expect, test } from './support/csp-guard';
import { ApiSession, uniqueName } from './support/api';
import { signIn } from './support/sign-in';

interface Role {
  roleId: number;
  roleName: string;
}

const created: string[] = [];

test.afterAll(async () => {
  const admin = await ApiSession.signIn();
  try {
    const roles = await admin.call<Role[]>('GET', '/api/role');
    for (const role of roles.filter((r) => created.includes(r.roleName))) {
      await admin.call('DELETE', `/api/role/${role.roleId}`);
    }
  } finally {
    await admin.dispose();
  }
});

test('an administrator creates a role in kbps with no download limit, then edits it', async ({
  page,
}) => {
  const name = uniqueName('role');
  created.push(name);
  await signIn(page, undefined, undefined, { worker: false });
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();

  const form = page.getByRole('region', { name: 'Create a role' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Speed limit (kbps)').fill('256');
  await form.getByLabel('Download limit').fill('');
  await form.getByLabel('Request limit').fill('4');
  const createRequest = page.waitForRequest(
    (r) => r.method() === 'PUT' && new URL(r.url()).pathname === '/api/role',
  );
  await form.getByRole('button', { name: 'Create role' }).click();
  const body = (await createRequest).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    roleName: name,
    roleSpeedLimit: 256000,
    roleDownloadLimit: null,
    roleRequestLimit: 4,
  });

  const row = page.getByRole('row', { name: `Edit role: ${name}` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('256');
  await expect(row.getByRole('cell').nth(2)).toHaveText('unlimited');

  await row.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Speed limit (kbps)')).toHaveValue('256');
  await dialog.getByLabel('Speed limit (kbps)').fill('128');
  await dialog.getByLabel('Download limit').fill('20');
  await dialog.getByText('VIP', { exact: true }).click();
  const editRequest = page.waitForRequest(
    (r) => r.method() === 'POST' && /^\/api\/role\/\d+$/.test(new URL(r.url()).pathname),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const edit = (await editRequest).postDataJSON() as Record<string, unknown>;
  expect(edit).toMatchObject({ roleSpeedLimit: 128000, roleDownloadLimit: 20, roleVip: true });
  await expect(page.getByText('saved changes')).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('128');
});
