import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BadRequest, HttpError, InsufficientStorage, isDiskFull } from '../errors';

const MALFORMED = 'The upload is not valid multipart/form-data';

/** Errors the multipart plugin raises on purpose (too large, too many parts) keep their 4xx. */
const isClientError = (error: unknown): boolean => {
  if (error instanceof HttpError) return true;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** A parser failure becomes 400 with a plain message; deliberate 4xx answers pass through. */
export function asClientError(request: FastifyRequest, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  // A full disk is the server's trouble, not a malformed upload.
  if (isDiskFull(error)) return new InsufficientStorage();
  if (isClientError(error)) {
    const { statusCode, message } = error as { statusCode: number; message: string };
    return new HttpError(statusCode, message);
  }
  request.log.info({ err: error }, 'malformed multipart upload');
  return new BadRequest(MALFORMED);
}

/**
 * The one file part of a multipart request, unread, for routes that stream it to disk. Errors
 * while reading `part.file` later go through `asClientError` the same way.
 */
export async function openSingleFile(
  request: FastifyRequest,
  what: string,
): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new BadRequest(`Send the ${what} as multipart/form-data`);
  try {
    const part = await request.file();
    if (!part) throw new BadRequest(`No ${what} file in the upload`);
    return part;
  } catch (error) {
    throw asClientError(request, error);
  }
}

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

/**
 * Hands each file part of a multipart/form-data request to `take` as it arrives (streamed,
 * never buffered here); other fields are skipped. When anything fails, `undo` runs before the
 * error goes on, so the caller can remove what earlier parts wrote; parser errors become 400.
 */
export async function forEachFilePart(
  request: FastifyRequest,
  what: string,
  take: (part: MultipartFile) => Promise<void>,
  undo: () => Promise<void>,
): Promise<void> {
  if (!request.isMultipart()) throw new BadRequest(`Send the ${what} as multipart/form-data`);
  let files = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      files += 1;
      await take(part);
    }
    if (files === 0) throw new BadRequest(`No ${what} file in the upload`);
  } catch (error) {
    await undo();
    if (isClientError(error)) throw error;
    if (isDiskFull(error)) throw new InsufficientStorage();
    request.log.info({ err: error }, 'malformed multipart upload');
    throw new BadRequest(MALFORMED);
  }
}
