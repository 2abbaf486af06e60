import { expect, test, type Page } from './support/csp-guard';
import { ApiSession, registerUser } from './support/api';
import { demoCollection, signInAsAdmin } from './support/player-queue';
import { signIn } from './support/sign-in';

/** A demo collection with a price, which a plain member hears as previews. */
async function pricedCollection(): Promise<number> {
  const api = await ApiSession.signIn();
  try {
    const found = await api.call<{
      data: Array<{ collectionId: number; collectionPrice: number | null }>;
    }>('POST', '/api/audio_collection/search', { limit: 50 });
    const priced = found.data.find((c) => (c.collectionPrice ?? 0) > 0);
    if (!priced) throw new Error('no priced demo collection');
    return priced.collectionId;
  } finally {
    await api.dispose();
  }
}

async function playCollection(page: Page, id: number): Promise<string> {
  await page.goto(`/audio-collection/${id}`);
  const streamed = page.waitForRequest((req) =>
    /\/downloader\/(file|preview)\/\d+/.test(req.url()),
  );
  await page.getByRole('main').getByRole('button', { name: 'Play', exact: true }).click();
  const url = new URL((await streamed).url());
  return url.pathname + url.search;
}

test.describe('the addresses the player streams from (PL-01)', () => {
  // These are the element deck's addresses (decision 0029), the ones the offline cache keeps;
  // with Gapless on (the default) a track streams /downloader/gapless/{id} (decision 0052).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('gapless', 'off'));
  });

  test('a full track streams /downloader/file/{id}?playback=true', async ({ page }) => {
    const { collectionId } = await demoCollection(1);
    await signInAsAdmin(page);
    expect(await playCollection(page, collectionId)).toMatch(
      /^\/downloader\/file\/\d+\?playback=true$/,
    );
  });

  test('a preview streams /downloader/preview/{id}?playback=true', async ({ page }) => {
    const id = await pricedCollection();
    const member = await registerUser('previewer');
    await signIn(page, member.username, member.password, { worker: false });
    expect(await playCollection(page, id)).toMatch(/^\/downloader\/preview\/\d+\?playback=true$/);
  });
});
