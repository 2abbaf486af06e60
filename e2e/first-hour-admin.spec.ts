import { expect, test, type Page } from './support/csp-guard';
import { registerUser } from './support/api';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

/**
 * Issue 30, the administrator's rough edges: a refused save shows its field, leaving with
 * unsaved changes asks, server forms speak in words, a loopback ban warns. Nothing here is
 * saved, so the spec shares the server with the others.
 */
// axe-core is injected as a script, which the app's Content-Security-Policy (0043) refuses.
test.use({ serviceWorkers: 'block' });

async function expectNoSeriousAxe(page: Page): Promise<void> {
  for (const dark of [true, false]) {
    await page.evaluate((on) => localStorage.setItem('darkTheme', String(on)), dark);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(new RegExp(dark ? 'dark' : 'light'));
    await expect(page.locator('main h1').first()).toBeVisible();
    expect(await seriousViolations(page), `${dark ? 'dark' : 'light'} theme`).toEqual([]);
  }
}

for (const device of [
  { label: 'phone', viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true },
  { label: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
]) {
  test.describe(`on a ${device.label}`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch, isMobile: device.isMobile });

    test('a refused settings save scrolls to and focuses the invalid field', async ({ page }) => {
      // Three axe runs over the longest admin form: past the default minute on a busy machine.
      test.slow();
      await signIn(page, undefined, undefined, { worker: false });
      await page.goto('/admin/settings');
      await expectNoSeriousAxe(page);
      const field = page.getByLabel('Randomized playlists');
      await field.fill('many');
      const save = page.getByRole('button', { name: 'Save settings' });
      await save.scrollIntoViewIfNeeded();
      await expect(field).not.toBeInViewport();
      await save.click();
      await expect(field).toBeFocused();
      await expect(field).toBeInViewport();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('Enter a whole number', { exact: true })).toBeInViewport();
      expect(await seriousViolations(page)).toEqual([]);

      // Unsaved changes: leaving through the app asks in words, and declining stays with the
      // edits. (History back from here would leave the document, past the app's router: the
      // browser's own beforeunload prompt, which carries no message.)
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = `${dialog.type()}: ${dialog.message()}`;
        void dialog.dismiss();
      });
      await page.getByRole('banner').getByRole('link', { name: 'Musicbox' }).click();
      await expect.poll(() => asked).toContain('confirm: The settings have unsaved changes');
      await expect(page).toHaveURL(/\/admin\/settings$/);
      await expect(field).toHaveValue('many');
    });
  });
}

test('a missing server says so, with no forms that would fail', async ({ page }) => {
  await signIn(page, undefined, undefined, { worker: false });
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(response.url());
  });
  await page.goto('/admin/servers/987654');
  await expect(page.getByText('There is no server 987654')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add a download' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'RSS feeds' })).toHaveCount(0);
  expect(failed).toEqual([]);
  await expectNoSeriousAxe(page);
});

test('the add-server form says what is wrong in words', async ({ page }) => {
  await signIn(page, undefined, undefined, { worker: false });
  await page.goto('/admin/servers');
  const form = page.getByRole('region', { name: 'Add a server' });
  await form.getByLabel('Name').fill('node-b');
  await form.getByLabel(/Address/).fill('10.0.0.5:8080');
  await form.getByLabel(/Token/).fill('short');
  await form.getByRole('button', { name: 'Add server' }).click();
  await expect(form.getByText(/An http:\/\/ or https:\/\/ address/)).toBeVisible();
  await expect(form.getByText(/At least 16 characters/)).toBeVisible();
  await expect(form.getByText(/serverToken/)).toHaveCount(0);
  await expect(form.getByLabel(/Address/)).toBeFocused();
});

test('a loopback address is banned only after a warning, and one action shows', async ({
  page,
}) => {
  const user = await registerUser('banme');
  await signIn(page, undefined, undefined, { worker: false });
  await page.goto(`/user/${user.userId}`);
  await expect(page.getByRole('button', { name: 'Ban IP 127.0.0.1' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Unban IP/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ban IP 127.0.0.1' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(/lock everyone out/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
