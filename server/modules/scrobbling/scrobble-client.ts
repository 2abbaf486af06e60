import type { ScrobbleService } from '../../../domain/scrobbling';

/** What a listen says about its track, taken when it is reported (files may change later). */
export interface ScrobbleTrack {
  artist: string;
  track: string;
  release: string | null;
  /** 0 when unknown. */
  durationMs: number;
  trackNumber: number | null;
}

export interface ListenToSend {
  /** When the play started. */
  listenedAt: string;
  track: ScrobbleTrack;
}

/**
 * How a service answered, in the terms the worker acts on: `broken` the token or session is
 * refused (the user must reconnect); `retry` a passing failure (back off and try again);
 * `paused` rate limited until `untilMs`; `rejected` these listens will never be taken.
 */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'broken'; message: string }
  | { kind: 'retry'; message: string }
  | { kind: 'paused'; untilMs: number; message: string }
  | { kind: 'rejected'; message: string };

/** One service's submit calls; `secret` is the plain token or session key. */
export interface ScrobbleClient {
  readonly service: ScrobbleService;
  /** The most listens one request may carry. */
  readonly batchSize: number;
  submit(secret: string, listens: readonly ListenToSend[]): Promise<SendOutcome>;
  nowPlaying(secret: string, track: ScrobbleTrack): Promise<SendOutcome>;
}

/** Every call to a service gives up after this long: a hung service must not hold the worker. */
export const SERVICE_TIMEOUT_MS = 15_000;

/** A request that never got an answer (refused connection, DNS, timeout): try again later. */
export const unreachable = (service: string, error: unknown): SendOutcome => ({
  kind: 'retry',
  message: `${service} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
});

export const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);
