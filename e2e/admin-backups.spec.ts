import { expect, test, type Page } from './support/csp-guard';
import { ApiSession } from './support/api';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

interface Schedule {
  enabled: boolean;
  timeOfDay: string;
  retention: number;
  folder: string | null;
}

let before: Schedule | undefined;

// A backup copies the whole data folder: on the shared two-core machine that takes a while.
test.describe.configure({ timeout: 150_000 });

test.beforeAll(async () => {
  const admin = await ApiSession.signIn();
  before = (await admin.call<{ schedule: Schedule }>('GET', '/api/admin/backups')).schedule;
  await admin.dispose();
});

test.afterAll(async () => {
  if (before === undefined) return;
  const admin = await ApiSession.signIn();
  try {
    await admin.call('PUT', '/api/admin/backups/schedule', before);
  } finally {
    await admin.dispose();
  }
});

const section = (page: Page) => page.getByRole('region', { name: 'Backups' });

test('an administrator backs up now, sees the last backup, and sets the daily backup', async ({
  page,
}) => {
  await signIn(page, undefined, undefined, { worker: false });
  await page.goto('/admin/settings');
  const backups = section(page);
  // The settings screen waits for /api/settings, slow when the shared machine is busy.
  await expect(backups).toBeVisible({ timeout: 60_000 });

  await backups.getByRole('button', { name: 'Back up now' }).click();
  await expect(backups.getByRole('status').first()).toHaveText(
    /Last backup: .+ in \d+ files[\s\S]*Saved in .*musicbox-backup-/,
    { timeout: 30_000 },
  );

  await backups.getByText('Back up every day', { exact: true }).click();
  await backups.getByLabel('Time of day (UTC)').fill('04:15');
  await backups.getByLabel('Backups to keep').fill('3');
  await backups.getByRole('button', { name: 'Save backup settings' }).click();
  await expect(backups.getByText('Backup settings saved')).toBeVisible();

  // What was saved is what the server holds: a reload shows it.
  await page.reload();
  await expect(section(page).getByLabel('Time of day (UTC)')).toHaveValue('04:15');
  await expect(section(page).getByLabel('Backups to keep')).toHaveValue('3');

  // A refused value says why and changes nothing.
  await section(page).getByLabel('Folder on the server').fill('relative/folder');
  await section(page).getByRole('button', { name: 'Save backup settings' }).click();
  await expect(
    section(page)
      .getByText(/absolute path/)
      .last(),
  ).toBeVisible();
});

for (const [theme, width, height] of [
  ['dark', 412, 915],
  ['light', 1440, 900],
] as const) {
  test(`the Backups section has no serious axe finding (${theme}, ${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.addInitScript(
      (dark) => localStorage.setItem('darkTheme', dark),
      String(theme === 'dark'),
    );
    await signIn(page, undefined, undefined, { worker: false });
    await page.goto('/admin/settings');
    await expect(section(page).getByRole('button', { name: 'Back up now' })).toBeVisible({
      timeout: 60_000,
    });
    await page.waitForTimeout(400);
    expect(await seriousViolations(page, 'section[aria-labelledby="settings-backups"]')).toEqual(
      [],
    );
  });
}
