import { expect, test } from './support/csp-guard';
import { collectionId, registerUser, uniqueName } from './support/api';
import { signIn } from './support/sign-in';

test.describe('smart playlists', () => {
  test('build "genre is Jazz and play count greater than 0" in the editor; a play shows in it', async ({
    page,
  }) => {
    // A fresh member: play counts are the owner's own, so the list starts empty.
    const user = await registerUser('smart');
    const jazz = await collectionId('Blue Hour Sessions');
    const name = uniqueName('Jazz I played ');
    await signIn(page, user.username, user.password);

    await page.goto('/playlists');
    await page.getByRole('button', { name: 'New smart playlist' }).click();
    const editor = page.getByRole('dialog', { name: 'New smart playlist' });
    await editor.getByLabel('Name').fill(name);
    await editor.getByLabel('Rule 1 field').selectOption('genre');
    await editor.getByLabel('Rule 1 operator').selectOption('is');
    await editor.getByLabel('Rule 1 value').fill('Jazz');
    await editor.getByRole('button', { name: 'Add rule' }).click();
    await editor.getByLabel('Rule 2 field').selectOption('playCount');
    // Operators follow the field: a number has no "contains".
    await expect(
      editor.getByLabel('Rule 2 operator').locator('option', { hasText: 'contains' }),
    ).toHaveCount(0);
    await editor.getByLabel('Rule 2 operator').selectOption('gt');
    await editor.getByLabel('Sort by').selectOption('lastPlayed');
    await editor.getByLabel('Order').selectOption('desc');

    // Without a value the server refuses, and the editor says so on that rule.
    await editor.getByRole('button', { name: 'Create' }).click();
    await expect(editor.getByText('Rule 2: play count greater than needs a number')).toBeVisible();
    await editor.getByLabel('Rule 2 value').fill('0');
    await editor.getByRole('button', { name: 'Create' }).click();

    await expect(page).toHaveURL(/\/smart-playlist\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('No tracks match these rules yet.')).toBeVisible();

    // A listen of a Jazz track, posted with the page's own session (as the player does).
    const title = await page.evaluate(async (collection) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const album = (await (await fetch(`/api/audio_collection/${collection}`)).json()) as {
        files: { file: { fileId: number }; audio: { audioTitle: string } | null }[];
      };
      const track = album.files.find((f) => f.audio !== null)!;
      const response = await fetch('/api/user/listens', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: JSON.stringify({
          listens: [
            { fileId: track.file.fileId, listenedAt: new Date().toISOString(), playedMs: 60_000 },
          ],
        }),
      });
      if (!response.ok) throw new Error(`listens answered ${response.status}`);
      return track.audio!.audioTitle;
    }, jazz);

    await page.reload();
    await expect(page.getByTestId('playlist-track')).toHaveCount(1);
    await expect(page.getByTestId('playlist-track')).toContainText(title);

    // The Playlists screen lists it beside ordinary playlists, marked Smart.
    await page.goto('/playlists');
    const card = page.getByTestId('smart-playlist-card').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Smart');
  });
});
