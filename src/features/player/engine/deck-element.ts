import type { DeckEvents } from './deck';

/**
 * The hidden <audio> elements the decks play on (audio-deck.ts, gapless-deck.ts). Kept in the
 * document, where devtools and the e2e helpers find them by their data-player role.
 */
export function createDeckElement(role: string, volume: number): HTMLAudioElement {
  const el = document.createElement('audio');
  el.preload = 'auto';
  el.hidden = true;
  // Which deck the element belongs to, for devtools and the e2e helpers.
  el.dataset.player = role;
  el.volume = volume;
  document.body.append(el);
  return el;
}

/** Stops the element and frees what it buffered (an attribute removed, then a load). */
export function releaseElement(el: HTMLAudioElement): void {
  el.pause();
  el.removeAttribute('src');
  el.load();
}

/** Adds listeners on `el` that run only while `speaks()` (an element may be off duty). */
export const listenWhile =
  (el: HTMLAudioElement, speaks: () => boolean) =>
  (type: keyof HTMLMediaElementEventMap, handler: () => void): void =>
    el.addEventListener(type, () => {
      if (speaks()) handler();
    });

/** The end of the buffered range of `el` that holds `at` seconds (0 when none does). */
export function bufferedEndAround(el: HTMLMediaElement, at: number): number {
  const ranges = el.buffered;
  for (let i = 0; i < ranges.length; i += 1) {
    if (ranges.start(i) <= at + 0.5 && ranges.end(i) >= at) return ranges.end(i);
  }
  return 0;
}

/** `el` holds `url` from its start, ready to play at once (a warm spare). */
export const readyFromStart = (el: HTMLMediaElement, url: string | undefined): boolean =>
  url !== undefined &&
  el.getAttribute('src') === url &&
  el.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA &&
  !el.seeking &&
  el.currentTime === 0;

/**
 * Plays `el` at `rate` with the pitch kept (issue 49's speed). The default rate too: loading a
 * new source resets the rate to it, and an element may load its next track before it speaks.
 */
export function setElementRate(el: HTMLAudioElement, rate: number): void {
  el.preservesPitch = true;
  if (el.defaultPlaybackRate !== rate) el.defaultPlaybackRate = rate;
  if (el.playbackRate !== rate) el.playbackRate = rate;
}

/**
 * What one element tells the engine while it `speaks()` (the element decks, audio-deck.ts and
 * cast-deck.ts): play, pause (not the one the browser fires right before ended), ended, its
 * duration once known, position changes and ticks. `metadata` runs when metadata arrives (a seek
 * waiting for it), `tick` on every timeupdate before the engine's.
 */
export function reportElement(
  el: HTMLAudioElement,
  speaks: () => boolean,
  events: DeckEvents,
  hooks: { metadata: () => void; tick?: () => void },
): void {
  const on = listenWhile(el, speaks);
  on('play', () => events.play());
  on('pause', () => {
    if (!el.ended) events.pause();
  });
  on('ended', () => events.ended());
  on('loadedmetadata', () => {
    if (Number.isFinite(el.duration) && el.duration > 0) events.duration(el.duration);
    hooks.metadata();
    events.position();
  });
  on('seeked', () => events.position());
  on('ratechange', () => events.position());
  on('timeupdate', () => {
    hooks.tick?.();
    events.tick();
  });
}
