import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DownloadSource, SourceContext, SourceJob } from '../../contracts';
import { sniff } from './audio-magic';
import { safeGet } from './safe-get';
import { fitNameToBytes } from '../../../security/safe-file-name';
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
  return fitNameToBytes((clean ?? 'download').replace(/\.[^.]*$/, ''), 120) || 'download';
}

/** What a url download remembers so a restart continues the file instead of starting over. */
interface UrlResume {
  /** A strong ETag, else Last-Modified: sent as If-Range so a changed file is fetched whole. */
  validator: string;
}

function resumeOf(state: string | undefined): UrlResume | null {
  if (!state) return null;
  try {
    const validator = (JSON.parse(state) as { validator?: unknown }).validator;
    return typeof validator === 'string' && validator.length > 0 ? { validator } : null;
  } catch {
    return null;
  }
}

function validatorOf(response: IncomingMessage): string | null {
  const etag = response.headers.etag;
  // If-Range needs a strong validator: a weak ETag (W/"…") cannot be used.
  if (etag && !etag.startsWith('W/')) return etag;
  return response.headers['last-modified'] ?? null;
}

const sizeOf = (file: string): Promise<number> =>
  stat(file).then(
    (s) => s.size,
    () => 0,
  );

/**
 * The direct-link source: one audio file or a zip of one album over HTTP(S). The content is
 * judged by its first bytes, never by the name or Content-Type.
 */
export function createUrlSource(options: UrlSourceOptions): DownloadSource {
  return {
    name: 'url',
    available: () => Promise.resolve({ ok: true }),
    async fetch(job: SourceJob, ctx: SourceContext): Promise<void> {
      const partial = path.join(job.dir, '.partial');
      // After a restart: the bytes already on disk are kept and only the rest is asked for.
      const resume = resumeOf(job.resumeState);
      const have = resume ? await sizeOf(partial) : 0;
      const ranged = resume !== null && have > 0;
      ctx.log(ranged ? `url: continuing ${job.url} from byte ${have}` : `url: fetching ${job.url}`);
      const get = (headers?: Record<string, string>) =>
        safeGet(job.url, {
          allowPrivate: options.allowPrivate,
          signal: ctx.signal,
          ...(headers ? { headers } : {}),
        });
      // 416: the partial file was already whole when the process stopped; fetch it again.
      const { response, url } = ranged
        ? await get({ range: `bytes=${have}-`, 'if-range': resume.validator }).catch(
            (error: Error) => (/HTTP 416$/.test(error.message) ? get() : Promise.reject(error)),
          )
        : await get();
      // 206 from the byte asked for: append. A 200 (no ranges here, or the file changed) is the
      // whole file, which replaces the partial one.
      const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers['content-range'] ?? '');
      const appending = ranged && response.statusCode === 206 && Number(range?.[1]) === have;
      if (response.statusCode === 206 && !appending) {
        response.destroy();
        throw new Error('the server answered a part of the file that was not asked for');
      }
      if (ranged && !appending) ctx.log('url: the server sent the whole file again');
      const declared = Number(appending ? range?.[2] : (response.headers['content-length'] ?? NaN));
      const total = Number.isFinite(declared) ? declared : null;
      if (total !== null && total > options.maxBytes) {
        response.destroy();
        throw new Error(`the file is larger than the limit of ${options.maxBytes} bytes`);
      }
      const validator = validatorOf(response);
      if (validator !== null && !appending) await ctx.remember(JSON.stringify({ validator }));
      let done = appending ? have : 0;
      // The first chunk is reported at once, so a download shows it has started.
      let lastTick = 0;
      let lastBytes = done;
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
              speed: lastTick === 0 ? 0 : ((done - lastBytes) * 1000) / (now - lastTick),
            });
            lastTick = now;
            lastBytes = done;
          }
          callback(null, chunk);
        },
      });
      await pipeline(
        response,
        counter,
        createWriteStream(partial, { flags: appending ? 'a' : 'w' }),
        {
          signal: ctx.signal,
        },
      );
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
