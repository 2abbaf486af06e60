import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** Name inside the archive (forward slashes). */
  name: string;
  /** The file on disk, or a producer (a transcode) that answers one when it is ready. */
  source: string | (() => Promise<string>);
  /** Audio and images are already compressed: storing them saves CPU and keeps it streamable. */
  compress: boolean;
}

/**
 * A zip written while it is built: entries are added one after another (waiting for each
 * transcode), and yazl emits bytes as soon as the first entry is readable. yazl switches to
 * ZIP64 by itself when an entry or the archive passes 4 GiB. Aborting stops adding entries.
 */
export function streamZip(entries: ZipEntry[], signal: AbortSignal): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // A file that vanished mid-build must end this response, not crash the process.
  zip.on('error', (error: Error) => output.destroy(error));
  const build = async () => {
    for (const entry of entries) {
      if (signal.aborted) return;
      const path = typeof entry.source === 'string' ? entry.source : await entry.source();
      zip.addFile(path, entry.name, { compress: entry.compress });
    }
    zip.end();
  };
  build().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
}
