import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from './support/csp-guard';
import type { CollectionFile, CollectionWithFiles } from '../domain/collection';
import { ApiSession, collectionId, registerUser, uniqueName } from './support/api';
import { importLibrary, musicDir } from './support/music-dir';
import { signIn } from './support/sign-in';

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
// Long names of tracks and artists, for the layout checks.
const NARROW = 'Late Bloom';

const byPath = (files: CollectionFile[], path: string) =>
  files.find((entry) => entry.file.filePath === path);

/** A one-second mp3 tagged for `album`, carrying a 64 px picture of one colour. */
async function trackWithCover(folder: string, name: string, album: string, colour: string) {
  const picture = join(folder, `${name}.cover.png`);
  // prettier-ignore
  await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=64x64`, '-frames:v', '1', picture]);
  // prettier-ignore
  await run(FFMPEG, [
    '-v', 'error', '-f', 'lavfi', '-i', 'sine=d=1', '-i', picture,
    '-map', '0', '-map', '1', '-q:a', '9', '-c:v', 'copy', '-id3v2_version', '3',
    '-metadata', `title=${name}`, '-metadata', `album=${album}`,
    '-metadata', 'artist=Cover Tester', '-metadata', 'album_artist=Cover Tester',
    join(folder, `${name}.mp3`),
  ]);
  await rm(picture);
}

/**
 * A throwaway collection of its own, so a retry finds it whole: two tracks with different
 * embedded pictures (the collection takes the first), a cover.png and liner notes.
 */
async function makeTarget(api: ApiSession, album: string, folder: string) {
  await mkdir(folder, { recursive: true });
  await trackWithCover(folder, '01 First Light', album, 'red');
  await trackWithCover(folder, '02 Second Wind', album, 'blue');
  // prettier-ignore
  await run(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=green:s=64x64', '-frames:v', '1', join(folder, 'cover.png')]);
  await writeFile(join(folder, 'liner-notes.txt'), 'Recorded for a test.\n');
  await importLibrary(api);
  return api.call<CollectionWithFiles>('GET', `/api/audio_collection/${await collectionId(album)}`);
}

test.describe('admin: take the collection cover from a file', () => {
  test('deletes the old image files, then uploads the file cover as multipart', async ({
    page,
  }) => {
    const TARGET = uniqueName('Cover Source ');
    const folder = join(musicDir(), TARGET.replace(/\W+/g, '-'));
    const api = await ApiSession.signIn();
    try {
      const prepared = await makeTarget(api, TARGET, folder);
      const id = prepared.collection.collectionId;
      const oldHash = prepared.collection.collectionImageHash;
      const source = prepared.files.find(
        (entry) => entry.audio && entry.file.fileImageHash && entry.file.fileImageHash !== oldHash,
      );
      const sourceHash = source?.file.fileImageHash;
      const coverPng = byPath(prepared.files, 'cover.png');
      const title = source?.audio?.audioTitle ?? '';
      expect(sourceHash).toBeTruthy();
      expect(oldHash).toBeTruthy();
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
      // The uploaded cover is a file of the collection now (library uploads keep images as
      // files): the old cover.png row is gone, one new file carries the new cover.
      const after = await api.call<CollectionWithFiles>('GET', `/api/audio_collection/${id}`);
      expect(after.files.some((entry) => entry.file.fileId === coverPng?.file.fileId)).toBe(false);
      expect(after.collection.collectionImageHash).toBe(sourceHash);
      await expect(page.getByText('liner-notes.txt').first()).toBeVisible();
    } finally {
      await api
        .call('DELETE', '/downloader/collection/bulk', {
          ids: [await collectionId(TARGET).catch(() => 0)].filter(Boolean),
        })
        .catch(() => undefined);
      await api.dispose();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

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
    const user = await registerUser('narrow');
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
