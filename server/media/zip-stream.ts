import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { StoredFiles } from '../storage/stored-files';

export interface ZipEntry {
  /** Name inside the archive (forward slashes). */
  name: string;
  /**
   * The file (a path or a storage key), or a producer (a transcode) that answers one when it is
   * ready.
   */
  source: string | (() => Promise<string>);
  /** Audio and images are already compressed: storing them saves CPU and keeps it streamable. */
  compress: boolean;
}

/**
 * A zip written while it is built: entries are added one after another (waiting for each
 * transcode), and yazl emits bytes as soon as the first entry is readable. yazl switches to
 * ZIP64 by itself when an entry or the archive passes 4 GiB. Aborting stops adding entries.
 */
export function streamZip(entries: ZipEntry[], signal: AbortSignal, files: StoredFiles): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A file that vanished mid-build must end this response, not crash the process.
  zip.on('error', (error: Error) => output.destroy(error));
  const build = async () => {
    for (const entry of entries) {
      if (signal.aborted) return;
      const ref = typeof entry.source === 'string' ? entry.source : await entry.source();
      // Opened when yazl reaches the entry, not before: a zip of 500 files holds one open read.
      const info = await files.stat(ref);
      if (info === null) throw new Error(`${ref} vanished while its zip was built`);
      zip.addReadStreamLazy(
        entry.name,
        { compress: entry.compress, size: info.size, mtime: info.mtime },
        (done) => {
          files.read(ref).then(
            (stream) => {
              // A read that fails midway (a lost connection to S3) ends the zip, as a file would.
              stream.on('error', (error: Error) => zip.emit('error', error));
              done(null, stream);
            },
            (error: unknown) => done(error, null as unknown as Readable),
          );
        },
      );
    }
    zip.end();
  };
  build().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
