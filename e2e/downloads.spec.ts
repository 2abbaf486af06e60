import { stat } from 'node:fs/promises';
import { expect, request, test } from './support/csp-guard';
import { ApiSession, uniqueName } from './support/api';
import { signIn } from './support/sign-in';

/** A free demo collection, so no payment stands between the admin and the download. */
async function freeCollectionId(): Promise<number> {
  const api = await ApiSession.signIn();
  const found = await api.call<{
    data: Array<{ collectionId: number; collectionName: string; collectionPrice: number | null }>;
  }>('POST', '/api/audio_collection/search', { query: 'Harbour' });
  await api.dispose();
  const hit = found.data.find((c) => c.collectionName === 'Harbour Lights');
  if (!hit || hit.collectionPrice) throw new Error('the free demo collection is missing');
  return hit.collectionId;
}

test.describe('downloads from the collection page', () => {
  test('a file downloads through a hidden frame and is saved non-empty', async ({
    page,
  }, testInfo) => {
    const id = await freeCollectionId();
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const button = page
      .getByTestId('file-row')
      .first()
      .getByRole('button', { name: /^Download / });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await expect(page.locator('iframe[data-download]')).toHaveCount(1);
    // A frame shows nothing by itself: a green notice names the file that started.
    await expect(page.getByText(/^Download started: .+\.mp3$/)).toBeVisible();
    const target = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(target);
    expect((await stat(target)).size).toBeGreaterThan(0);
    expect(download.suggestedFilename()).toMatch(/\.mp3$/i);
  });

  test('the whole collection downloads as a non-empty zip', async ({ page }, testInfo) => {
    const id = await freeCollectionId();
    await signIn(page);
    await page.goto(`/collection/${id}`);
    await expect(page.getByLabel('Format')).toHaveValue('original');
    const options = await page.getByLabel('Format').locator('option').allTextContents();
    expect(options).toEqual([
      'original',
      'MP3_320',
      'AAC',
      'FLAC',
      'ALAC',
      'WAV',
      'AIFF',
      'OGG',
      'WMA',
    ]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download collection' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Harbour Lights.zip');
    const target = testInfo.outputPath('collection.zip');
    await download.saveAs(target);
    expect((await stat(target)).size).toBeGreaterThan(0);
  });

  test('at zero remaining downloads a new file is refused with the red message', async ({
    page,
  }) => {
    const id = await freeCollectionId();
    const username = uniqueName('nodl');
    const password = 'user-password-1';
    const ctx = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
    await ctx.get('/api/settings/public');
    const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    const res = await ctx.post('/api/register', {
      data: { username, password, email: `${username}@example.test` },
      headers: { 'x-xsrf-token': xsrf ?? '' },
    });
    const { user } = (await res.json()) as { user: { userId: number } };
    await ctx.dispose();
    const admin = await ApiSession.signIn();
    await admin.call('POST', `/api/user/${user.userId}`, { remainingDownloads: 0 });
    await admin.dispose();

    await signIn(page, username, password);
    await page.goto(`/collection/${id}`);
    await page
      .getByTestId('file-row')
      .first()
      .getByRole('button', { name: /^Download / })
      .click();
    await expect(
      page.getByText(
        "You have no remaining downloads left! You can only download tracks which you've downloaded before.",
      ),
    ).toBeVisible();
    await expect(page.locator('iframe[data-download]')).toHaveCount(0);
  });
});
