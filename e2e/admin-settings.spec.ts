import { expect, test } from './support/csp-guard';
import { ApiSession } from './support/api';
import { signIn } from './support/sign-in';

interface Settings {
  registrations: string;
  enableStore: boolean;
}

let before: Settings | undefined;

test.beforeAll(async () => {
  const admin = await ApiSession.signIn();
  before = await admin.call<Settings>('GET', '/api/settings');
  await admin.dispose();
});

test.afterEach(async () => {
  if (before === undefined) return;
  const admin = await ApiSession.signIn();
  try {
    await admin.call('POST', '/api/settings', {
      registrations: before.registrations,
      enableStore: before.enableStore,
    });
  } finally {
    await admin.dispose();
  }
});

test('closing registrations and disabling the store take effect', async ({ page, browser }) => {
  await signIn(page, undefined, undefined, { worker: false });
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.getByLabel('Registrations').selectOption('closed');
  await page.getByText('Enable store', { exact: true }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('saved changes')).toBeVisible();

  const context = await browser.newContext();
  try {
    const anonymous = await context.newPage();
    await anonymous.goto('/register');
    await expect(anonymous.getByText('Registrations are currently closed')).toBeVisible();
  } finally {
    await context.close();
  }

  const fresh = await browser.newContext();
  try {
    const adminPage = await fresh.newPage();
    await signIn(adminPage, undefined, undefined, { worker: false });
    await expect(adminPage.getByRole('link', { name: 'Settings' }).first()).toBeVisible();
    await expect(adminPage.getByRole('link', { name: 'Store', exact: true })).toHaveCount(0);
  } finally {
    await fresh.close();
  }
});

test('a reset task runs and shows its result', async ({ page }) => {
  await signIn(page, undefined, undefined, { worker: false });
  await page.goto('/admin/settings');
  await page.getByRole('button', { name: 'Reset downloads' }).click();
  await expect(page.getByRole('status', { name: 'Reset downloads' })).toHaveText(
    /^Finished .*: \d+ changed$/,
  );
});
