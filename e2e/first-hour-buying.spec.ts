import { join } from 'node:path';
import { expect, request, type Page } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { expectCleanInBothThemes } from './support/both-themes';
import { startExtraServer, type ExtraServer } from './support/extra-server';
import { ADMIN_PASSWORD, ADMIN_USER } from './support/global-setup';
import { importLibrary, writeAlbums } from './support/music-dir';
import { signInByApi } from './support/sign-in-by-api';
import { test, type ThrowawayAlbums } from './support/throwaway-albums';

/**
 * Issue 30, "Buying", on a phone and on a desktop: a balance purchase closes the dialog at once
 * and unlocks the page without a reload; a free album asked for in FLAC is a conversion fee with
 * the original free right there; administrators see the Payments status. On a second server
 * without payment keys the buyer is told so and asks an administrator, who sees what is missing.
 */
test.use({ serviceWorkers: 'block' });

interface Found {
  data: Array<{ collectionId: number; collectionName: string; collectionPrice: number | null }>;
}

const SIZES = [
  { name: 'phone', viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true },
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false, isMobile: false },
] as const;

/** One album of the test's own, priced (cents) or free, imported through MUSIC_DIR. */
async function album(
  api: ApiSession,
  albums: ThrowawayAlbums,
  label: string,
  price: number | null,
) {
  const [made] = await albums.create([{ album: albums.name(label), artist: 'First Hour' }]);
  if (!made) throw new Error('the album was not imported');
  if (price !== null) {
    await api.call('POST', `/api/collection/${made.collectionId}`, { collectionPrice: price });
  }
  return { ...made, collectionPrice: price };
}

/** Set before the purchase: a reload of the page would drop it. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
const pageKept = (page: Page) =>
  page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

for (const size of SIZES) {
  test.describe(`buying at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile });

    test('with the balance: the dialog closes at once and the page unlocks in place', async ({
      page,
      api,
      albums,
    }) => {
      const price = 999;
      const priced = await album(api, albums, 'Priced', price);
      const user = await registerUser('buyer');
      await api.call('POST', `/api/user/${user.userId}`, { userBalance: price + 100 });

      await signInByApi(page, user.username, user.password);
      await page.goto(`/collection/${priced.collectionId}`);
      await markPage(page);
      await page.getByRole('button', { name: 'Download collection' }).click();
      const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
      await expect(chooser).toContainText(`This collection costs ${(price / 100).toFixed(2)} EUR.`);
      await expectCleanInBothThemes(page, 'payment dialog');
      await chooser.getByRole('button', { name: /^Pay with balance/ }).click();
      await expect(page.getByText('Purchased successfully')).toBeVisible();
      // Gone at once, the same page (no reload), and no second chance to pay.
      await expect(chooser).toBeHidden();
      expect(await pageKept(page)).toBe(true);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download collection' }).click(),
      ]);
      // The album has one track: the download is that track itself, not a zip of one file.
      expect(download.suggestedFilename()).toBe(`First Hour - ${priced.collectionName} track.mp3`);
      await expect(chooser).toHaveCount(0);
      expect(await pageKept(page)).toBe(true);
    });

    test("a free album's FLAC: a conversion fee, and the original free right there", async ({
      page,
      api,
      albums,
    }) => {
      const free = await album(api, albums, 'Free', null);
      const user = await registerUser('flac');
      await signInByApi(page, user.username, user.password);
      await page.goto(`/collection/${free.collectionId}`);
      await page.getByLabel('Format').selectOption('FLAC');
      await page.getByRole('button', { name: 'Download collection' }).click();
      const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
      await expect(chooser.getByTestId('chooser-transcode-fee')).toContainText(
        /^Downloading as FLAC converts the files on this server, .* conversion fee of \d+\.\d\d EUR\.$/,
      );
      // Never "costs" for a free collection.
      await expect(chooser).not.toContainText('This collection costs');
      await expectCleanInBothThemes(page, 'conversion fee dialog');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        chooser.getByRole('button', { name: 'Download the original files (free)' }).click(),
      ]);
      await expect(chooser).toBeHidden();
      // The original file, as it is (mp3): the album's one track, not a zip of it.
      expect(download.suggestedFilename()).toBe(`First Hour - ${free.collectionName} track.mp3`);
    });

    test('administrators see the Payments status and check the Stripe test keys', async ({
      page,
    }) => {
      await signInByApi(page, undefined, undefined);
      await page.goto('/admin/settings');
      const section = page.getByRole('region', { name: 'Payments' });
      // The suite's store offers the balance only (the demo's default, which other specs rely
      // on): Stripe has its test keys but is not offered yet.
      const stripe = section.getByRole('article', { name: 'Stripe' });
      await expect(stripe).toContainText('Configured, but not offered (turn it on under Store)');
      await expect(stripe).toContainText('Test keys');
      const origin = new URL(page.url()).origin;
      await expect(stripe).toContainText(`${origin}/api/payments/webhook/stripe`);
      const sellix = section.getByRole('article', { name: 'Sellix' });
      await expect(sellix).toContainText('Not configured');
      await expect(sellix).toContainText('SELLIX_API_KEY');
      await stripe.getByRole('button', { name: 'Check Stripe keys' }).click();
      await expect(stripe.getByRole('status')).toHaveText(
        'OK: The provider accepted the key (test mode)',
      );
      await expectCleanInBothThemes(page, 'settings with Payments');
    });
  });
}

const PASSWORD = 'violet-harbour-42';

/** A member registered through another server's API, as the web client would. */
async function registerAt(url: string, username: string, password: string): Promise<void> {
  const ctx = await request.newContext({ baseURL: url });
  try {
    await ctx.get('/api/settings/public');
    const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    const res = await ctx.post('/api/register', {
      data: { username, password, email: `${username}@example.test` },
      headers: { 'x-xsrf-token': xsrf ?? '' },
    });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await ctx.dispose();
  }
}

test.describe('on a server without payment keys', () => {
  let extra: ExtraServer;
  let collectionId = 0;
  const ALBUM = 'Keyless Harbour';

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    extra = await startExtraServer();
    const admin = await ApiSession.signIn(ADMIN_USER, ADMIN_PASSWORD, extra.url);
    try {
      await writeAlbums(join(extra.musicDir, 'keyless'), [{ album: ALBUM, artist: 'Nobody' }]);
      expect((await importLibrary(admin)).state).toBe('done');
      const found = await admin.call<Found>('POST', '/api/audio_collection/search', {
        query: ALBUM,
      });
      collectionId = found.data.find((c) => c.collectionName === ALBUM)?.collectionId ?? 0;
      expect(collectionId).toBeGreaterThan(0);
      await admin.call('POST', `/api/collection/${collectionId}`, { collectionPrice: 999 });
    } finally {
      await admin.dispose();
    }
  });
  test.afterAll(async () => {
    await extra?.close();
  });

  for (const size of SIZES) {
    test(`at ${size.name} size: the buyer is told and asks an administrator, who sees what is missing`, async ({
      browser,
    }) => {
      const options = { viewport: size.viewport, hasTouch: size.hasTouch, isMobile: size.isMobile };
      const buyerContext = await browser.newContext({ ...options, serviceWorkers: 'block' });
      const page = await buyerContext.newPage();
      const name = `keyless${size.name}${Date.now().toString(36)}`;
      await registerAt(extra.url, name, PASSWORD);
      await signInByApi(page, name, PASSWORD, extra.url);

      await page.goto(`${extra.url}/collection/${collectionId}`);
      await page.getByRole('button', { name: 'Download collection' }).click();
      const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
      await expect(chooser.getByTestId('chooser-unavailable')).toHaveText(
        /^Purchases are not set up on this server yet: ask an administrator\./,
      );
      await expect(chooser.getByRole('link', { name: 'Go to the store' })).toHaveCount(0);
      await expectCleanInBothThemes(page, 'payment dialog without keys');
      await chooser.getByRole('link', { name: 'Ask an administrator' }).click();

      const picker = page.getByRole('dialog', { name: 'New message' });
      await picker.getByRole('button', { name: `Write to ${ADMIN_USER}` }).click();
      const thread = page.getByRole('dialog', { name: `Conversation with ${ADMIN_USER}` });
      await expect(thread.getByLabel('Title')).toHaveValue(`Buying ${ALBUM}`);
      await thread.getByLabel(`Message to ${ADMIN_USER}`).fill('How can I buy this album?');
      await thread.getByRole('button', { name: 'Send' }).click();
      await expect(thread.getByTestId('thread-messages')).toContainText(
        'How can I buy this album?',
      );
      await buyerContext.close();

      const adminContext = await browser.newContext({ ...options, serviceWorkers: 'block' });
      const adminPage = await adminContext.newPage();
      await signInByApi(adminPage, ADMIN_USER, ADMIN_PASSWORD, extra.url);
      await adminPage.goto(`${extra.url}/admin/settings`);
      const section = adminPage.getByRole('region', { name: 'Payments' });
      await expect(section.getByTestId('payments-no-provider')).toBeVisible();
      const stripe = section.getByRole('article', { name: 'Stripe' });
      await expect(stripe).toContainText('Not configured');
      await expect(stripe).toContainText('STRIPE_SECRET_KEY');
      await expect(stripe).toContainText('STRIPE_WEBHOOK_SECRET');
      await expect(stripe).toContainText(`${extra.url}/api/payments/webhook/stripe`);
      await stripe.getByRole('button', { name: 'Check Stripe keys' }).click();
      await expect(stripe.getByRole('status')).toHaveText(
        'Failed: Not configured: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET',
      );
      await expectCleanInBothThemes(adminPage, 'Payments status without keys');
      await adminContext.close();
    });
  }
});
