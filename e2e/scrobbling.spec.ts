import { expect, test, type Page } from './support/csp-guard';
import type { Track } from '../domain/track';
import { seriousViolations } from './support/axe';
import { ApiSession } from './support/api';
import { confirmedUser } from './support/confirmed-user';
import { activeAudio, demoCollection, expectPlaying, seedQueue } from './support/player-queue';
import { signIn } from './support/sign-in';

interface LbListen {
  listened_at: number;
  track_metadata: { artist_name: string; track_name: string };
}

/** The fake ListenBrainz the e2e server submits to (e2e/support/global-setup.ts). */
async function fakeLb<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${process.env.E2E_LISTENBRAINZ_URL}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as T;
}

const listensOf = (user: string) =>
  fakeLb<LbListen[]>('GET', `/__fake/listens?user=${encodeURIComponent(user)}`);

/** What the player's outbox (IndexedDB 'musicbox-outbox') holds for POST /api/user/listens. */
const queuedListens = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('musicbox-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('calls');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('calls').objectStore('calls').get('outbox');
          read.onsuccess = () => {
            const calls = (read.result ?? []) as Array<{ path: string }>;
            open.result.close();
            resolve(calls.filter((call) => call.path === '/api/user/listens').length);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );

async function expectNoSeriousViolations(page: Page) {
  for (const dark of [true, false]) {
    await page.evaluate((value) => localStorage.setItem('darkTheme', String(value)), dark);
    await page.reload();
    await expect(page.getByTestId('scrobbling-listenbrainz-state')).toBeVisible({
      timeout: 60_000,
    });
    await page.waitForTimeout(400); // transitions end: axe reads computed colours
    expect(await seriousViolations(page, '[data-testid="profile-scrobbling"]')).toEqual([]);
  }
}

let track: Track;
test.beforeAll(async () => {
  // The shortest free track: half of it must play before it is a listen.
  const { tracks } = await demoCollection(1);
  track = [...tracks].sort((a, b) => a.duration - b.duration)[0] as Track;
});

test.describe('scrobbling', () => {
  // Offline play as an installed app does it: with the worker (the config blocks it elsewhere).
  // Without one, Chromium now and then re-fetched the buffered track once offline and paused.
  test.use({ serviceWorkers: 'allow' });

  test('connect ListenBrainz, play offline, reconnect: the listen arrives once', async ({
    page,
    context,
  }) => {
    // A whole journey (account page, a reload into the player, a track played to its end) on
    // a shared, loaded machine.
    test.setTimeout(360_000);
    const user = await confirmedUser('scrobbler');
    const lbUser = `lb-${user.username}`;
    const token = `token-${user.username}`.replace(/[^\w-]/g, '-');
    await fakeLb('POST', '/__fake/token', { token, user: lbUser });
    await signIn(page, user.username, user.password, { worker: false });

    await page.goto(`/user/${user.userId}`);
    const section = page.getByTestId('profile-scrobbling');
    // The shared machine can be slow to bring the account page up.
    await expect(section.getByText('Not connected').first()).toBeVisible({ timeout: 60_000 });
    await section.getByLabel('ListenBrainz user token').fill('not-a-known-token');
    await section.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(section.getByText(/ListenBrainz did not accept this token/)).toBeVisible();
    await section.getByLabel('ListenBrainz user token').fill(token);
    await section.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(section.getByTestId('scrobbling-listenbrainz-state')).toContainText(
      `Connected as ${lbUser}`,
    );
    await expectNoSeriousViolations(page);

    // Play a track past its half with the network gone after that much loaded.
    await seedQueue(page, [track], 0);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);
    const startedBy = Math.ceil(Date.now() / 1000);
    await expect
      .poll(() =>
        fakeLb<unknown[]>('GET', `/__fake/playing-now?user=${encodeURIComponent(lbUser)}`),
      )
      .toHaveLength(1);
    // Slowed while it buffers: a listen is sent as soon as half was heard, and that half must
    // be heard offline. Sped up once the network is gone.
    await activeAudio(page).evaluate((el: HTMLAudioElement) => {
      el.playbackRate = 0.25;
    });
    // Enough in one buffered range from the start to hear past the half offline, while the
    // play is still before it.
    await expect
      .poll(
        () =>
          activeAudio(page).evaluate(
            (el: HTMLAudioElement) =>
              el.buffered.length > 0 &&
              el.buffered.start(0) <= 0.1 &&
              el.buffered.end(0) >= el.duration / 2 + 1 &&
              el.currentTime < el.duration / 2 - 0.5,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    // Four times as fast: each step of the position is still small enough to count as heard.
    await activeAudio(page).evaluate((el: HTMLAudioElement) => {
      el.playbackRate = 4;
    });
    await expect.poll(() => queuedListens(page), { timeout: 60_000 }).toBe(1);
    expect(await listensOf(lbUser)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => listensOf(lbUser), { timeout: 20_000 }).toHaveLength(1);
    const [listen] = await listensOf(lbUser);
    expect(listen?.track_metadata.track_name).toBe(track.title);
    // The time the play started, kept while offline.
    expect(listen?.listened_at).toBeLessThanOrEqual(startedBy);
    await expect.poll(() => queuedListens(page)).toBe(0);

    // Back on the account page: nothing waits, and the listen went once.
    await page.goto(`/user/${user.userId}`);
    await expect(page.getByTestId('scrobbling-listenbrainz-state')).toContainText(
      `Connected as ${lbUser}`,
      { timeout: 60_000 },
    );
    await expect(page.getByTestId('scrobbling-listenbrainz-state')).not.toContainText('waiting');
    expect(await listensOf(lbUser)).toHaveLength(1);
  });
});

test.describe('a listen at the threshold', () => {
  test('half a track heard, then the app killed without pagehide: the listen arrives once', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const user = await confirmedUser('killed');
    const lbUser = `lb-${user.username}`;
    const token = `token-${user.username}`.replace(/[^\w-]/g, '-');
    await fakeLb('POST', '/__fake/token', { token, user: lbUser });
    const web = await ApiSession.signIn(user.username, user.password);
    await web.call('PUT', '/api/user/scrobbling', { listenbrainzToken: token });
    await web.dispose();

    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await signIn(page, user.username, user.password, { worker: false });
    await seedQueue(page, [track], 0);
    await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
    await expectPlaying(page);
    await activeAudio(page).evaluate((el: HTMLAudioElement) => {
      el.playbackRate = 2;
    });
    // Sent as soon as half of it was heard, while it still plays: nothing waits for its end.
    await expect.poll(() => listensOf(lbUser), { timeout: 60_000 }).toHaveLength(1);
    const position = await activeAudio(page).evaluate((el: HTMLAudioElement) => ({
      at: el.currentTime,
      duration: el.duration,
      paused: el.paused,
    }));
    expect(position.paused).toBe(false);
    expect(position.at).toBeLessThan(position.duration - 0.5);
    // Killed as a phone kills an installed app: the context goes, no page lifecycle runs.
    await context.close();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const listens = await listensOf(lbUser);
    expect(listens).toHaveLength(1);
    expect(listens[0]?.track_metadata.track_name).toBe(track.title);
  });
});
