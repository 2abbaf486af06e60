import { expect, test, type Page } from './support/csp-guard';
import { formatDuration } from '../domain/format';
import type { Track } from '../domain/track';
import { collectionId, registerUser } from './support/api';
import { activeAudio, demoCollection, seedQueue, signInAsAdmin } from './support/player-queue';
import { signIn } from './support/sign-in';

const bar = (page: Page) => page.getByTestId('player-bar');

/** The bar's duration comes from the track first, then from the file itself; either may show. */
const positionText = (position: string, track: Track) =>
  new RegExp(
    `^${position} / (${formatDuration(track.duration)}|${formatDuration(track.duration + 1)}|${formatDuration(track.duration - 1)})$`,
  );

test.describe('the player bar', () => {
  // A worker update reloads the page whenever the player is idle (paused), as here.
  test.describe(() => {
    test.use({ serviceWorkers: 'block' });
    test('shows cover, title, artists, label, position / duration and the BPM rounded', async ({
      page,
    }) => {
      const [first, second] = (await demoCollection(2)).tracks as [Track, Track];
      expect(first.imageHash).not.toBeNull();
      expect(first.label).not.toBeNull();
      // 127.6 must show as 128 (spec part 1, section 2); the second track has no cover image.
      const queue: Track[] = [
        { ...first, bpm: 127.6 },
        { ...second, imageHash: null },
      ];
      await signInAsAdmin(page);
      await seedQueue(page, queue);

      await expect(page.getByTestId('player-title')).toHaveText(first.title);
      await expect(page.getByTestId('player-artists')).toHaveText(first.artists.join(', '));
      await expect(page.getByTestId('player-label')).toContainText(first.label ?? '');
      await expect(page.getByTestId('player-bpm')).toHaveText('128 BPM');
      await expect(bar(page).locator('img').first()).toHaveAttribute(
        'src',
        `/image/${encodeURIComponent(first.imageHash ?? '')}?thumb=true`,
      );
      await expect(page.getByTestId('player-position')).toHaveText(positionText('0:00', first));

      await activeAudio(page).evaluate(async (el: HTMLAudioElement) => {
        if (!Number.isFinite(el.duration))
          await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
        el.currentTime = 12;
      });
      await expect(page.getByTestId('player-position')).toHaveText(positionText('0:12', first));

      await bar(page).getByRole('button', { name: 'Next track' }).click();
      await expect(page.getByTestId('player-title')).toHaveText(second.title);
      await expect(bar(page).locator('img').first()).toHaveAttribute('src', '/icons/icon-192.png');
      await expect(page.getByTestId('player-bpm')).toHaveText(`${Math.round(second.bpm ?? 0)} BPM`);
    });
  });

  test('a preview of a priced collection has a price button that opens the collection', async ({
    page,
  }) => {
    // A Member (download limit 50, no paid downloads) who has not bought "Night Shift" (7.99 EUR).
    const id = await collectionId('Night Shift');
    const user = await registerUser('preview');
    await signIn(page, user.username, user.password);
    await page.goto(`/collection/${id}`);
    await page
      .getByTestId('file-row')
      .first()
      .getByRole('button', { name: /^Play / })
      .click();
    await expect(bar(page)).toBeVisible();
    await expect
      .poll(() => activeAudio(page).evaluate((el: HTMLAudioElement) => el.getAttribute('src')))
      .toMatch(/^\/downloader\/preview\/\d+\?playback=true$/);

    // Away from the collection (the new account's e-mail is unconfirmed, so not to /browse).
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    const price = bar(page).getByRole('link', { name: 'Buy for 7.99 EUR' });
    await expect(price).toHaveText('7.99 EUR');
    await price.click();
    await expect(page).toHaveURL(new RegExp(`/collection/${id}(-|$)`));
    await expect(page.getByRole('heading', { name: 'Night Shift' })).toBeVisible();
  });

  test('an external preview has no add-to-playlist (nor like) button', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/browse?query=Track%201&external=1');
    const row = page.getByTestId('external-track').filter({ hasText: 'Track 1' }).first();
    await row.getByRole('button', { name: 'Play preview of Track 1' }).click();
    await expect(page.getByTestId('player-title')).toHaveText('Track 1');
    await expect(page.getByTestId('player-artists')).toHaveText('Artist 1');
    await expect(bar(page).getByRole('button', { name: 'Add to playlist' })).toHaveCount(0);
    await expect(bar(page).getByRole('button', { name: /^(Like|Unlike)$/ })).toHaveCount(0);
  });
});
