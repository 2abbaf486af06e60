import { createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { fitNameToBytes } from '../../../security/safe-file-name';
import { isAudioName } from './audio-magic';

const KEEP = /\.(jpe?g|png|webp|cue|log|txt)$/i;

/**
 * An entry's name made safe: no absolute path, no "..", only plain name characters, and each
 * segment short enough in bytes for the file system (a long CJK or emoji name would not be).
 */
export function safeEntryPath(name: string): string | null {
  const parts = name
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..') || name.startsWith('/')) return null;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const clean = parts.map((p) => fitNameToBytes(p.replace(/[\x00-\x1f<>:"|?*]/g, '_')));
  return clean.length === 0 ? null : clean.join('/');
}

/**
 * Extracts the audio (and cover/companion) entries of an album zip into `dir`. Entries that
 * would land outside `dir` are refused; the uncompressed total is capped like the download.
 */
export async function extractAlbumZip(
  zipFile: string,
  dir: string,
  maxBytes: number,
): Promise<number> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipFile, { lazyEntries: true, validateEntrySizes: true }, (error, z) =>
      error || !z ? reject(error ?? new Error('unreadable zip')) : resolve(z),
    ),
  );
  let total = 0;
  let audio = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          const relative = safeEntryPath(entry.fileName);
          if (entry.fileName.endsWith('/') || relative === null) return;
          if (!isAudioName(relative) && !KEEP.test(relative)) return;
          total += entry.uncompressedSize;
          if (total > maxBytes) throw new Error('the zip is larger than the download size limit');
          const target = path.join(dir, relative);
          if (!target.startsWith(dir + path.sep)) throw new Error('a zip entry points outside');
          await mkdir(path.dirname(target), { recursive: true });
          const stream = await new Promise<NodeJS.ReadableStream>((res, rej) =>
            zip.openReadStream(entry, (error, s) => (error || !s ? rej(error) : res(s))),
          );
          await pipeline(stream, createWriteStream(target, { flags: 'wx' }));
          if (isAudioName(relative)) audio += 1;
        })().then(
          () => zip.readEntry(),
          (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
        );
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return audio;
}

/** The first bytes of a file, for sniffing. */
export async function readHead(file: string, bytes = 16): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
