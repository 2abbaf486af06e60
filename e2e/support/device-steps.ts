import { expect, type Browser } from '@playwright/test';
import type { Track } from '../../domain/track';
import { registerUser, type RegisteredUser } from './api';
import { audioState, seedQueue } from './player-queue';
import { signInByApi } from './sign-in-by-api';

/**
 * Which app server each context talks to: one server (e2e/devices.spec.ts) or two on one
 * PostgreSQL database (e2e/devices-two-servers.spec.ts), where the NOTIFY bus carries what one
 * device asks of the other.
 */
export interface DeviceOrigins {
  a: string;
  b: string;
  /** The other user's context. */
  stranger: string;
}

const suiteServer = (): DeviceOrigins => {
  const url = process.env.E2E_BASE_URL ?? '';
  return { a: url, b: url, stranger: url };
};

/** A signed-in context of its own at `origin`: another device of `user`. */
export async function device(browser: Browser, user: RegisteredUser, origin: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInByApi(page, user.username, user.password, origin);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** The "m:ss / m:ss" a device card shows, as the first figure in seconds. */
const shownSeconds = (text: string) => {
  const match = /(\d+):(\d\d) \//.exec(text);
  return match === null ? NaN : Number(match[1]) * 60 + Number(match[2]);
};

/**
 * Issue 50's journey: A plays `tracks` (an album of one user); B sees what A plays and where,
 * pauses it, seeks it, sets its volume, and takes the music over ("play here"); another user's
 * context never sees A. `user` and the stranger register on whichever server: one database.
 */
export async function steerAnotherDevice(
  browser: Browser,
  user: RegisteredUser,
  tracks: Track[],
  origins: DeviceOrigins = suiteServer(),
): Promise<void> {
  const first = tracks.findIndex((t) => t.duration > 45);
  expect(first, 'a track longer than 45 s').toBeGreaterThanOrEqual(0);
  const title = tracks[first]!.title;
  const a = await device(browser, user, origins.a);
  await seedQueue(a, tracks, first, 0);
  await a.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(async () => (await audioState(a)).currentTime).toBeGreaterThan(2);

  const b = await device(browser, user, origins.b);
  const remote = b.getByTestId('remote-bar');
  await expect(remote).toContainText(title, { timeout: 15_000 });
  await remote.getByRole('button', { name: 'Devices' }).click();
  const card = b.getByTestId('device-card');
  await expect(card).toContainText(title);
  // The position B shows is within 2 s of A's own.
  // A's clock is read on both sides of B's reading: each read takes a while on a loaded machine.
  const before = (await audioState(a)).currentTime;
  const shown = shownSeconds((await card.getByTestId('device-position').textContent()) ?? '');
  const after = (await audioState(a)).currentTime;
  expect(shown).toBeGreaterThanOrEqual(before - 2);
  expect(shown).toBeLessThanOrEqual(after + 2);

  await card.getByRole('button', { name: /^Pause / }).click();
  await expect.poll(async () => (await audioState(a)).paused, { timeout: 1500 }).toBe(true);
  await card.getByRole('slider', { name: /^Position on / }).fill('30');
  await expect
    .poll(async () => (await audioState(a)).currentTime, { timeout: 3000 })
    .toBeCloseTo(30, 0);
  await card.getByRole('slider', { name: /^Volume of / }).fill('40');
  await expect.poll(() => a.evaluate(() => localStorage.getItem('volume'))).toBe('0.4');

  await card.getByRole('button', { name: /^Play on / }).click();
  await expect.poll(async () => (await audioState(a)).paused).toBe(false);
  // "Play here" takes over from what A last reported, as B's card shows it. A reports a seek
  // within a fifth of a second (device-link.ts); a click before B's card shows it would move
  // where A had paused, which no user would have seen on the card.
  await expect
    .poll(async () => shownSeconds((await card.getByTestId('device-position').textContent()) ?? ''))
    .toBeGreaterThanOrEqual(29);
  const movedAt = Date.now();
  await card.getByRole('button', { name: /^Play here what / }).click();
  await expect(b.getByTestId('player-bar')).toContainText(title);
  await expect.poll(async () => (await audioState(a)).paused).toBe(true);
  await expect.poll(async () => (await audioState(b)).paused).toBe(false);
  const there = (await audioState(a)).currentTime;
  // B goes on from where A stopped, plus what it has played since the move.
  const onB = (await audioState(b)).currentTime;
  expect(onB).toBeGreaterThanOrEqual(there - 2);
  expect(onB).toBeLessThanOrEqual(there + 2 + (Date.now() - movedAt) / 1000);

  // Another user never sees them: once their own device is listed, it is the only one.
  const other = await device(
    browser,
    await registerUser('stranger', origins.stranger),
    origins.stranger,
  );
  const aId = await a.evaluate(() => localStorage.getItem('device-id'));
  const listed = () =>
    other.evaluate(async () => {
      const answer = (await (await fetch('/api/devices')).json()) as {
        devices: Array<{ deviceId: string }>;
      };
      return answer.devices.map((d) => d.deviceId);
    });
  await expect.poll(async () => (await listed()).length).toBe(1);
  expect(await listed()).not.toContain(aId);
  for (const page of [a, b, other]) await page.context().close();
}
