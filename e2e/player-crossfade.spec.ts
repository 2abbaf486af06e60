import type { Track } from '../domain/track';
import { expect, test, type Page } from './support/csp-guard';
import {
  activeAudio,
  expectPlaying,
  freeDemoAlbums,
  seedQueue,
  signInAsAdmin,
} from './support/player-queue';

/**
 * Crossfade (issue 33 §1, decision 0052 "Crossfade"): a change between collections fades the
 * outgoing track out while the incoming one fades in; two consecutive tracks of one album in
 * order never fade. Observed on every audio element of the page, whichever deck plays.
 */
let albums: Track[][] = [];
test.beforeAll(async () => {
  albums = (await freeDemoAlbums())
    .map((album) => album.tracks)
    .filter((tracks) => tracks.length >= 2 && tracks.every((t) => t.duration > 12))
    .slice(0, 2);
  if (albums.length < 2) throw new Error('two free demo collections with 2 tracks needed');
});

interface Sample {
  /** Elements sounding: playing, past their first moment, with a source. */
  sounding: { player: string; volume: number; time: number }[];
  title: string;
}

/**
 * Samples every audio element every 100 ms until `after` ms past the moment the title became
 * `title` (a loaded machine may take seconds to seek), or 30 s.
 */
async function watch(page: Page, title: string, after: number): Promise<Sample[]> {
  return page.evaluate(
    async ({ title, after }) => {
      const samples: Sample[] = [];
      let end = performance.now() + 30_000;
      let switched = false;
      while (performance.now() < end) {
        const sounding = [...document.querySelectorAll('audio')]
          .filter((el) => el.getAttribute('src') && !el.paused && !el.ended && el.currentTime > 0)
          .map((el) => ({
            player: el.dataset.player ?? '',
            volume: el.volume,
            time: el.currentTime,
          }));
        const now = document.querySelector('[data-testid="player-title"]')?.textContent ?? '';
        samples.push({ sounding, title: now });
        if (!switched && now === title) {
          switched = true;
          end = Math.min(end, performance.now() + after);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return samples;
    },
    { title, after },
  );
}

async function startNearEnd(page: Page, queue: Track[], before: number, gapless: string) {
  await page.addInitScript((mode) => {
    localStorage.setItem('crossfade', '3');
    localStorage.setItem('gapless', mode);
  }, gapless);
  await signInAsAdmin(page);
  await seedQueue(page, queue, 0);
  await page.getByTestId('player-bar').getByRole('button', { name: 'Play', exact: true }).click();
  await expectPlaying(page);
  await activeAudio(page).evaluate((el: HTMLAudioElement, seconds) => {
    el.currentTime = Math.max(0, el.duration - seconds);
  }, before);
}

/**
 * Off: both tracks on the element deck (a fade inside the twin). All files: both on gapless
 * decks, so the fade runs from one gapless deck into a second one (deck-pair.ts `fadeInto`).
 */
for (const gapless of ['off', 'always'] as const)
  test.describe(`crossfade, gapless ${gapless}`, () => {
    test('fades one collection into another: both sound, one volume falls as the other rises', async ({
      page,
    }) => {
      const [first, second] = [albums[0]![0]!, albums[1]![0]!];
      await startNearEnd(page, [first, second], 5, gapless);
      const samples = await watch(page, second.title, 4500);
      const overlap = samples.filter((s) => s.sounding.length === 2);
      // 3 s of fade sampled every 100 ms; a loaded machine still gives well over a second.
      expect(overlap.length).toBeGreaterThan(8);
      // Which decks fade: the twin's two elements, or two gapless decks.
      const players = new Set(overlap.flatMap((s) => s.sounding.map((el) => el.player)));
      expect([...players].sort()).toEqual(gapless === 'off' ? ['active', 'spare'] : ['gapless']);
      // The outgoing element is the one further into its track.
      const pairs = overlap.map((s) => {
        const [a, b] = [...s.sounding].sort((x, y) => y.time - x.time);
        return { out: a!.volume, in: b!.volume };
      });
      const head = pairs[0]!;
      const tail = pairs[pairs.length - 1]!;
      expect(tail.out).toBeLessThan(head.out - 0.2);
      expect(tail.in).toBeGreaterThan(head.in + 0.2);
      for (let i = 1; i < pairs.length; i += 1) {
        expect(pairs[i]!.out).toBeLessThanOrEqual(pairs[i - 1]!.out + 1e-6);
        expect(pairs[i]!.in).toBeGreaterThanOrEqual(pairs[i - 1]!.in - 1e-6);
      }
      // Now playing moves to the incoming track when the fade starts.
      const atStart = samples.indexOf(overlap[0]!);
      expect(samples.slice(atStart + 2).every((s) => s.title === second.title)).toBe(true);
      // After the fade the incoming track plays alone at full level.
      const last = samples[samples.length - 1]!;
      expect(last.sounding).toHaveLength(1);
      expect(last.sounding[0]!.volume).toBeCloseTo(1, 2);
    });

    test('never fades two consecutive tracks of one album played in order', async ({ page }) => {
      const [first, second] = albums[0]! as [Track, Track];
      await startNearEnd(page, [first, second], 4, gapless);
      const samples = await watch(page, second.title, 2000);
      expect(samples.some((s) => s.title === second.title)).toBe(true);
      // The element deck's hand-over (decision 0029) lets the outgoing element play its last few
      // ms while the next one starts: one 100 ms sample may catch both, never a fade's seconds.
      // On the gapless deck the next track follows on the same element.
      expect(samples.filter((s) => s.sounding.length > 1).length).toBeLessThanOrEqual(1);
      for (const sample of samples)
        for (const el of sample.sounding) expect(el.volume).toBeCloseTo(1, 2);
    });
  });
