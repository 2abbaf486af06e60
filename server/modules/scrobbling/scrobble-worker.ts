import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ScrobbleService } from '../../../domain/scrobbling';
import type { SecretBox } from '../../security/secret-box';
import type { ScrobbleClient, ScrobbleTrack, SendOutcome } from './scrobble-client';
import type { OutboxRow, ScrobblingRepository } from './scrobbling.repository';

/** Listens taken per service and pass. */
const CLAIM = 200;
/** A claimed listen is due again after this, should the worker die while sending it. */
const LEASE_MS = 5 * 60_000;
/** Attempts before a listen is given up (with the doubling wait: days at the default). */
const MAX_ATTEMPTS = 12;
/** The longest wait between two attempts, and between two looks at the outbox. */
const MAX_WAIT_MS = 6 * 3_600_000;
const IDLE_LOOK_MS = 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Sends the outbox: listens grouped per user and service in batches, with a doubling wait after
 * a failure, a pause per service while it rate-limits, and an account marked broken (nothing
 * else happens to it) when the service refuses its token. One function, `drain`, does a pass;
 * the loop around it (a timer, woken when listens arrive) is what issue 32 moves onto the queue.
 */
export class ScrobbleWorker {
  private readonly pausedUntil = new Map<ScrobbleService, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly repo: ScrobblingRepository,
    private readonly clients: readonly ScrobbleClient[],
    private readonly box: SecretBox,
    private readonly retryMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Listens arrived (or an account came back): send soon. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.drain()
      .catch((err: unknown) => this.log.warn({ err }, 'scrobble worker pass failed'))
      .then(() => this.schedule())
      .catch((err: unknown) => this.log.warn({ err }, 'scrobble worker could not schedule'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** One pass: every service not rate-limited sends what is due. */
  async drain(): Promise<void> {
    for (const client of this.clients) {
      if ((this.pausedUntil.get(client.service) ?? 0) > Date.now()) continue;
      const now = Date.now();
      const rows = await this.repo.claimDue(
        client.service,
        iso(now),
        iso(now + LEASE_MS),
        randomUUID(),
        CLAIM,
      );
      await this.sendClaimed(client, rows);
    }
  }

  /** The next pass: when a listen of a service not rate-limited falls due, or a pause ends. */
  private async schedule(): Promise<void> {
    if (this.stopped) return;
    const now = Date.now();
    const pauses = this.clients
      .map((client) => this.pausedUntil.get(client.service) ?? 0)
      .filter((until) => until > now);
    const open = this.clients
      .filter((client) => (this.pausedUntil.get(client.service) ?? 0) <= now)
      .map((client) => client.service);
    const due = await this.repo.nextDue(open);
    const at = Math.min(due === null ? Infinity : Date.parse(due), ...pauses);
    const wait = Math.min(Math.max(at - Date.now(), 0), IDLE_LOOK_MS);
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  private async sendClaimed(client: ScrobbleClient, rows: OutboxRow[]): Promise<void> {
    const byUser = new Map<number, OutboxRow[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    for (const [userId, listens] of byUser) {
      const paused = this.pausedUntil.get(client.service) ?? 0;
      if (paused > Date.now()) {
        await this.repo.release(ids(listens), iso(paused), null);
        continue;
      }
      const secret = await this.secretOf(userId, client.service);
      if (secret === null) {
        await this.repo.release(ids(listens), iso(Date.now()), null);
        continue;
      }
      for (let i = 0; i < listens.length; i += client.batchSize) {
        const batch = listens.slice(i, i + client.batchSize);
        const outcome = await client.submit(
          secret,
          batch.map((row) => ({
            listenedAt: row.listened_at,
            track: JSON.parse(row.track) as ScrobbleTrack,
          })),
        );
        if (!(await this.settle(client.service, userId, batch, outcome))) {
          // Broken or paused: the rest of this user's listens wait with the first batch.
          await this.repo.release(ids(listens.slice(i + client.batchSize)), iso(Date.now()), null);
          break;
        }
      }
    }
  }

  /** Applies a service's answer to a batch; false when the user's other batches must wait. */
  private async settle(
    service: ScrobbleService,
    userId: number,
    batch: OutboxRow[],
    outcome: SendOutcome,
  ): Promise<boolean> {
    const batchIds = ids(batch);
    switch (outcome.kind) {
      case 'sent':
        await this.repo.markSent(batchIds, iso(Date.now()));
        return true;
      case 'rejected':
        this.log.warn({ service, userId, reason: outcome.message }, 'listens rejected');
        await this.repo.markFailed(batchIds, outcome.message);
        return true;
      case 'broken':
        this.log.info({ service, userId }, 'scrobble token refused; the user must reconnect');
        await this.repo.markBroken(userId, service, iso(Date.now()));
        await this.repo.release(batchIds, iso(Date.now()), null);
        return false;
      case 'paused':
        this.pausedUntil.set(service, outcome.untilMs);
        await this.repo.release(batchIds, iso(outcome.untilMs), null);
        return false;
      case 'retry': {
        const attempts = Math.max(...batch.map((row) => row.attempts)) + 1;
        if (attempts >= MAX_ATTEMPTS) {
          await this.repo.markFailed(batchIds, outcome.message);
          return true;
        }
        const wait = Math.min(this.retryMs * 2 ** (attempts - 1), MAX_WAIT_MS);
        await this.repo.release(batchIds, iso(Date.now() + wait), { error: outcome.message });
        return true;
      }
    }
  }

  /** The plain token; one sealed under another key (the key file replaced) counts as broken. */
  private async secretOf(userId: number, service: ScrobbleService): Promise<string | null> {
    const account = await this.repo.findAccount(userId, service);
    if (account === undefined || account.broken_at !== null) return null;
    try {
      return this.box.open(account.secret);
    } catch {
      await this.repo.markBroken(userId, service, iso(Date.now()));
      return null;
    }
  }
}

const ids = (rows: readonly OutboxRow[]): number[] => rows.map((row) => row.outbox_id);
