import type { FastifyReply } from 'fastify';
import { NotFound } from '../../errors';
import { attachmentDisposition } from '../../media/content-disposition';
import { openConfined } from '../../storage/confined-file';
import { StorageNotFound } from '../../storage/storage';
import type { StoredFiles } from '../../storage/stored-files';

export interface ConfinedFile {
  /** The folder the file must stay inside once every symlink is resolved. */
  root: string;
  /** Path below root, already checked by parseFilePath. */
  relative: string;
  contentType: string;
  /** Offered as the file name; never used to find the file. */
  name: string;
  /**
   * Set when the bytes are an object in object storage (a member's upload with S3 on): read by
   * its key, which the server built from a checked stored name, so there is no path to confine.
   */
  stored?: { files: StoredFiles; ref: string };
}

const MISSING = 'File not found';

// Types a browser shows without running anything of ours; the rest (text) is plain text anyway.
const VIEWABLE = /^(image\/(png|jpeg|webp|gif)|application\/pdf|audio\/[a-z0-9.+-]+)$/;

/**
 * Sends a file that must resolve (symlinks included) to a regular file inside `root`, else
 * 404 as if it were missing. Uploaded bytes must never run script on our origin: the type
 * comes from our records, the browser may not sniff another, and everything but a PDF is
 * sandboxed (Chromium's PDF viewer does not open inside a sandbox; a PDF's own scripts run in
 * the viewer, not in our origin).
 */
export async function sendConfined(reply: FastifyReply, file: ConfinedFile): Promise<FastifyReply> {
  if (file.stored !== undefined) return sendStored(reply, file, file.stored);
  // Symlinks resolved inside root, opened with O_NOFOLLOW, a regular file: else one 404.
  const opened = await openConfined(file.root, file.relative);
  if (opened === null) throw new NotFound(MISSING);
  return sendHeaders(reply, file, opened.size).send(opened.stream);
}

/** The same answer for an object: 404 when it is gone, like a file someone cleaned away. */
async function sendStored(
  reply: FastifyReply,
  file: ConfinedFile,
  stored: { files: StoredFiles; ref: string },
): Promise<FastifyReply> {
  const info = await stored.files.stat(stored.ref);
  if (info === null) throw new NotFound(MISSING);
  const body = await stored.files.read(stored.ref).catch((error: unknown) => {
    if (error instanceof StorageNotFound) throw new NotFound(MISSING);
    throw error;
  });
  return sendHeaders(reply, file, info.size).send(body);
}

/** Headers that keep uploaded bytes from running anything on our origin (see sendConfined). */
function sendHeaders(reply: FastifyReply, file: ConfinedFile, size: number): FastifyReply {
  const type = VIEWABLE.test(file.contentType) ? file.contentType : 'text/plain; charset=utf-8';
  const disposition = attachmentDisposition(file.name).replace(/^attachment/, 'inline');
  reply
    .header('content-type', type)
    .header('content-length', size)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('cross-origin-resource-policy', 'same-origin');
  if (type !== 'application/pdf') {
    reply.header(
      'content-security-policy',
      "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
    );
  }
  return reply;
}
