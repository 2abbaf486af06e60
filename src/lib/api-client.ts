import type { ZodType } from 'zod';
import { takeEarlyResponse } from './early-response';
import { notifyError } from './notify';
import { strings } from './strings';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A non-2xx answer (status > 0) or a network failure (status 0). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** A schema, or a loader of one: calls made on start use a loader to keep zod off the first load. */
export type SchemaSource<T> = ZodType<T> | (() => Promise<ZodType<T>>);

export interface ApiOptions<T> {
  /** Validates the answer at the boundary. */
  schema?: SchemaSource<T>;
  /** Do not show the red "An error occurred" toast on failure (the caller handles it). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Sent as well (the player's `x-device-id` on the devices calls). */
  headers?: Record<string, string>;
  /** The request outlives the page (a position saved as the page hides). */
  keepalive?: boolean;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(
  name: string,
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

const UNSAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error text of a failed answer: its `error` field, otherwise the raw body. */
export function errorMessageFromBody(text: string, statusText: string): string {
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (
        parsed &&
        typeof parsed === 'object' &&
        'error' in parsed &&
        typeof parsed.error === 'string'
      ) {
        return parsed.error;
      }
    } catch {
      // not JSON: the raw body is the message
    }
    return text;
  }
  return statusText;
}

/**
 * The one request helper of the client: credentials always included, JSON in and out (or a
 * FormData body sent as multipart), the anti-forgery cookie echoed on state-changing calls,
 * and no timeout (spec part 1, section 9).
 * Failures throw `ApiError` and, unless `silent`, show the red "An error occurred" toast.
 */
export async function api<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ApiOptions<T> = {},
): Promise<T> {
  // FormData goes as multipart: the browser writes its Content-Type with the boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (UNSAFE_METHODS.has(method)) {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }

  // Loaded while the request is under way; a schema that fails to load only skips the check.
  const schema =
    typeof options.schema === 'function'
      ? options.schema().catch(() => undefined)
      : Promise.resolve(options.schema);

  let response: Response;
  try {
    const early = method === 'GET' && body === undefined ? takeEarlyResponse(path) : null;
    response = await (early ??
      fetch(path, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined || multipart ? body : JSON.stringify(body),
        signal: options.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(0, strings.errors.network);
    if (!options.silent) notifyError(strings.errors.generic, { description: error.message });
    throw error;
  }

  const text = await response.text();
  if (!response.ok) {
    const error = new ApiError(response.status, errorMessageFromBody(text, response.statusText));
    if (!options.silent) notifyError(strings.errors.generic, { description: error.message });
    throw error;
  }

  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  const resolved = await schema;
  if (resolved) {
    const parsed = resolved.safeParse(data);
    if (!parsed.success) {
      // Keep working with what the server sent, but make the contract drift visible.
      console.error(`Unexpected answer to ${method} ${path}`, parsed.error.issues);
      return data as T;
    }
    return parsed.data;
  }
  return data as T;
}
