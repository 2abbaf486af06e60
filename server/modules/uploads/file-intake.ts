import { extname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { uploadKindOf, uploadNameProblem, type UploadKind } from '../../../domain/library-upload';
import { BadRequest, HttpError } from '../../errors';
import { contentMatches, SNIFF_BYTES } from '../../media/content-sniff';
import { fitNameToBytes } from '../../security/safe-file-name';
import { randomToken } from '../../security/tokens';
import { streamToFile } from '../../storage/stream-to-file';
import { linkNew, moveAcrossDisks, removeQuietly } from '../../storage/work-files';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_COMPANION_BYTES = 50 * 1024 * 1024;

export interface UploadLimits {
  audio: number;
  image: number;
  companion: number;
}

export const uploadLimits = (maxAudioBytes: number): UploadLimits => ({
  audio: maxAudioBytes,
  image: MAX_IMAGE_BYTES,
  companion: MAX_COMPANION_BYTES,
});

/** A file fully written to a hidden temporary name in its target folder, content checked. */
export interface ReceivedFile {
  tempPath: string;
  name: string;
  kind: UploadKind;
  size: number;
}

export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}

const KIND_WORDS: Record<UploadKind, string> = {
  audio: 'audio',
  image: 'an image',
  companion: 'the file type its name says',
};

/** Removes a temporary file, never throwing (storage's, re-exported for the upload routes). */
export { removeQuietly };

/** The kind of a name that may be stored; 400 naming the problem otherwise. */
export function checkUploadName(name: string): UploadKind {
  const problem = uploadNameProblem(name);
  const kind = uploadKindOf(name);
  if (problem !== null || kind === null) throw new BadRequest(`Upload refused: ${problem}`);
  return kind;
}

/** A temporary name in `dir`: hidden (folder scans skip it) and never a name a user picked. */
export const tempPathIn = (dir: string): string => join(dir, `.upload-${randomToken()}.part`);

/** Checks a written file's first bytes against its name; removes it and answers 400 if they differ. */
export function assertContent(file: ReceivedFile, head: Buffer): void {
  if (!contentMatches(file.kind, file.name, head))
    throw new BadRequest(`${file.name}: the content is not ${KIND_WORDS[file.kind]}`);
}

/**
 * Streams one upload to a hidden temporary file in `dir` (never whole in memory), refusing it
 * past its kind's limit and checking its first bytes. On any failure (too large, cut off, wrong
 * content) the temporary file is removed before the error goes on.
 */
export async function receiveStream(
  source: Readable,
  dir: string,
  name: string,
  limits: UploadLimits,
): Promise<ReceivedFile> {
  const kind = checkUploadName(name);
  const limit = limits[kind];
  const file: ReceivedFile = { tempPath: tempPathIn(dir), name, kind, size: 0 };
  const chunks: Buffer[] = [];
  let headBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      file.size += chunk.length;
      if (file.size > limit) {
        done(new PayloadTooLarge(`${name}: larger than the ${limit} byte limit for ${kind} files`));
        return;
      }
      if (headBytes < SNIFF_BYTES) {
        chunks.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      }
      done(null, chunk);
    },
  });
  try {
    await streamToFile(file.tempPath, 'wx', source, meter);
    assertContent(file, Buffer.concat(chunks));
    return file;
  } catch (error) {
    await removeQuietly(file.tempPath);
    throw error;
  }
}

/**
 * Gives a received file its final name in `dir`, never over an existing file ("name (2).ext"
 * when taken): link() fails atomically when the name exists, where rename() would replace it.
 * The name is cut to what the file system takes in bytes, extension kept.
 */
export async function placeFile(
  tempPath: string,
  dir: string,
  fullName: string,
  /** Also taken: a name already kept elsewhere (object storage, where the local file is gone). */
  keptElsewhere: (candidate: string) => Promise<boolean> = () => Promise.resolve(false),
): Promise<string> {
  const name = fitNameToBytes(fullName);
  const ext = extname(name);
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; n < 1000; n += 1) {
    const candidate = join(dir, n === 1 ? name : `${stem} (${n})${ext}`);
    if (await keptElsewhere(candidate)) continue;
    if (!(await linkNew(tempPath, candidate))) continue;
    await removeQuietly(tempPath);
    return candidate;
  }
  throw new BadRequest(`${name}: too many files of this name in the collection`);
}

/** Moves a finished file from elsewhere (the tus store) to a temporary name in `dir`. */
export async function moveToTemp(source: string, dir: string): Promise<string> {
  const temp = tempPathIn(dir);
  // A rename, or a copy across disks that never stays behind as a hidden half file.
  await moveAcrossDisks(source, temp);
  return temp;
}
