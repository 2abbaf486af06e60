import { FetchFailed, guardedRequest } from '../../net/guarded-fetch';

/** A .pls or .m3u is small; more than this is not a playlist. */
const PLAYLIST_MAX_BYTES = 64 * 1024;

const PLAYLIST_TYPES = /(scpls|mpegurl|x-m3u|\bm3u\b|pls)/i;

/** The first http(s) entry of a .pls (`File1=`) or .m3u (a line not starting with #). */
export function firstEntry(text: string, base: string): string | null {
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const pls = /^File\d+=(.+)$/i.exec(line);
    const candidate = pls ? pls[1]!.trim() : line.startsWith('#') || line === '' ? null : line;
    // [playlist], NumberOfEntries=1, Title1=… are not addresses.
    if (candidate === null || /^\[playlist\]$/i.test(candidate)) continue;
    if (!pls && /^[A-Za-z]+\d*=/.test(line)) continue;
    try {
      const url = new URL(candidate, base);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // Not an address: the next line may be.
    }
  }
  return null;
}

/** An HLS playlist (what `.m3u8` stations serve) rather than a list of stream addresses. */
export const isHls = (text: string): boolean =>
  /#EXT-X-(TARGETDURATION|STREAM-INF|MEDIA-SEQUENCE)/.test(text);

/**
 * Checks a station's address when it is added or changed (through the guarded fetcher, so a
 * refused address is the admin's 400) and resolves a .pls/.m3u playlist to the stream it names.
 * A stream itself is endless: its connection is closed as soon as the headers show what it is.
 */
export async function resolveStation(address: string): Promise<{ url: string; hls: boolean }> {
  const { response, url } = await guardedRequest(address, { what: 'station', timeoutMs: 10_000 });
  const type = response.headers['content-type'] ?? '';
  const path = url.pathname.toLowerCase();
  const looksListed = PLAYLIST_TYPES.test(type) || /\.(pls|m3u8?)$/.test(path);
  if (!looksListed || /^audio\/(mpeg|aac|ogg|aacp|flac)/i.test(type)) {
    response.destroy();
    return { url: url.href, hls: false };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PLAYLIST_MAX_BYTES) {
      response.destroy();
      throw new FetchFailed('station playlist is larger than 64 KB');
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (isHls(text)) return { url: url.href, hls: true };
  const entry = firstEntry(text, url.href);
  if (entry === null) throw new FetchFailed('station playlist names no http or https stream');
  return { url: entry, hls: false };
}
