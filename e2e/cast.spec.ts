import { expect, request, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import { registerUser } from './support/api';
import { audioState, demoCollection, seedQueue } from './support/player-queue';
import { signIn } from './support/sign-in';

/**
 * Issue 50's cast. The browser's Remote Playback API is replaced before the app loads (there is
 * no speaker on a test machine): every media element's `remote` reports the availability the
 * test chose, and `prompt()` "connects" as a picked speaker would: connecting, then connect once
 * the test lets the speaker answer. A connected element still sounds here, so what it plays can
 * be read and heard.
 */
type Stub = 'available' | 'unavailable' | 'absent';

declare global {
  interface Window {
    /** Set by the stub: the engine asked for availability. */
    __castWatched?: boolean;
    /** Ends the stub's connection as a speaker going away would. */
    __castDisconnect?: () => void;
    /** Completes the connections `prompt()` began, as the picked speaker answering would. */
    __castConnect?: () => void;
  }
}

async function stubRemotePlayback(page: Page, stub: Stub): Promise<void> {
  await page.addInitScript((mode: Stub) => {
    if (mode === 'absent') {
      // A browser without the API (Firefox): no `remote`, no RemotePlayback.
      delete (HTMLMediaElement.prototype as { remote?: unknown }).remote;
      delete (window as Partial<Window & { RemotePlayback: unknown }>).RemotePlayback;
      return;
    }
    const connected = new Set<FakeRemote>();
    // Held until the test completes them: a fixed second of "connecting" was over before a
    // loaded machine's page had drawn it.
    const connecting = new Set<FakeRemote>();
    class FakeRemote extends EventTarget {
      state: RemotePlaybackState = 'disconnected';
      watchAvailability(callback: (available: boolean) => void): Promise<number> {
        window.__castWatched = true;
        setTimeout(() => callback(mode === 'available'), 50);
        return Promise.resolve(1);
      }
      cancelWatchAvailability(): Promise<void> {
        return Promise.resolve();
      }
      prompt(): Promise<void> {
        if (mode !== 'available') return Promise.reject(new DOMException('none', 'NotFoundError'));
        this.state = 'connecting';
        this.dispatchEvent(new Event('connecting'));
        connecting.add(this);
        return Promise.resolve();
      }
    }
    const remotes = new WeakMap<HTMLMediaElement, FakeRemote>();
    Object.defineProperty(HTMLMediaElement.prototype, 'remote', {
      configurable: true,
      get(this: HTMLMediaElement) {
        let remote = remotes.get(this);
        if (remote === undefined) remotes.set(this, (remote = new FakeRemote()));
        return remote;
      },
    });
    window.__castConnect = () => {
      for (const remote of connecting) {
        remote.state = 'connected';
        connected.add(remote);
        remote.dispatchEvent(new Event('connect'));
      }
      connecting.clear();
    };
    window.__castDisconnect = () => {
      for (const remote of connected) {
        remote.state = 'disconnected';
        remote.dispatchEvent(new Event('disconnect'));
      }
      connected.clear();
    };
  }, stub);
}

const castElement = (page: Page) => page.locator('audio[data-player="cast"]');
const castState = (page: Page) =>
  castElement(page).evaluate((el: HTMLAudioElement) => ({
    src: el.getAttribute('src') ?? '',
    currentTime: el.currentTime,
    paused: el.paused,
    duration: el.duration,
  }));

/** The file id a cast address names: its claims are user-file-expiry in base 36. */
const castFileId = (src: string) => {
  const match = /^\/downloader\/cast\/[0-9a-z]+-([0-9a-z]+)-[0-9a-z]+\.[0-9a-f]{32}$/.exec(src);
  return match === null ? NaN : parseInt(match[1]!, 36);
};

let tracks: Track[] = [];
test.beforeAll(async () => {
  tracks = (await demoCollection(3)).tracks.slice(0, 3);
});

/** A member's player with the demo album queued at its first track, paused. */
async function playerWith(page: Page, stub: Stub): Promise<void> {
  await stubRemotePlayback(page, stub);
  const user = await registerUser('cast');
  await signIn(page, user.username, user.password);
  await seedQueue(page, tracks, 0, 0);
}

test('the cast button shows when a speaker is available and plays the queue there', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const addresses: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/media/cast/')) addresses.push(r.url());
  });
  await playerWith(page, 'available');
  const bar = page.getByTestId('player-bar');
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(1);

  const cast = bar.getByRole('button', { name: 'Cast to a speaker' });
  await expect(cast).toBeVisible();
  // Before casting, the cast element holds the track's own address, never fetched.
  expect((await castState(page)).src).toBe(tracks[0]!.url);
  expect(await castElement(page).evaluate((el: HTMLAudioElement) => el.readyState)).toBe(0);
  const before = (await audioState(page)).currentTime;
  // Where the speaker's element is when its sound starts: `paused` turns false at `play()`,
  // before the address has loaded and the position is applied at its metadata.
  await castElement(page).evaluate((el: HTMLAudioElement) => {
    el.addEventListener('playing', () => (el.dataset.startedAt = String(el.currentTime)), {
      once: true,
    });
  });
  await cast.focus();
  await page.keyboard.press('Enter');
  await expect(bar.getByRole('button', { name: 'Connecting to a speaker' })).toBeVisible();
  await page.evaluate(() => window.__castConnect?.());
  await expect(bar.getByTestId('cast-button')).toHaveAttribute('data-state', 'connected');
  await expect(bar.getByRole('button', { name: /^Playing on a speaker/ })).toBeVisible();

  // The speaker's element plays a signed address of the current track, from where it was.
  await expect.poll(async () => castFileId((await castState(page)).src)).toBe(tracks[0]!.fileId);
  await expect.poll(async () => (await castState(page)).paused).toBe(false);
  await expect(castElement(page)).toHaveAttribute('data-started-at', /\d/);
  const startedAt = Number(await castElement(page).getAttribute('data-started-at'));
  expect(startedAt).toBeGreaterThanOrEqual(before - 0.5);
  const cast1 = await castState(page);
  // Nothing else sounds here: the deck it left is empty.
  expect(await page.locator('audio[data-player="active"][src]').count()).toBe(0);
  expect(await page.locator('audio[data-player="gapless"][src]').count()).toBe(0);

  // A speaker has no cookie: the address plays from a context that has none.
  const speaker = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const answer = await speaker.get(cast1.src, { headers: { Range: 'bytes=0-1023' } });
    expect(answer.status()).toBe(206);
    expect(answer.headers()['content-type']).toMatch(/^audio\//);
    expect((await answer.body()).length).toBe(1024);
    expect((await speaker.storageState()).cookies).toEqual([]);
  } finally {
    await speaker.dispose();
  }

  // The queue goes on there track by track, each with a fresh address of its own.
  const asked = addresses.length;
  await castElement(page).evaluate((el: HTMLAudioElement) => {
    el.currentTime = Math.max(0, el.duration - 1);
  });
  await expect
    .poll(async () => castFileId((await castState(page)).src), { timeout: 15_000 })
    .toBe(tracks[1]!.fileId);
  expect(addresses.length).toBe(asked + 1);
  await expect(bar).toContainText(tracks[1]!.title);
  await expect.poll(async () => (await castState(page)).currentTime).toBeGreaterThan(1);

  // The speaker goes away: the player goes on here, with its own address, where it was.
  const there = (await castState(page)).currentTime;
  await page.evaluate(() => window.__castDisconnect?.());
  await expect(bar.getByRole('button', { name: 'Cast to a speaker' })).toBeVisible();
  await expect.poll(async () => (await audioState(page)).src).toBe(tracks[1]!.url);
  const here = await audioState(page);
  expect(here.paused).toBe(false);
  expect(Math.abs(here.currentTime - there)).toBeLessThanOrEqual(2);
  expect((await castState(page)).src).toBe(tracks[1]!.url);
  expect((await castState(page)).paused).toBe(true);

  // The compact bar (below 1024 px) offers it too.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(bar.getByRole('button', { name: 'Cast to a speaker' })).toBeVisible();
});

test('no cast button when the browser reports no speaker', async ({ page }) => {
  await playerWith(page, 'unavailable');
  await expect.poll(() => page.evaluate(() => window.__castWatched === true)).toBe(true);
  // The stub answers 50 ms after the engine asked; a wrong "yes" would have shown by now.
  await page.waitForTimeout(500);
  await expect(page.getByTestId('player-bar')).toBeVisible();
  await expect(page.getByTestId('cast-button')).toHaveCount(0);
});

test('no cast button in a browser without the Remote Playback API', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await playerWith(page, 'absent');
  await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.5);
  await expect(page.getByTestId('cast-button')).toHaveCount(0);
  expect(errors).toEqual([]);
});
