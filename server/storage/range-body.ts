import { Readable } from 'node:stream';
import type { ByteRange } from './storage';

/*
 * read() promises exactly the bytes of the range. A compliant S3 sends just those; some
 * S3-compatible servers do not (s3rver answers "bytes=0-0" with the whole object under a
 * Content-Range of 0-999), so the answer is checked and, when longer, cut.
 */

/** "bytes 0-999/1000" -> its numbers; null when absent or unreadable. */
function parseContentRange(header: string | undefined) {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : null;
}

async function* firstBytes(body: Readable, length: number): AsyncGenerator<Buffer> {
  let left = length;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (chunk.length >= left) {
        yield chunk.subarray(0, left);
        return;
      }
      left -= chunk.length;
      yield chunk;
    }
    if (left > 0) throw new Error(`The object store sent ${length - left} of ${length} bytes`);
  } finally {
    // The rest of an over-long answer is not wanted: close the connection it arrives on.
    body.destroy();
  }
}

/**
 * The body of a ranged GET as exactly the asked bytes. `contentRange` and `contentLength` are
 * the answer's headers.
 */
export function exactRange(
  body: Readable,
  range: ByteRange,
  contentRange: string | undefined,
  contentLength: number | undefined,
): Readable {
  const answered = parseContentRange(contentRange);
  if (answered === null || answered.start !== range.start) {
    body.destroy();
    throw new Error(
      `The object store answered range ${range.start}-${range.end} with ${contentRange}`,
    );
  }
  const length = Math.min(range.end, answered.size - 1) - range.start + 1;
  if (contentLength === length) return body;
  return Readable.from(firstBytes(body, length), { objectMode: false });
}
