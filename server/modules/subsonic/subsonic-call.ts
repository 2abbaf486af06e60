import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../access/caller';
import type { AppDeps } from '../../app-deps';

/**
 * The Subsonic error codes the API answers (HTTP 200 with status "failed"): the public
 * Subsonic 1.16.1 list plus the OpenSubsonic API-key codes 42 to 44.
 */
export type SubsonicErrorCode = 0 | 10 | 20 | 30 | 40 | 41 | 42 | 43 | 44 | 50 | 60 | 70;

/** Thrown by a call; the router answers it inside the subsonic-response envelope. */
export class SubsonicError extends Error {
  constructor(
    readonly code: SubsonicErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Query string and form fields merged (form POST per the formPost extension); repeatable. */
export interface SubsonicParams {
  get(name: string): string | undefined;
  getAll(name: string): string[];
}

export interface SubsonicContext {
  /** The app password's user, loaded through server/access like a signed-in web caller. */
  caller: Caller;
  params: SubsonicParams;
  deps: AppDeps;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What a call answers inside the envelope, keyed by element name as in the Subsonic JSON form:
 * `{ artists: { index: [...] } }`. Scalars become XML attributes, objects child elements,
 * arrays repeated elements and a `value` key the element's text.
 */
export type SubsonicPayload = Record<string, unknown>;

/** A call that wrote the answer itself (stream, download, cover art) returns SENT. */
export const SENT = Symbol('subsonic-sent');

export type SubsonicHandler = (ctx: SubsonicContext) => Promise<SubsonicPayload | typeof SENT>;

/** Calls by name, without `.view`: each group of calls exports one of these. */
export type SubsonicCalls = Readonly<Record<string, SubsonicHandler>>;

/** A parameter the call cannot do without: error 10 when absent or empty. */
export function requiredParam(params: SubsonicParams, name: string): string {
  const value = params.get(name);
  if (value === undefined || value === '') {
    throw new SubsonicError(10, `Required parameter is missing: ${name}`);
  }
  return value;
}

/** An optional integer parameter within bounds; error 10 when it is not a number. */
export function intParam(
  params: SubsonicParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = params.get(name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d{1,15}$/.test(raw)) throw new SubsonicError(10, `Parameter ${name} is not a number`);
  return Math.min(max, Math.max(min, Number(raw)));
}
