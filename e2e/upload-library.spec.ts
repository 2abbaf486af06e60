import { statSync } from 'node:fs';
import { expect, test, type Page } from './support/csp-guard';
import { ApiSession } from './support/api';
import { longWav, scratchDir, taggedMp3s } from './support/audio-files';
import { signIn } from './support/sign-in';

const TUS_CHUNK = 4 * 1024 * 1024;

let api: ApiSession;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
const made: number[] = [];

test.beforeAll(async () => {
  api = await ApiSession.signIn();
  scratch = await scratchDir();
});
test.afterAll(async () => {
  if (made.length > 0) await api.call('DELETE', '/downloader/collection/bulk', { ids: made });
  await api.dispose();
  await scratch.remove();
});

/** The collection page the uploader lands on (/audio-collection/{id}, rewritten with a slug). */
async function landedCollection(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/(audio-)?collection\/\d+/, { timeout: 30_000 });
  const id = Number(/\/(?:audio-)?collection\/(\d+)/.exec(page.url())?.[1]);
  made.push(id);
  return id;
}

test('an album of several files uploads with progress into a new collection and is imported', async ({
  page,
}) => {
  const album = `Upload Album ${Date.now().toString(36)}`;
  const files = await taggedMp3s(scratch.dir, album, 'Upload Band', ['Dawn', 'Noon', 'Dusk']);
  await signIn(page);
  await page.goto('/upload');
  await page.getByLabel('Collection name').fill(album);
  await page.getByLabel('Choose files').setInputFiles(files);
  const rows = page.locator('li[data-state]');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'waiting' })).toHaveCount(3);

  const created = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/downloader/collection/0'),
  );
  const imported = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/downloader\/collection\/\d+\/import/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const { collectionId } = (await (await created).json()) as { collectionId: number };
  expect((await imported).status()).toBe(200);
  expect((await imported).url()).toContain('post=false');

  expect(await landedCollection(page)).toBe(collectionId);
  await expect(page.getByRole('heading', { level: 1, name: album })).toBeVisible();
  await expect(page.getByTestId('file-row')).toHaveCount(3);
  for (const title of ['Dawn', 'Noon', 'Dusk'])
    await expect(page.getByTestId('file-row').filter({ hasText: title })).toHaveCount(1);
});

test('each file shows its progress and state while it uploads', async ({ page }) => {
  const files = await taggedMp3s(scratch.dir, 'Progress Album', 'Upload Band', ['One', 'Two']);
  await signIn(page);
  await page.goto('/upload');
  await page.getByLabel('Collection name').fill(`Progress ${Date.now().toString(36)}`);
  await page.getByLabel('Choose files').setInputFiles(files);
  // Hold the second file's request so its "uploading" state can be seen before it finishes.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route('**/downloader/upload/*', async (route) => {
    seen += 1;
    if (seen === 2) await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const first = page.locator('li[data-state]').nth(0);
  const second = page.locator('li[data-state]').nth(1);
  await expect(first).toHaveAttribute('data-state', 'uploaded');
  await expect(second).toHaveAttribute('data-state', 'uploading');
  await expect(second.getByRole('status')).toHaveText(/^uploading \d+%$/);
  await expect(page.getByLabel('overall progress')).toHaveText('1 of 2 files uploaded');
  release();
  await landedCollection(page);
  await expect(page.getByTestId('file-row')).toHaveCount(2);
});

test('a large upload resumes where it stopped after the connection drops', async ({ page }) => {
  // About 9.7 MB: above the 8 MB threshold, so it goes through tus in 4 MB parts.
  const path = await longWav(scratch.dir, 'long-take.wav', 110);
  const size = statSync(path).size;
  expect(size).toBeGreaterThan(2 * TUS_CHUNK);
  await signIn(page);
  await page.goto('/upload');
  await page.getByLabel('Collection name').fill(`Resume ${Date.now().toString(36)}`);
  await page.getByLabel('Choose files').setInputFiles(path);

  // Offsets of the PATCHes that reached the server, and the one cut off on the way.
  const delivered: number[] = [];
  let dropped: number | null = null;
  await page.route('**/downloader/tus/**', async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') return route.continue();
    const offset = Number(await request.headerValue('upload-offset'));
    if (dropped === null && offset > 0) {
      dropped = offset;
      return route.abort('connectionreset');
    }
    delivered.push(offset);
    return route.continue();
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await landedCollection(page);
  await expect(page.getByTestId('file-row')).toHaveCount(1);

  // The second part was cut off once; the retry asked the server and went on from there.
  expect(dropped).toBe(TUS_CHUNK);
  expect(delivered).toEqual([0, TUS_CHUNK, 2 * TUS_CHUNK]);
  // Each part reached the server once: nothing started over from 0.
  expect(delivered.filter((offset) => offset === 0)).toHaveLength(1);
});
