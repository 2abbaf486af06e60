import { expect as baseExpect, test, type Page } from './support/csp-guard';
import { ApiSession, collectionId, registerUser, uniqueName } from './support/api';
import { seriousViolations } from './support/axe';
import { signIn } from './support/sign-in';

/** A priced demo release (7.99 EUR), so the shared page offers "sign up to buy". */
const PAID = 'Night Shift';
const PASSWORD = 'share-journey-Pass-41';

// Each test signs in, renders app pages and opens a second browser context: on a loaded
// two-core machine a page may take well over the default ten seconds to draw.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

/** Makes a link through the collection page's Share dialog and answers its /s/ path. */
async function shareFromCollectionPage(page: Page, id: number): Promise<string> {
  await page.goto(`/collection/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: PAID })).toBeVisible();
  await page.getByTestId('share-button').click();
  const dialog = page.getByRole('dialog', { name: 'Share a link' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const url = await dialog.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{24}$/);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  return new URL(url).pathname;
}

/** A link made through the API by a fresh member, for tests about the page itself. */
async function shareByApi(prefix: string): Promise<{ path: string; shareId: number }> {
  const sharer = await registerUser(prefix);
  const api = await ApiSession.signIn(sharer.username, sharer.password);
  try {
    const created = await api.call<{ shareId: number; url: string }>('PUT', '/api/share', {
      collectionId: await collectionId(PAID),
    });
    return { path: new URL(created.url).pathname, shareId: created.shareId };
  } finally {
    await api.dispose();
  }
}

async function expectNoSeriousAxe(page: Page, path: string, label: string): Promise<void> {
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: PAID })).toBeVisible();
    baseExpect(await seriousViolations(page), `${label}, ${colorScheme} scheme`).toEqual([]);
  }
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  baseExpect(overflow, label).toBeLessThanOrEqual(0);
}

test('open a share link signed out, play a preview, sign up, land on the collection', async ({
  browser,
  page,
}) => {
  const sharer = await registerUser('sharer');
  await signIn(page, sharer.username, sharer.password, { worker: false });
  const id = await collectionId(PAID);
  const path = await shareFromCollectionPage(page, id);

  // The link is listed on the sharer's own profile page.
  await page.goto(`/user/${sharer.userId}`);
  const section = page.getByTestId('profile-share-links');
  await expect(section.getByRole('link', { name: PAID })).toBeVisible();

  // Someone without an account, on a phone.
  const visitor = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
  });
  const guest = await visitor.newPage();
  try {
    await expectNoSeriousAxe(guest, path, 'phone');
    await expect(guest.getByText('7.99 EUR')).toBeVisible();
    await expect(guest.getByText(/30-second previews/)).toBeVisible();
    await guest.getByRole('button', { name: 'Play Clock In' }).click();
    // The button turns to Pause only once the preview clip is really playing.
    const pause = guest.getByRole('button', { name: 'Pause Clock In' });
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await pause.click();
    await expect(guest.getByRole('button', { name: 'Play Clock In' })).toBeVisible();

    await guest.getByRole('link', { name: 'Sign up to buy' }).click();
    await expect(guest).toHaveURL(/\/register\?redirect=/);
    const name = uniqueName('guest');
    await guest.getByLabel('Username').fill(name);
    await guest.getByLabel('Email').fill(`${name}@example.test`);
    await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await guest.getByLabel(/terms of service/i).check();
    await guest.getByLabel(/privacy notice/i).check();
    await guest.getByRole('button', { name: 'Register' }).click();
    await expect(guest).toHaveURL(new RegExp(`/collection/${id}(-[^/]*)?$`));
    await expect(guest.getByRole('heading', { level: 1, name: PAID })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('a revoked link is a plain not-found page', async ({ page, browser }) => {
  const sharer = await registerUser('revoker');
  await signIn(page, sharer.username, sharer.password, { worker: false });
  const path = await shareFromCollectionPage(page, await collectionId(PAID));
  await page.goto(`/user/${sharer.userId}`);
  const section = page.getByTestId('profile-share-links');
  await section.getByRole('button', { name: `Revoke the share link of ${PAID}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(section.getByText('You have not shared anything yet.')).toBeVisible();

  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  try {
    const response = await guest.goto(path);
    baseExpect(response?.status()).toBe(404);
    await expect(guest.getByRole('heading', { level: 1, name: 'Link not found' })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('the shared page has no serious accessibility issue on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { path } = await shareByApi('axe');
  await expectNoSeriousAxe(page, path, 'desktop');
});
