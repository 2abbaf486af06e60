import { requireBrowse } from './collections';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Unauthorized } from '../errors';
import type { AuthContext, Sessions } from '../plugins/session';
import { loadCaller, requireAdmin, type Caller, type CallerDirectory } from './caller';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, loaded once per request; null when signed out. */
    callerOrNull(): Promise<Caller | null>;
    /** The signed-in caller; 401 when signed out. */
    caller(): Promise<Caller>;
  }
}

/**
 * Every route asks the request for its caller, so the user, their role and folded blacklist
 * are read once per request however many services ask. Keyed by the session's AuthContext
 * (Sessions hands out one per request, and a fresh one when a login or logout replaces it).
 */
export function registerCaller(
  app: FastifyInstance,
  directory: CallerDirectory,
  sessions: Sessions,
): void {
  const loaded = new WeakMap<AuthContext, Promise<Caller>>();
  const callerOf = (auth: AuthContext): Promise<Caller> => {
    let pending = loaded.get(auth);
    if (pending === undefined) {
      pending = loadCaller(directory, auth.user, auth.tokenHash);
      loaded.set(auth, pending);
    }
    return pending;
  };
  app.decorateRequest('callerOrNull', async function (this: FastifyRequest) {
    const auth = await sessions.get(this);
    return auth === null ? null : callerOf(auth);
  });
  app.decorateRequest('caller', async function (this: FastifyRequest) {
    const caller = await this.callerOrNull();
    if (caller === null) throw new Unauthorized();
    return caller;
  });
}

/** preValidation hook for routes any signed-in user may call. */
export const signedIn = async (request: FastifyRequest): Promise<void> => {
  await request.caller();
};

/** preValidation hook for administrators' routes: the one admin gate. */
export const adminOnly = async (request: FastifyRequest): Promise<void> => {
  requireAdmin(await request.caller());
};

/** preValidation hook for library reads: signed in with the browse right (spec part 1, 6). */
export const browsing = async (request: FastifyRequest): Promise<void> => {
  requireBrowse(await request.caller());
};
