import { fadeGains } from '../../../../domain/crossfade';

/** How often a fade moves an element's volume: 20 steps a second are heard as smooth. */
const STEP_MS = 50;

/** One element's volume moving along the crossfade curve (domain/crossfade.ts). */
export interface Fade {
  element: HTMLAudioElement;
  /** The track's own level (the listener's volume × its normalisation gain). */
  level: number;
  direction: 'in' | 'out';
  /** 0 to 1, read from a media clock so the fade follows the audio, not the wall clock. */
  progress: () => number;
  /** Called once when the fade is over (its end, or the element paused or emptied). */
  done?: () => void;
}

/**
 * The fades running on the player's elements. The curve multiplies each track's level, so
 * normalised gains compose with the fade; a level change during a fade (the volume slider)
 * goes to the fade instead of the element. Tabs that play audio are exempt from the
 * browser's timer throttling, so the steps keep coming with the screen locked.
 */
export class Fades {
  private running: Fade[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;

  start(fade: Fade): void {
    this.stop(fade.element);
    this.running.push(fade);
    this.apply(fade);
    this.timer ??= setInterval(() => this.step(), STEP_MS);
  }

  /**
   * Fades `element` out over the last `seconds` before `end` (both on the clock `position`
   * reads), then calls `done`.
   */
  out(
    element: HTMLAudioElement,
    level: number,
    clock: { position: () => number; end: () => number },
    seconds: number,
    done?: () => void,
  ): void {
    const progress = fadeOutProgress(clock.position, clock.end, seconds);
    this.start({ element, level, direction: 'out', progress, done });
  }

  /** Fades `element` in over the first `seconds` of the clock `position` reads. */
  in(element: HTMLAudioElement, level: number, position: () => number, seconds: number): void {
    this.start({ element, level, direction: 'in', progress: fadeInProgress(position, seconds) });
  }

  has(element: HTMLAudioElement): boolean {
    return this.running.some((fade) => fade.element === element);
  }

  /** Sets the level of a fading element (answers false when it does not fade). */
  setLevel(element: HTMLAudioElement, level: number): boolean {
    const fade = this.running.find((f) => f.element === element);
    if (!fade) return false;
    fade.level = level;
    this.apply(fade);
    return true;
  }

  /**
   * Ends the fades of `element` (or all): a fade-in jumps to its level, a fade-out's `done`
   * runs (its owner stops the element).
   */
  stop(element?: HTMLAudioElement): void {
    const ending = this.running.filter((f) => element === undefined || f.element === element);
    this.running = this.running.filter((f) => !ending.includes(f));
    for (const fade of ending) this.finish(fade);
    this.idle();
  }

  private step(): void {
    for (const fade of [...this.running]) {
      const el = fade.element;
      // An incoming element is still paused when its fade starts (play follows the load).
      const stopped = fade.direction === 'out' && (el.paused || el.ended);
      const cut = stopped || el.getAttribute('src') === null;
      if (cut || this.apply(fade) >= 1) {
        this.running = this.running.filter((f) => f !== fade);
        this.finish(fade);
      }
    }
    this.idle();
  }

  /** Sets the element's volume for the fade's progress; answers the progress. */
  private apply(fade: Fade): number {
    const progress = fade.progress();
    const gain = fadeGains(progress)[fade.direction];
    fade.element.volume = Math.min(1, Math.max(0, fade.level * gain));
    return progress;
  }

  private finish(fade: Fade): void {
    if (fade.direction === 'in') fade.element.volume = Math.min(1, Math.max(0, fade.level));
    fade.done?.();
  }

  private idle(): void {
    if (this.running.length > 0 || this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Progress of a fade-in: the incoming track's own position over the fade's length. */
export const fadeInProgress = (position: () => number, seconds: number) => () =>
  seconds > 0 ? position() / seconds : 1;

/** Progress of a fade-out: how much of the track's last `seconds` has played. */
export const fadeOutProgress =
  (position: () => number, end: () => number, seconds: number) => () =>
    seconds > 0 ? 1 - (end() - position()) / seconds : 1;
