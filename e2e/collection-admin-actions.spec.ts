import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from './support/csp-guard';
import { signIn } from './support/sign-in';
import { test } from './support/throwaway-albums';
import { chooseMenuItem } from './support/menu';

interface Detail {
  files: { file: { fileId: number; filePath: string }; audio: { audioTitle: string } | null }[];
}

const adminSection = (page: Page) => page.getByRole('region', { name: 'Administration' });

/**
 * Every test here works on a collection imported for it (see throwaway-albums.ts), so deleting
 * files or whole collections leaves the demo library as the other spec files expect it.
 */
test.describe('collection page admin actions', () => {
  test('delete a file: asks first, then the file is gone from the page and the API', async ({
    page,
    api,
    albums,
  }) => {
    const album = albums.name('File Delete');
    // Notes beside the track (writeAlbums puts the first album in 000): a second file,
    // which must survive the delete.
    await mkdir(join(albums.folder, '000'), { recursive: true });
    await writeFile(join(albums.folder, '000', 'notes.txt'), 'liner notes');
    const [made] = await albums.create([{ album, artist: 'Delete Tester' }]);
    const before = await api.call<Detail>('GET', `/api/audio_collection/${made!.collectionId}`);
    expect(before.files).toHaveLength(2);
    const track = before.files.find((f) => f.audio)!;
    const title = track.audio!.audioTitle;

    await signIn(page);
    await page.goto(`/collection/${made!.collectionId}`);
    const rows = page.getByTestId('file-row');
    await expect(rows).toHaveCount(2);
    const openDelete = async () => {
      await page.getByRole('button', { name: `Administration: ${title}` }).click();
      await chooseMenuItem(page, `Delete ${title}`);
    };
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname);
    });

    await openDelete();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this file?' });
    await expect(dialog).toContainText(`"${title}" will be removed for good.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);

    await openDelete();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(rows.filter({ hasText: title })).toHaveCount(0);
    await expect(rows.first()).toContainText('notes.txt');
    expect(deletes).toEqual([`/downloader/file/${track.file.fileId}`]);

    const after = await api.call<Detail>('GET', `/api/audio_collection/${made!.collectionId}`);
    expect(after.files.map((f) => f.file.fileId)).not.toContain(track.file.fileId);
    expect(after.files).toHaveLength(1);
  });

  test('reimport calls import with post=true, and without post with post=false', async ({
    page,
    albums,
  }) => {
    const [made] = await albums.create([
      { album: albums.name('Reimport'), artist: 'Reimport Tester' },
    ]);
    const id = made!.collectionId;
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const section = adminSection(page);

    for (const [button, post] of [
      ['Reimport', 'true'],
      ['Reimport without post', 'false'],
    ] as const) {
      const response = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().includes('/import?'),
      );
      await section.getByRole('button', { name: button, exact: true }).click();
      const answer = await response;
      const url = new URL(answer.url());
      expect(url.pathname).toBe(`/downloader/collection/${id}/import`);
      expect([...url.searchParams.entries()]).toEqual([['post', post]]);
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toMatchObject({ ok: true });
      await expect(page.getByText('The collection is being reimported').first()).toBeVisible();
    }
  });

  test('upload goes to /upload/{id}', async ({ page, albums }) => {
    const [made] = await albums.create([{ album: albums.name('Upload'), artist: 'Upload Tester' }]);
    await signIn(page);
    await page.goto(`/collection/${made!.collectionId}`);
    await adminSection(page).getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/upload/${made!.collectionId}$`));
  });

  test('delete the collection: asks first, then /browse is reloaded and the API refuses it', async ({
    page,
    api,
    albums,
  }) => {
    const [made] = await albums.create([
      { album: albums.name('Collection Delete'), artist: 'Delete Tester' },
    ]);
    const id = made!.collectionId;
    await signIn(page);
    await page.goto(`/collection/${id}`);
    const openDelete = () =>
      adminSection(page).getByRole('button', { name: 'Delete collection' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this collection?' });

    await openDelete();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/collection/${id}-`));

    // A mark on the window: a real reload drops it, an in-app navigation keeps it.
    await page.evaluate(() => Object.assign(window, { beforeDelete: true }));
    const removal = page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/downloader/collection/${id}`),
    );
    const reloaded = page.waitForEvent('load');
    await openDelete();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect((await removal).status()).toBe(200);
    await reloaded;
    await expect(page).toHaveURL(/\/browse$/);
    expect(await page.evaluate(() => 'beforeDelete' in window)).toBe(false);
    await expect(page.getByTestId('collection-card').first()).toBeVisible();
    await expect(page.locator(`[data-collection-id="${id}"]`)).toHaveCount(0);

    await expect(api.call('GET', `/api/audio_collection/${id}`)).rejects.toThrow(/answered 4\d\d/);
  });

  test('the editor credits an album artist, sets genres and creates a tag only on request', async ({
    page,
    api,
    albums,
  }) => {
    const [made] = await albums.create([{ album: albums.name('Editor'), artist: 'Editor Tester' }]);
    const id = made!.collectionId;
    const artist = `Editor Ensemble ${albums.word}`;
    const tag = `Tag ${albums.word}`;
    const siteTags = (await api.call<{ collectionTags: string[] }>('GET', '/api/settings'))
      .collectionTags;
    try {
      await signIn(page);
      await page.goto(`/collection/${id}`);
      await page.getByRole('button', { name: 'Edit collection' }).click();
      const form = page.getByRole('form', { name: 'Edit collection' });
      await expect(form.getByLabel('Album artist')).toHaveValue('Editor Tester');
      await form.getByLabel('Album artist').fill(artist);

      const genre = form.getByLabel('New value for Genres');
      await genre.fill('Cumbia');
      await genre.press('Enter');
      await genre.fill('cumbia');
      await form.getByRole('button', { name: 'Add value' }).click();
      const genres = form.getByTestId('tag-field').filter({ hasText: 'Genres' });
      await expect(genres.getByRole('button', { name: /^Remove .* from Genres$/ })).toHaveCount(1);

      // Typing is not creating: the tag exists only after "Create tag" (or Enter).
      const tags = form.getByRole('group', { name: 'Tags' });
      await form.getByLabel('New tag').fill(tag);
      await expect(tags.getByRole('checkbox', { name: tag })).toHaveCount(0);
      await form.getByRole('button', { name: 'Create tag' }).click();
      await expect(tags.getByRole('checkbox', { name: tag })).toBeChecked();
      await expect(form.getByLabel('New tag')).toHaveValue('');
      // The same tag in other letters picks it rather than making a twin.
      await form.getByLabel('New tag').fill(tag.toUpperCase());
      await form.getByLabel('New tag').press('Enter');
      await expect(form.getByText(`"${tag}" exists already and is now selected`)).toBeVisible();
      await expect(tags.getByRole('checkbox')).toHaveCount(siteTags.length + 1);

      await form.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText(`Created the tag "${tag}"`)).toBeVisible();
      await expect(page.getByTestId('collection-artists')).toHaveText(artist);
      await page.getByTestId('collection-artists').getByRole('link', { name: artist }).click();
      await expect(page.getByRole('heading', { level: 1, name: artist })).toBeVisible();

      const saved = await api.call<{
        collection: { audioGenres: string[]; collectionTags: string[] };
      }>('GET', `/api/audio_collection/${id}`);
      expect(saved.collection.audioGenres).toEqual(['Cumbia']);
      expect(saved.collection.collectionTags).toEqual([tag]);
      const after = await api.call<{ collectionTags: string[] }>('GET', '/api/settings');
      expect(after.collectionTags).toEqual([...siteTags, tag]);
    } finally {
      await api.call('POST', '/api/settings', { collectionTags: siteTags });
    }
  });
});
