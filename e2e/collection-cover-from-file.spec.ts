import { expect, request, test, type Page } from '@playwright/test';
import type { CollectionFile, CollectionWithFiles } from '../domain/collection';
import { ApiSession, collectionId, uniqueName } from './support/api';
import { signIn } from './support/sign-in';

// No other spec reads this collection's files or cover; this one deletes its cover.png.
const TARGET = 'Blue Hour Sessions';
// Its tracks carry an embedded cover, lent to a track of TARGET so that one has a picture
// of its own (the demo gives a collection either embedded covers or a cover.png, never both).
const DONOR = 'Harbour Lights';
// Long names of tracks and artists, for the layout checks.
const NARROW = 'Late Bloom';

interface TagsAnswer {
  textTags: Record<string, string[]>;
  cover: { data: string; mime: string } | null;
}

const byPath = (files: CollectionFile[], path: string) =>
  files.find((entry) => entry.file.filePath === path);

/**
 * Gives the first track of TARGET the donor's embedded cover through the tag writer, and
 * answers the collection as the page will load it.
 */
async function prepareTarget(api: ApiSession, id: number) {
  const donor = await api.call<CollectionWithFiles>(
    'GET',
    `/api/audio_collection/${await collectionId(DONOR)}`,
  );
  const donorFile = donor.files.find((entry) => entry.audio && entry.file.fileImageHash);
  if (!donorFile) throw new Error(`${DONOR} has no track with an embedded cover`);
  const { cover } = await api.call<TagsAnswer>('GET', `/downloader/tags/${donorFile.file.fileId}`);
  const before = await api.call<CollectionWithFiles>('GET', `/api/audio_collection/${id}`);
  const source = before.files.find((entry) => entry.audio);
  if (!source) throw new Error(`${TARGET} has no audio`);
  const { textTags } = await api.call<TagsAnswer>('GET', `/downloader/tags/${source.file.fileId}`);
  await api.call('POST', `/downloader/tags/${source.file.fileId}`, { textTags, cover });
  return api.call<CollectionWithFiles>('GET', `/api/audio_collection/${id}`);
}

test.describe('admin: take the collection cover from a file', () => {
  test('deletes the old image files, then uploads the file cover as multipart', async ({
    page,
  }) => {
    const id = await collectionId(TARGET);
    const api = await ApiSession.signIn();
    const prepared = await prepareTarget(api, id).finally(() => api.dispose());
    const source = prepared.files.find((entry) => entry.audio);
    const sourceHash = source?.file.fileImageHash;
    const oldHash = prepared.collection.collectionImageHash;
    const coverPng = byPath(prepared.files, 'cover.png');
    const title = source?.audio?.audioTitle ?? '';
    expect(sourceHash).toBeTruthy();
    expect(oldHash).toBeTruthy();
    expect(sourceHash).not.toBe(oldHash);
    expect(coverPng).toBeDefined();
    // Not an image: it must survive.
    expect(byPath(prepared.files, 'liner-notes.txt')).toBeDefined();

    const calls: string[] = [];
    const uploadTypes: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (req.method() === 'GET' || !pathname.startsWith('/downloader/')) return;
      calls.push(`${req.method()} ${pathname}`);
      if (pathname.startsWith('/downloader/upload/'))
        uploadTypes.push(req.headers()['content-type'] ?? '');
    });

    await signIn(page);
    await page.goto(`/collection/${id}`);
    const headerCover = page.getByRole('img', { name: TARGET, exact: true }).first();
    await expect(headerCover).toHaveAttribute('src', `/image/${oldHash}`);
    // Files without an embedded cover (cover.png, the liner notes) do not offer the action.
    await page.getByRole('button', { name: 'Administration: cover.png' }).click();
    await expect(page.getByRole('menuitem', { name: /^Delete cover\.png$/ })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /^Use the cover of/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Administration: ${title}` }).click();
    await page
      .getByRole('menuitem', { name: `Use the cover of ${title} for the collection` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Take the cover from this file?' });
    await expect(dialog).toContainText('cover.png');
    await expect(dialog).not.toContainText('liner-notes.txt');
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(calls).toEqual([]);

    await page.getByRole('button', { name: `Administration: ${title}` }).click();
    await page
      .getByRole('menuitem', { name: `Use the cover of ${title} for the collection` })
      .click();
    await dialog.getByRole('button', { name: 'Replace cover' }).click();
    await expect(page.getByText('The collection cover has been replaced')).toBeVisible();
    await expect(dialog).toBeHidden();

    expect(calls).toEqual([
      `DELETE /downloader/file/${coverPng?.file.fileId}`,
      `POST /downloader/upload/${id}`,
    ]);
    expect(uploadTypes[0]).toMatch(/^multipart\/form-data; boundary=/);
    // The same bytes, so the content-addressed hash of the new cover is the file's.
    await expect(headerCover).toHaveAttribute('src', `/image/${sourceHash}`);
    await expect(page.getByRole('button', { name: 'Administration: cover.png' })).toHaveCount(0);
    await expect(page.getByText('liner-notes.txt').first()).toBeVisible();
  });
});

/** A fresh account with the default role, registered through the API. */
async function registerUser(): Promise<{ username: string; password: string }> {
  const username = uniqueName('narrow');
  const password = 'user-password-1';
  const ctx = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await ctx.get('/api/settings/public');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await ctx.post('/api/register', {
    data: { username, password, email: `${username}@example.test` },
    headers: { 'x-xsrf-token': xsrf ?? '' },
  });
  expect(res.ok()).toBe(true);
  await ctx.dispose();
  return { username, password };
}

/** Every rendered file row fits its width, the page has no sideways scroll, play is on screen. */
async function expectRowsFit(page: Page): Promise<void> {
  const rows = page.getByTestId('file-row');
  await expect(rows.first()).toBeVisible();
  const overflowing = await rows.evaluateAll((elements) =>
    elements
      .filter((row) => row.scrollWidth > row.clientWidth)
      .map((row) => `${row.textContent}: ${row.scrollWidth} > ${row.clientWidth}`),
  );
  expect(overflowing).toEqual([]);
  const page_ = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(page_.scroll).toBeLessThanOrEqual(page_.width);
  const play = rows.first().getByRole('button', { name: /^Play / });
  // The list starts below the full-width cover: bring the row up, then check it whole.
  await play.scrollIntoViewIfNeeded();
  await expect(play).toBeInViewport({ ratio: 1 });
  // The title keeps at least half the row: the actions do not squeeze it to a few letters.
  const [titleBox, rowBox] = await Promise.all([
    rows.first().locator('p').first().boundingBox(),
    rows.first().boundingBox(),
  ]);
  expect(titleBox?.width ?? 0).toBeGreaterThanOrEqual((rowBox?.width ?? Infinity) / 2);
  // The row's last control (the menu) ends inside the screen too.
  const more = rows.first().getByRole('button', { name: /^More actions for / });
  await expect(more).toBeInViewport({ ratio: 1 });
}

test.describe('file rows at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fit for a user, with the other actions in one menu', async ({ page }) => {
    const id = await collectionId(NARROW);
    const user = await registerUser();
    await signIn(page, user.username, user.password);
    await page.goto(`/collection/${id}`);
    await expectRowsFit(page);
    const row = page.getByTestId('file-row').first();
    const title = (await row.locator('p').first().textContent()) ?? '';
    await expect(row.getByRole('button', { name: `Like ${title}` })).toBeInViewport();
    await row.getByRole('button', { name: `More actions for ${title}` }).click();
    await expect(
      page.getByRole('menuitem', { name: `Add ${title} to a playlist` }),
    ).toBeInViewport();
    await expect(page.getByRole('menuitem', { name: /^Edit tags of/ })).toHaveCount(0);
  });

  test('fit for an admin, whose menu also holds the admin actions', async ({ page }) => {
    const id = await collectionId(NARROW);
    await signIn(page);
    await page.goto(`/collection/${id}`);
    await expect(page.getByTestId('file-admin-details').first()).toBeVisible();
    await expectRowsFit(page);
    const row = page.getByTestId('file-row').first();
    const title = (await row.locator('p').first().textContent()) ?? '';
    await row.getByRole('button', { name: `More actions for ${title}` }).click();
    const edit = page.getByRole('menuitem', { name: `Edit tags of ${title}` });
    await expect(edit).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('menuitem', { name: `Delete ${title}` })).toBeInViewport();
  });
});
