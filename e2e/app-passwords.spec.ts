import { expect, test, type APIRequestContext, type Page } from './support/csp-guard';
import { registerUser } from './support/api';
import { signIn } from './support/sign-in';

/** GET /rest/ping as a phone app would send it, signed in by API key; the subsonic-response. */
async function ping(request: APIRequestContext, apiKey: string) {
  // A fresh context: no browser cookie comes along, as with a real app.
  const response = await request.get(
    `/rest/ping?apiKey=${encodeURIComponent(apiKey)}&f=json&c=test`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { 'subsonic-response': Record<string, unknown> })[
    'subsonic-response'
  ];
}

const section = (page: Page) => page.getByRole('region', { name: 'Phone and desktop apps' });

test('an app password made on the account page signs an app in, shows its last use, and is revoked', async ({
  page,
  playwright,
}) => {
  const user = await registerUser('apps');
  await signIn(page, user.username, user.password, { worker: false });
  await page.goto(`/user/${user.userId}`);
  const apps = section(page);
  await expect(apps).toBeVisible();

  // What to type into the app: this server's address and the username.
  await expect(apps.getByLabel('Server address', { exact: true })).toHaveValue(
    new URL(page.url()).origin,
  );
  await expect(apps.getByLabel('Username', { exact: true })).toHaveValue(user.username);
  await expect(apps.getByText('No app passwords yet.')).toBeVisible();

  const create = apps.getByRole('button', { name: 'Create app password' });
  await expect(create).toBeDisabled();
  await apps.getByLabel('Name of the app or device').fill('My phone');
  await create.click();

  const shown = apps.getByTestId('new-app-password');
  await expect(shown).toContainText('it will not be shown again');
  const password = await shown
    .getByLabel('App password for My phone', { exact: true })
    .inputValue();
  expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await expect(shown.getByRole('button', { name: /Copy/ })).toBeVisible();

  const list = apps.getByRole('region', { name: 'Your app passwords' });
  const row = list.getByRole('row', { name: /My phone/ });
  await expect(row).toContainText('never');

  const app = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    expect(await ping(app, password)).toMatchObject({ status: 'ok', openSubsonic: true });

    // Dismissed, the password is gone from the page; a reload shows the last use.
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await page.reload();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('never');
    await expect(section(page)).not.toContainText(password);

    await row.getByRole('button', { name: 'Revoke the app password My phone' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke "My phone"?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toBeHidden();
    await expect(section(page).getByText('No app passwords yet.')).toBeVisible();

    expect(await ping(app, password)).toMatchObject({
      status: 'failed',
      error: { code: 44 },
    });
  } finally {
    await app.dispose();
  }
});

test('the name is required and a failure is said next to the form', async ({ page }) => {
  const user = await registerUser('apps');
  await signIn(page, user.username, user.password, { worker: false });
  await page.goto(`/user/${user.userId}`);
  const apps = section(page);
  await apps.getByLabel('Name of the app or device').fill('   ');
  await expect(apps.getByRole('button', { name: 'Create app password' })).toBeDisabled();
  // The server refuses: the answer's message is shown and nothing is listed.
  await page.route('**/api/user/app_password', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 409, json: { error: 'You already have 20 app passwords' } })
      : route.fallback(),
  );
  await apps.getByLabel('Name of the app or device').fill('Car');
  await apps.getByRole('button', { name: 'Create app password' }).click();
  await expect(apps.getByText('You already have 20 app passwords')).toBeVisible();
  await expect(apps.getByTestId('new-app-password')).toHaveCount(0);
});
