import { parseByteRange } from '../domain/byte-range';

/**
 * Range answers for audio saved in Cache Storage. The audio element always asks with a Range
 * header, and a 200 with the whole body breaks seeking in some browsers, so cached files are
 * answered with a proper 206 slice (RFC 9110 section 14). Small and pure so it is unit-tested.
 */

/** Answers `request`'s Range from a whole cached `response`. */
export async function rangeResponse(
  rangeHeader: string | null,
  response: Response,
): Promise<Response> {
  const body = await response.blob();
  const type = response.headers.get('Content-Type') ?? body.type ?? 'application/octet-stream';
  const range = parseByteRange(rangeHeader, body.size);
  const common = { 'Accept-Ranges': 'bytes', 'Content-Type': type };
  if (range === null) {
    return new Response(body, {
      status: 200,
      headers: { ...common, 'Content-Length': String(body.size) },
    });
  }
  if (range === 'unsatisfiable') {
    return new Response(null, {
      status: 416,
      headers: { ...common, 'Content-Range': `bytes */${body.size}` },
    });
  }
  const slice = body.slice(range.start, range.end + 1, type);
  return new Response(slice, {
    status: 206,
    statusText: 'Partial Content',
    headers: {
      ...common,
      'Content-Length': String(slice.size),
      'Content-Range': `bytes ${range.start}-${range.end}/${body.size}`,
    },
  });
}
