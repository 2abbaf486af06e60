import { fadeLength } from '../../../../domain/crossfade';
import { planHandover } from '../../../../domain/handover';
import { readyFromStart } from './deck-element';

/** What the element deck knows when it looks at the clock again. */
export interface HandoverState {
  active: HTMLAudioElement;
  spare: HTMLAudioElement;
  /** The next track's URL: the spare must hold it, ready from its start. */
  nextUrl: string | undefined;
  /** The planned change's crossfade, seconds (0: the hand-over of decision 0029). */
  crossfade: number;
  /** The next track fades in on another deck: the change needs no spare. */
  fadeElsewhere: boolean;
  /** A seek waits for the element's metadata: the position is not where play goes on. */
  seekPending: boolean;
}

/**
 * The timer aimed at the end of the element deck's active track (decision 0029,
 * domain/handover.ts), re-evaluated on every event that moves the clock. A pause, a seek, a
 * stall or an unknown length leave the change to `ended`.
 */
export class HandoverTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The fade the armed change will run (the setting, shortened for a short track). */
  armedFade = 0;

  constructor(
    private readonly state: () => HandoverState,
    private readonly ending: () => void,
  ) {}

  evaluate(): void {
    this.cancel();
    const { active: el, spare, nextUrl, crossfade, fadeElsewhere, seekPending } = this.state();
    this.armedFade = fadeLength(crossfade, el.duration);
    const spareReady = (fadeElsewhere && this.armedFade > 0) || readyFromStart(spare, nextUrl);
    const plan = planHandover({
      duration: el.duration,
      currentTime: el.currentTime,
      playbackRate: el.playbackRate,
      paused: el.paused || el.ended || seekPending,
      seeking: el.seeking,
      spareReady,
      leadMs: this.armedFade > 0 ? this.armedFade * 1000 : undefined,
    });
    // A microtask: never re-enter the engine from inside its own load/preload call.
    if (plan.kind === 'now') queueMicrotask(() => this.ending());
    else if (plan.kind === 'wait') this.timer = setTimeout(() => this.evaluate(), plan.ms);
  }

  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
