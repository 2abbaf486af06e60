import { expect, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import { ApiSession, collectionId, registerUser } from './support/api';
import { audioState, demoCollection, seedQueue, signInAsAdmin } from './support/player-queue';
import { signIn } from './support/sign-in';

// The waveform and preview requests are routed per test; the worker would bypass page.route.
test.use({ serviceWorkers: 'block', viewport: { width: 1012, height: 800 } });

let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(2)).tracks.slice(0, 2);
});

const full = (page: Page) => page.getByTestId('full-screen-player');

async function openFullScreen(page: Page) {
  await page
    .getByTestId('player-bar')
    .getByRole('button', { name: 'Open full-screen player' })
    .click();
  await expect(full(page)).toBeVisible();
}

async function withQueue(page: Page, queue: Track[] = tracks) {
  await signInAsAdmin(page);
  await seedQueue(page, queue);
  await openFullScreen(page);
}

test.describe('the full-screen player (1012 px wide)', () => {
  test('shows label, BPM, genres, release date, add to playlist and the download control', async ({
    page,
  }) => {
    const track = tracks[0] as Track;
    await withQueue(page, [{ ...track, bpm: 127.6 }]);
    expect(track.label && track.releaseDate && track.genres.length).toBeTruthy();
    await expect(full(page).getByText(`Label: ${track.label}`)).toBeVisible();
    await expect(full(page).getByText('BPM: 128')).toBeVisible();
    await expect(full(page).getByText(`Genres: ${track.genres.join(', ')}`)).toBeVisible();
    await expect(full(page).getByText(`Released: ${track.releaseDate}`)).toBeVisible();
    await expect(full(page).getByLabel('Format')).toHaveValue('original');
    await expect(full(page).getByRole('button', { name: 'Download' })).toBeVisible();
    // The cover, 320 px here at 1x, comes as the 720 px WebP copy, not the original.
    const cover = full(page).locator(`img[src="/image/${track.imageHash}"]`);
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(/\?size=720$/);
    await full(page).getByRole('button', { name: 'Add to playlist' }).click();
    await expect(page.getByRole('dialog', { name: 'Add to playlist' })).toBeVisible();
  });

  test('an external preview gets a seek slider instead of a waveform', async ({ page }) => {
    await signInAsAdmin(page);
    // The fake catalogue's preview addresses serve nothing; stand a library file in for them.
    const library = new URL(tracks[0]?.url ?? '', process.env.E2E_BASE_URL).href;
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await page.route(/\/preview\/\d+\.mp3$/, (route) =>
      route.continue({ url: library, headers: { ...route.request().headers(), cookie } }),
    );
    await page.goto('/browse?query=Track%201&external=1');
    const row = page.getByTestId('external-track').filter({ hasText: 'Track 1' }).first();
    await row.getByRole('button', { name: 'Play preview of Track 1' }).click();
    await expect(page.getByTestId('player-title')).toHaveText('Track 1');
    await openFullScreen(page);
    await expect(full(page).getByTestId('waveform')).toHaveCount(0);
    const slider = full(page).getByRole('slider', { name: 'Seek' });
    await expect(slider).toBeVisible();
    await expect.poll(async () => (await audioState(page)).duration).toBeGreaterThan(8);
    await slider.fill('6');
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThanOrEqual(5.9);
  });

  test('the waveform shows 100 bars of 0.1 until its peaks arrive', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/downloader/waveform/**', async (route) => {
      await held;
      await route.continue();
    });
    await withQueue(page);
    const placeholder = full(page).getByTestId('waveform-placeholder');
    await expect(placeholder.locator('> div')).toHaveCount(100);
    // Computed (layout) heights: the dialog's opening animation scales what the screen shows.
    const ratios = await placeholder.evaluate((el) => {
      const height = (node: Element) => parseFloat(getComputedStyle(node).height);
      return [...el.children].map((bar) => height(bar) / height(el));
    });
    for (const ratio of ratios) expect(ratio).toBeCloseTo(0.1, 2);
    release();
    await expect(full(page).getByTestId('waveform').locator('canvas').first()).toBeAttached();
    await expect(placeholder).toHaveCount(0);
  });

  test('dragging on the waveform previews a position and seeks only on release', async ({
    page,
  }) => {
    await withQueue(page);
    const wave = full(page).getByTestId('waveform');
    await expect(wave.locator('canvas').first()).toBeAttached();
    const max = Number(await wave.getAttribute('aria-valuemax'));
    expect(max).toBeGreaterThan(0);
    const box = await wave.boundingBox();
    if (!box) throw new Error('no waveform');
    const y = box.y + box.height / 2;
    const at = (fraction: number) => box.x + box.width * fraction;

    await page.mouse.move(at(0.2), y);
    await page.mouse.down();
    await expect
      .poll(async () => {
        // Moves closer together than the 30 ms redraw are skipped; each poll moves again.
        await page.mouse.move(at(0.6) + 1, y);
        await page.mouse.move(at(0.6), y);
        return Number(await wave.getAttribute('aria-valuenow')) / max;
      })
      .toBeCloseTo(0.6, 1);
    expect((await audioState(page)).currentTime).toBeLessThan(1);
    await page.mouse.up();
    // The slider always carries a value (axe), so the release shows in the element's position.
    await expect
      .poll(async () => {
        const { currentTime, duration } = await audioState(page);
        return Math.abs(currentTime / duration - 0.6);
      })
      .toBeLessThan(0.05);
  });

  test('a transcoded download starts in a hidden frame with a green notice and a user refresh', async ({
    page,
  }) => {
    await withQueue(page);
    await full(page).getByLabel('Format').selectOption('MP3_320');
    const userRefresh = page.waitForRequest(
      (r) => r.url().endsWith('/api/user') && r.method() === 'GET',
    );
    await full(page).getByRole('button', { name: 'Download' }).click();
    await expect(
      page.getByText('Your download is being prepared and will start shortly'),
    ).toBeVisible();
    await expect(page.locator('iframe[data-download]')).toHaveAttribute(
      'src',
      `/downloader/file/${tracks[0]?.fileId}?format=MP3_320`,
    );
    await userRefresh;
  });

  test('at zero remaining downloads the download is refused with the red message', async ({
    page,
  }) => {
    const user = await registerUser('nodlfs');
    const admin = await ApiSession.signIn();
    await admin.call('POST', `/api/user/${user.userId}`, { remainingDownloads: 0 });
    await admin.dispose();
    await signIn(page, user.username, user.password, { worker: false });
    await seedQueue(page, tracks);
    await openFullScreen(page);
    await full(page).getByRole('button', { name: 'Download' }).click();
    await expect(
      page.getByText(
        "You have no remaining downloads left! You can only download tracks which you've downloaded before.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.locator('iframe[data-download]')).toHaveCount(0);
  });

  test('downloading from a locked paid collection opens the payment chooser', async ({ page }) => {
    const id = await collectionId('Night Shift');
    const user = await registerUser('chooser');
    await signIn(page, user.username, user.password, { worker: false });
    await page.goto(`/collection/${id}`);
    await page
      .getByTestId('file-row')
      .first()
      .getByRole('button', { name: /^Play / })
      .click();
    await expect.poll(async () => (await audioState(page)).src).toMatch(/^\/downloader\/preview\//);
    await openFullScreen(page);
    await full(page).getByRole('button', { name: 'Download' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a payment method' });
    await expect(chooser).toBeVisible();
    await expect(chooser.getByText('This collection costs 7.99 EUR.')).toBeVisible();
    await expect(page.locator('iframe[data-download]')).toHaveCount(0);
  });
});
