import { expect, test, type Page } from './support/csp-guard';
import { ApiSession, uniqueName } from './support/api';
import { waitForLink } from './support/mail-box';
import { persistedQueryKeys } from './support/persisted-cache';
import { chooseMenuItem } from './support/menu';

async function register(page: Page, name: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email').fill(`${name}@example.test`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Name', { exact: true }).fill('Test Person');
  const submit = page.getByRole('button', { name: /register/i });
  await expect(submit).toBeDisabled();
  await page.getByLabel(/terms of service/i).check();
  await expect(submit).toBeDisabled();
  await page.getByLabel(/privacy notice/i).check();
  await expect(submit).toBeEnabled();
  await submit.click();
}

async function logIn(page: Page, name: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /account/i }).click();
  await chooseMenuItem(page, /logout/i);
  await expect(page).toHaveURL(/\/login$/);
}

test('register, confirm by the mailed link, log out and back in', async ({ page }) => {
  const name = uniqueName('reg');
  await register(page, name, 'first-password-1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/confirmation email has been sent/i)).toBeVisible();
  await expect(page.getByText(new RegExp(`Welcome, ${name}`))).toBeVisible();

  // Browsing needs a confirmed address: the screen checks it on entry.
  await page.getByTestId('app-drawer').getByRole('link', { name: 'Browse', exact: true }).click();
  await expect(page.getByText('You need to confirm your email first!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const link = await waitForLink(
    `${name}@example.test`,
    /https?:\/\/\S+\/user\/confirm_email\?code=[\w-]+/,
  );
  await page.goto(link);
  await expect(page.getByText(/email has been confirmed/i)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/browse');
  await expect(page).toHaveURL(/\/browse/);
  const me = await page.evaluate(async () => (await fetch('/api/user')).json());
  expect(me.user.emailConfirmed).toBe(true);

  await logOut(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, name, 'first-password-1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(new RegExp(`Welcome, ${name}`))).toBeVisible();
});

test('a wrong password does not sign in and shows the server error', async ({ page }) => {
  await logIn(page, 'admin', 'not-the-password');
  await expect(page.getByText(/An error occurred/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('reset a forgotten password through the mailed link', async ({ page }) => {
  const name = uniqueName('reset');
  await register(page, name, 'old-password-1');
  await expect(page).toHaveURL(/\/$/);
  await logOut(page);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`${name}@example.test`);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page).toHaveURL(/\/login$/);

  const link = await waitForLink(
    `${name}@example.test`,
    /https?:\/\/\S+\/login\?resetToken=[\w-]+/,
  );
  await page.goto(link);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: /change password|save|set password/i });
  await dialog.getByLabel('New password', { exact: true }).fill('new-password-2');
  await dialog.getByLabel(/confirm/i).fill('new-password-x');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(/confirm/i).fill('new-password-2');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();
  await expect(dialog).toBeHidden();

  await logIn(page, name, 'old-password-1');
  await expect(page.getByText(/An error occurred/)).toBeVisible();
  await logIn(page, name, 'new-password-2');
  await expect(page).toHaveURL(/\/$/);
});

test('closed registrations replace the form with a message', async ({ page }) => {
  const admin = await ApiSession.signIn();
  try {
    await admin.call('POST', '/api/settings', { registrations: 'closed' });
    await page.goto('/register');
    await expect(page.getByText('Registrations are currently closed')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveCount(0);
    await admin.call('POST', '/api/settings', { registrations: 'inviteOnly' });
    await page.reload();
    await expect(page.getByLabel(/invite code/i)).toBeVisible();
  } finally {
    await admin.call('POST', '/api/settings', { registrations: 'open' });
    await admin.dispose();
  }
  await page.reload();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByLabel(/invite code/i)).toHaveCount(0);
});

test('the session survives a reload of a protected page', async ({ page }) => {
  await logIn(page, 'admin', 'e2e-admin-password');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/store');
  await expect(page).toHaveURL(/\/store$/);
  await expect(page.getByText('Please login to access this page!')).toHaveCount(0);
});

test('a session ended on the server is noticed on start, though the app opened signed in', async ({
  page,
}) => {
  await logIn(page, 'admin', 'e2e-admin-password');
  await expect(page.getByRole('heading', { name: 'Welcome, admin' })).toBeVisible();
  // Signed out behind the app's back (another device, expiry): the saved copy still says signed in.
  await page.evaluate(async () => {
    await fetch('/api/logout', { credentials: 'include' });
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('a reload right after signing in keeps the user signed in', async ({ page }) => {
  await page.goto('/login');
  // The signed-out answer is saved with the rest of the cache before signing in. The cache is
  // written once the app is idle, which on a loaded CI machine took over the default 10 s.
  await expect
    .poll(() => persistedQueryKeys(page), { timeout: 30_000 })
    .toContain(JSON.stringify(['session', 'current']));
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/playlists');
  await expect(page).toHaveURL(/\/playlists$/);
  await expect(page.getByText('Please login to access this page!')).toHaveCount(0);
});
