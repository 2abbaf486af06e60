import type { FastifyRequest } from 'fastify';
import type { SubsonicParams } from './subsonic-call';

/** Form bodies (the formPost extension) are parameters only: a long playlist fits many times. */
export const FORM_BODY_LIMIT = 512 * 1024;

class ParamMap implements SubsonicParams {
  private readonly values = new Map<string, string[]>();

  add(source: URLSearchParams): void {
    for (const [key, value] of source) {
      const list = this.values.get(key);
      if (list === undefined) this.values.set(key, [value]);
      else list.push(value);
    }
  }

  get(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  getAll(name: string): string[] {
    return [...(this.values.get(name) ?? [])];
  }
}

const read = new WeakMap<FastifyRequest, SubsonicParams>();

/**
 * The query string and, for a form POST, the body's fields, merged in that order: a key
 * given several times (songId, id) keeps every value. Read from the raw URL rather than
 * Fastify's parsed query so repeated keys and odd spellings read the same everywhere.
 */
export function subsonicParams(request: FastifyRequest): SubsonicParams {
  const known = read.get(request);
  if (known !== undefined) return known;
  const params = new ParamMap();
  const url = request.raw.url ?? '';
  const mark = url.indexOf('?');
  if (mark >= 0) params.add(new URLSearchParams(url.slice(mark + 1)));
  if (typeof request.body === 'string') params.add(new URLSearchParams(request.body));
  read.set(request, params);
  return params;
}
