import { coreShare } from '../cluster/processes';

/**
 * A counting semaphore for ffmpeg processes: at most `size` run at once, the rest wait in
 * arrival order. A waiter whose request is aborted leaves the queue without taking a slot.
 */
export class ProcessSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /** By default one per core of this process's share (PROCESSES splits the cores). */
  constructor(readonly size: number = coreShare()) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.running < this.size) {
      this.running += 1;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(grant);
    });
    // The releasing holder handed its slot over, so `running` is unchanged.
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
  }
}
