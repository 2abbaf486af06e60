import { HttpError } from '../errors';
import { ProcessSlots } from '../media/process-slots';

export class ServerBusy extends HttpError {
  constructor(retryAfterSeconds = 2) {
    super(503, 'The server is busy, please try again in a moment', {
      'retry-after': String(retryAfterSeconds),
    });
  }
}

/**
 * At most `size` tasks at once and at most `maxQueued` waiting; anything beyond is refused at
 * once with 503. Unbounded waiting would let a flood of cheap requests queue up expensive work
 * ahead of everyone else's, which is the slowdown this gate exists to prevent.
 */
export class WorkGate {
  private readonly slots: ProcessSlots;

  constructor(
    size: number,
    private readonly maxQueued: number,
  ) {
    this.slots = new ProcessSlots(size);
  }

  get active(): number {
    return this.slots.active;
  }

  get queued(): number {
    return this.slots.queued;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.slots.active >= this.slots.size && this.slots.queued >= this.maxQueued) {
      throw new ServerBusy();
    }
    const release = await this.slots.acquire();
    try {
      return await task();
    } finally {
      release();
    }
  }
}
