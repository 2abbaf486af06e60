import { expect, type Page } from './support/csp-guard';
import { audioState, expectPlaying, signInAsAdmin } from './support/player-queue';
import { createTaggedAlbums, lrcTime } from './support/tagged-albums';
import { test } from './support/throwaway-albums';
import { chooseMenuItem } from './support/menu';

// The full-screen player is for screens 1012 px wide or less.
test.use({ serviceWorkers: 'block', viewport: { width: 1012, height: 800 } });

const full = (page: Page) => page.getByTestId('full-screen-player');

const LINES: Array<[number, string]> = [
  [0.5, 'Morning comes in slow'],
  [2.5, 'Over the harbour wall'],
  [4.5, 'Gulls are calling low'],
  [6.5, 'Waiting for the call'],
  [15, 'Late tide rising'],
  [17.5, 'Home before the fall'],
];

test('synced lyrics follow the playback, and a line seeks to its start', async ({
  page,
  api,
  albums,
}) => {
  const lrc = LINES.map(([seconds, text]) => `${lrcTime(seconds)}${text}`).join('\n');
  const [made] = await createTaggedAlbums(api, albums, [
    {
      album: albums.name('Sing Along'),
      albumArtist: 'Lyric Voice',
      tracks: [{ title: 'Harbour Song', artist: 'Lyric Voice', track: 1, seconds: 20, lrc }],
    },
  ]);

  await signInAsAdmin(page);
  await page.goto(`/collection/${made!.collectionId}`);
  await page.getByRole('button', { name: 'Play Harbour Song', exact: true }).click();
  await expectPlaying(page);
  await page
    .getByTestId('player-bar')
    .getByRole('button', { name: 'Open full-screen player' })
    .click();
  const toggle = full(page).getByRole('button', { name: 'Lyrics', exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  const lyrics = full(page).getByTestId('lyrics-synced');
  await expect(lyrics.getByRole('button')).toHaveText(LINES.map(([, text]) => text));
  const current = lyrics.locator('[aria-current="true"]');
  await expect(current).toHaveCount(1);
  // From the second line's start (2.5 s: on a loaded machine opening the lyrics can take longer
  // than the first lines last), the marked line moves on with the music: the third line starts
  // at 4.5 s, the fourth at 6.5.
  await lyrics.getByRole('button', { name: 'Over the harbour wall', exact: true }).click();
  await expect(current).toHaveText('Gulls are calling low', { timeout: 15_000 });
  await expect(current).toHaveText('Waiting for the call', { timeout: 15_000 });

  await lyrics.getByRole('button', { name: 'Late tide rising', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThanOrEqual(14.9);
  expect((await audioState(page)).currentTime).toBeLessThan(17.5);
  await expect(current).toHaveText('Late tide rising');
});

test('a track without lyrics says so, until the admin writes some in the tag editor', async ({
  page,
  api,
  albums,
}) => {
  const [made] = await createTaggedAlbums(api, albums, [
    {
      album: albums.name('Hum Along'),
      albumArtist: 'Lyric Voice',
      tracks: [{ title: 'Wordless Hum', artist: 'Lyric Voice', track: 1, seconds: 8 }],
    },
  ]);
  await signInAsAdmin(page);
  await page.goto(`/collection/${made!.collectionId}`);
  await page.getByRole('button', { name: 'Play Wordless Hum', exact: true }).click();
  const open = page
    .getByTestId('player-bar')
    .getByRole('button', { name: 'Open full-screen player' });
  await open.click();
  await full(page).getByRole('button', { name: 'Lyrics', exact: true }).click();
  await expect(full(page).getByTestId('lyrics')).toContainText('No lyrics for this track.');
  await full(page).getByRole('button', { name: 'Close player' }).click();
  await expect(full(page)).toBeHidden();

  const row = page.getByTestId('file-row').first();
  const dialog = page.getByRole('dialog', { name: 'Tags of Wordless Hum' });
  await row.getByRole('button', { name: 'Administration: Wordless Hum' }).click();
  await chooseMenuItem(page, 'Edit tags of Wordless Hum');
  const field = dialog.getByLabel('Lyrics', { exact: true });
  await expect(field).toHaveValue('');
  await expect(dialog.getByText(/\[mm:ss\.xx\] timestamp/)).toBeVisible();
  await field.fill('[00:00.50]Words at last\n[00:04.00]And a second line');
  await dialog.getByRole('button', { name: 'Save tags' }).click();
  await expect(page.getByText('The tags have been written')).toBeVisible();
  await expect(dialog).toBeHidden();

  await open.click();
  await full(page).getByRole('button', { name: 'Lyrics', exact: true }).click();
  await expect(full(page).getByTestId('lyrics-synced').getByRole('button')).toHaveText([
    'Words at last',
    'And a second line',
  ]);
  await full(page).getByRole('button', { name: 'Close player' }).click();

  // Opened again, the editor shows the stored lyrics as LRC.
  await row.getByRole('button', { name: 'Administration: Wordless Hum' }).click();
  await chooseMenuItem(page, 'Edit tags of Wordless Hum');
  await expect(field).toHaveValue(/\[00:00\.50\] ?Words at last\n\[00:04\.00\] ?And a second line/);
});
