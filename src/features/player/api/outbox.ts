import { createStore, get, set } from 'idb-keyval';
import { api, ApiError, type HttpMethod } from '../../../lib/api-client';

/**
 * Likes made offline are kept in an IndexedDB outbox and sent, in order, when the network
 * returns (issue 5). A call that reaches the server and is refused is not retried.
 */
export interface OutboxCall {
  method: HttpMethod;
  path: string;
  body?: unknown;
}

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

const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/** Sends now when online; otherwise (or on a network failure) queues it. */
export async function sendOrQueue(call: OutboxCall): Promise<'sent' | 'queued'> {
  if (!navigator.onLine) {
    await queue(call);
    return 'queued';
  }
  try {
    await api(call.method, call.path, call.body, { silent: true });
    return 'sent';
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    await queue(call);
    return 'queued';
  }
}

/** Sends every queued call; stops at the first network failure and keeps the rest. */
export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    const calls = await readOutbox();
    let sent = 0;
    for (const call of calls) {
      try {
        await api(call.method, call.path, call.body, { silent: true });
      } catch (error) {
        if (isNetworkFailure(error)) break;
      }
      sent += 1;
    }
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
