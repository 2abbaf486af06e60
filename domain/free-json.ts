import { z } from 'zod';

/**
 * Bounds for free-form JSON (a plug-in's options, a post-action's options, per-source
 * downloader defaults): the server stores them with JSON.stringify and hands them to nodes, and
 * an unbounded nesting made JSON.stringify overflow the stack (a 500).
 */
export const FREE_JSON_MAX_DEPTH = 8;
export const FREE_JSON_MAX_BYTES = 16 * 1024;

/** Whether objects and arrays nest deeper than `limit`; walked without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth + 1 > limit) return true;
    for (const child of Object.values(item.value))
      stack.push({ value: child, depth: item.depth + 1 });
  }
  return false;
}

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** A JSON object of free-form values, at most `maxDepth` levels deep and `maxBytes` as JSON. */
export const freeJsonObject = (maxBytes = FREE_JSON_MAX_BYTES, maxDepth = FREE_JSON_MAX_DEPTH) =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    if (nestsDeeperThan(value, maxDepth)) {
      ctx.addIssue({ code: 'custom', message: `nested more than ${maxDepth} levels deep` });
      return;
    }
    if (utf8Bytes(JSON.stringify(value)) > maxBytes)
      ctx.addIssue({ code: 'custom', message: `larger than ${maxBytes} bytes as JSON` });
  });
