import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../errors';

/** No call of ours nests its JSON near this deep; free-form fields are bounded lower (domain/free-json.ts). */
export const JSON_BODY_MAX_DEPTH = 32;

/**
 * Whether the JSON text nests objects and arrays deeper than `limit`, by one pass over its
 * characters (brackets inside strings do not count). Cheap, and it runs before JSON.parse, so
 * nothing recursive ever sees a deeply nested body.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/**
 * Every JSON body (size already bounded by the route's bodyLimit) is checked for depth before
 * it is parsed; the parse itself is Fastify's, with its prototype-poisoning refusals.
 */
export function registerJsonBodyBound(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, JSON_BODY_MAX_DEPTH)) {
      done(new BadRequest(`Request body is nested more than ${JSON_BODY_MAX_DEPTH} levels deep`));
      return;
    }
    void parse(request, text, done);
  });
}
