import type { FastifyRequest } from 'fastify';
import { BadRequest, HttpError } from '../errors';

const MALFORMED = 'The upload is not valid multipart/form-data';

/** Errors the multipart plugin raises on purpose (too large, too many parts) keep their 4xx. */
const isClientError = (error: unknown): boolean => {
  if (error instanceof HttpError) return true;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * The one file of a multipart/form-data request, read into memory (callers bound its size in
 * the plugin's limits). The parser reports a missing boundary, a cut-off part or a broken part
 * header as a plain Error, which would otherwise become a 500: these are the client's mistakes.
 */
export async function readSingleFile(request: FastifyRequest, what: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequest(`Send the ${what} as multipart/form-data`);
  try {
    const part = await request.file();
    if (!part) throw new BadRequest(`No ${what} file in the upload`);
    return await part.toBuffer();
  } catch (error) {
    if (isClientError(error)) throw error;
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new BadRequest(MALFORMED);
  }
}
