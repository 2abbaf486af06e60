import type { SourceJob } from '../../contracts';
import { safeFetch } from '../../net/safe-fetch';

const MAX_TORRENT_BYTES = 10 * 1024 * 1024;

/** What aria2 is asked to add for a job: a magnet URI or a .torrent's bytes (base64). */
export type TorrentInput = { magnet: string } | { torrentBase64: string };

function checkTorrentBytes(bytes: Buffer): string {
  // A .torrent is a bencoded dictionary: it starts with "d". Anything else (an HTML error page
  // behind a .torrent link, a random drop) is refused here with a message a user can read.
  if (bytes.length === 0 || bytes[0] !== 0x64) throw new Error('this is not a .torrent file');
  if (bytes.length > MAX_TORRENT_BYTES)
    throw new Error(`the .torrent file is larger than ${MAX_TORRENT_BYTES} bytes`);
  return bytes.toString('base64');
}

/** Turns a job (magnet, .torrent URL or dropped .torrent) into what aria2 adds. */
export async function torrentInput(
  job: SourceJob,
  fetchOptions: { allowPrivate?: boolean; fetch?: typeof fetch; signal: AbortSignal },
): Promise<TorrentInput> {
  if (job.torrentBase64)
    return { torrentBase64: checkTorrentBytes(Buffer.from(job.torrentBase64, 'base64')) };
  const url = job.url.trim();
  if (/^magnet:/i.test(url)) {
    if (!/[?&]xt=urn:bt(ih|mh):[0-9a-z]+/i.test(url))
      throw new Error('the magnet link has no BitTorrent info hash (xt=urn:btih:…)');
    return { magnet: url };
  }
  if (/^https?:\/\//i.test(url)) {
    // Fetched here, not by aria2, so the address guard and the size cap apply to it.
    const { body } = await safeFetch(url, {
      what: 'torrent file',
      maxBytes: MAX_TORRENT_BYTES,
      allowPrivate: fetchOptions.allowPrivate,
      fetch: fetchOptions.fetch,
      signal: fetchOptions.signal,
    });
    return { torrentBase64: checkTorrentBytes(body) };
  }
  throw new Error('a torrent download needs a magnet link, a .torrent URL or a .torrent file');
}

/** The GID remembered with a download (SourceContext.remember), if any. */
export function rememberedGid(resumeState: string | undefined): string | null {
  if (!resumeState) return null;
  try {
    const gid = (JSON.parse(resumeState) as { gid?: unknown }).gid;
    return typeof gid === 'string' && /^[0-9a-f]{16}$/i.test(gid) ? gid : null;
  } catch {
    return null;
  }
}
