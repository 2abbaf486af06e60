import { createStore, get, set } from 'idb-keyval';
import { api, ApiError, type HttpMethod } from './api-client';

/**
 * Changes made offline (likes, playlist additions) are kept in an IndexedDB outbox and sent,
 * in order, when the network returns (issue 5). A call that reaches the server and is refused
 * is not retried.
 */
export interface OutboxCall {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

export type SendResult = 'sent' | 'queued';

const KEY = 'outbox';
const store =
  typeof indexedDB === 'undefined' ? undefined : createStore('musicbox-outbox', 'calls');
let flushing: Promise<void> | null = null;

async function readOutbox(): Promise<OutboxCall[]> {
  if (!store) return [];
  return ((await get<OutboxCall[]>(KEY, store)) ?? []).filter(Boolean);
}

async function queue(call: OutboxCall): Promise<void> {
  if (!store) return;
  await set(KEY, [...(await readOutbox()), call], store);
}

/** A request that never reached the server (status 0), as opposed to a refusal. */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0;

const send = (call: OutboxCall) => api(call.method, call.path, call.body, { silent: true });

/**
 * Sends `call` now when `online`; otherwise, or when the request fails for lack of network,
 * hands it to `enqueue`. Any other failure is thrown. Pure of storage, for tests.
 */
export async function trySend(
  call: OutboxCall,
  online: boolean,
  deps: {
    send: (call: OutboxCall) => Promise<unknown>;
    enqueue: (call: OutboxCall) => Promise<void>;
  },
): Promise<SendResult> {
  if (!online) {
    await deps.enqueue(call);
    return 'queued';
  }
  try {
    await deps.send(call);
    return 'sent';
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    await deps.enqueue(call);
    return 'queued';
  }
}

/**
 * Sends `calls` in order and returns how many are done with (sent, or refused by the server
 * and dropped); stops at the first network failure so the rest stay queued.
 */
export async function sendInOrder(
  calls: readonly OutboxCall[],
  sendCall: (call: OutboxCall) => Promise<unknown>,
): Promise<number> {
  let done = 0;
  for (const call of calls) {
    try {
      await sendCall(call);
    } catch (error) {
      if (isNetworkFailure(error)) break;
    }
    done += 1;
  }
  return done;
}

/**
 * Sends now when online; otherwise (or on a network failure) queues it. `sendNow` replaces the
 * plain send when the caller reads the answer (it must make the same request).
 */
export function sendOrQueue(
  call: OutboxCall,
  sendNow: (call: OutboxCall) => Promise<unknown> = send,
): Promise<SendResult> {
  return trySend(call, navigator.onLine, { send: sendNow, enqueue: queue });
}

/** The calls still waiting for the network, oldest first (e.g. comments shown as pending). */
export const queuedCalls = (): Promise<OutboxCall[]> => readOutbox();

/** Sends every queued call; stops at the first network failure and keeps the rest. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    const sent = await sendInOrder(await readOutbox(), send);
    if (sent > 0 && store) await set(KEY, (await readOutbox()).slice(sent), store);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Flushes on start and whenever the browser comes back online; `onFlushed` refreshes data. */
export function startOutbox(onFlushed: () => void): () => void {
  const run = () => {
    void flushOutbox().then(onFlushed);
  };
  if (navigator.onLine) run();
  window.addEventListener('online', run);
  return () => window.removeEventListener('online', run);
}
