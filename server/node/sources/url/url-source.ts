import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DownloadSource, SourceContext, SourceJob } from '../../contracts';
import { sniff } from './audio-magic';
import { safeGet } from './safe-get';
import { extractAlbumZip, readHead, safeEntryPath } from './unzip';

export interface UrlSourceOptions {
  allowPrivate: boolean;
  /** Largest file (and largest unzipped album) taken. */
  maxBytes: number;
}

export const DEFAULT_URL_MAX_BYTES = 2 * 1024 ** 3;

function fileNameFrom(url: URL, disposition: string | undefined): string {
  const fromHeader = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  let raw = fromHeader ?? path.posix.basename(url.pathname);
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // Keep the raw name; it is cleaned below either way.
  }
  const clean = safeEntryPath(path.posix.basename(raw.replace(/\\/g, '/')));
  return (clean ?? 'download').replace(/\.[^.]*$/, '').slice(0, 120) || 'download';
}

/**
 * The direct-link source: one audio file or a zip of one album over HTTP(S). The content is
 * judged by its first bytes, never by the name or Content-Type.
 */
export function createUrlSource(options: UrlSourceOptions): DownloadSource {
  return {
    name: 'url',
    available: () => Promise.resolve({ ok: true }),
    async fetch(job: SourceJob, ctx: SourceContext): Promise<void> {
      ctx.log(`url: fetching ${job.url}`);
      const { response, url } = await safeGet(job.url, {
        allowPrivate: options.allowPrivate,
        signal: ctx.signal,
      });
      const length = Number(response.headers['content-length'] ?? NaN);
      const total = Number.isFinite(length) ? length : null;
      if (total !== null && total > options.maxBytes) {
        response.destroy();
        throw new Error(`the file is larger than the limit of ${options.maxBytes} bytes`);
      }
      const partial = path.join(job.dir, '.partial');
      let done = 0;
      let lastTick = Date.now();
      let lastBytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          done += chunk.length;
          if (done > options.maxBytes)
            return callback(
              new Error(`the file is larger than the limit of ${options.maxBytes} bytes`),
            );
          const now = Date.now();
          if (now - lastTick >= 500) {
            ctx.progress({
              bytesDone: done,
              bytesTotal: total,
              speed: ((done - lastBytes) * 1000) / (now - lastTick),
            });
            lastTick = now;
            lastBytes = done;
          }
          callback(null, chunk);
        },
      });
      await pipeline(response, counter, createWriteStream(partial), { signal: ctx.signal });
      ctx.progress({ bytesDone: done, bytesTotal: total ?? done, speed: 0 });

      const kind = sniff(await readHead(partial));
      const base = fileNameFrom(url, response.headers['content-disposition']);
      if (kind.kind === 'zip') {
        const count = await extractAlbumZip(partial, job.dir, options.maxBytes);
        await rm(partial, { force: true });
        if (count === 0) throw new Error('the zip holds no audio files');
        ctx.log(`url: unpacked ${count} audio files`);
      } else if (kind.kind === 'audio') {
        await rename(partial, path.join(job.dir, `${base}.${kind.ext}`));
        ctx.log(`url: saved ${base}.${kind.ext} (${done} bytes)`);
      } else {
        await rm(partial, { force: true });
        throw new Error('the link is not an audio file or a zip of one album');
      }
    },
  };
}
