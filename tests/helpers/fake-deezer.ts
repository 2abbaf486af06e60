import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One track as Deezer's public search API answers it (only the fields Musicbox reads, plus id). */
export interface DeezerTrack {
  id: number;
  title: string;
  duration: number;
  preview: string;
  link: string;
  artist: { name: string };
  contributors?: { name: string }[];
  album: { title: string; cover_medium: string; cover_xl: string };
}

/** How the fake answers next; tests set it to see failures. */
export interface FakeDeezerBehaviour {
  /** Answer every search with this status and a small error body. */
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer 302 to this address. */
  redirectTo?: string;
  /** Answer this raw body with status 200. */
  rawBody?: string;
}

export interface FakeDeezer {
  /** Base URL to put in EXTERNAL_SEARCH_URL. */
  url: string;
  /** Every request received, as a URL (path and query). */
  requests: URL[];
  set(behaviour: FakeDeezerBehaviour): void;
  close(): Promise<void>;
}

/** `count` tracks titled "Track 1".."Track n"; every third has two contributors. */
export function makeDeezerTracks(count: number, base = 'http://127.0.0.1'): DeezerTrack[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return {
      id: 1000 + n,
      title: `Track ${n}`,
      duration: 180 + n,
      preview: `${base}/preview/${n}.mp3`,
      link: `https://www.deezer.com/track/${1000 + n}`,
      artist: { name: `Artist ${n}` },
      ...(n % 3 === 0 ? { contributors: [{ name: `Artist ${n}` }, { name: 'Guest' }] } : {}),
      album: {
        title: `Album ${n}`,
        cover_medium: `${base}/cover/${n}-250.jpg`,
        cover_xl: `${base}/cover/${n}-1000.jpg`,
      },
    };
  });
}

const matches = (track: DeezerTrack, q: string): boolean =>
  q === '*' || `${track.title} ${track.artist.name} ${track.album.title}`.toLowerCase().includes(q);

/**
 * A local stand-in for https://api.deezer.com speaking GET /search/track?q=&index=&limit= with
 * Deezer's JSON (`data`, `total`, `next` when more). Query "*" matches every track.
 */
export async function startFakeDeezer(
  /** The catalogue, or a maker given the fake's own origin (for covers a browser can load). */
  catalogue: DeezerTrack[] | ((origin: string) => DeezerTrack[]) = makeDeezerTracks(30),
): Promise<FakeDeezer> {
  let tracks: DeezerTrack[] = Array.isArray(catalogue) ? catalogue : [];
  const requests: URL[] = [];
  let behaviour: FakeDeezerBehaviour = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-deezer');
    requests.push(url);
    const answer = () => {
      if (behaviour.redirectTo !== undefined) {
        res.writeHead(302, { location: behaviour.redirectTo }).end();
      } else if (behaviour.status !== undefined) {
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'Exception', message: 'fake failure', code: 1 } }));
      } else if (behaviour.rawBody !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.rawBody);
      } else if (url.pathname !== '/search/track') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      } else {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const index = Number(url.searchParams.get('index') ?? '0');
        const limit = Number(url.searchParams.get('limit') ?? '25');
        const found = tracks.filter((track) => matches(track, q));
        const page = found.slice(index, index + limit);
        const more = index + limit < found.length;
        const next = new URL(url.toString());
        next.searchParams.set('index', String(index + limit));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ data: page, total: found.length, ...(more ? { next: next.href } : {}) }),
        );
      }
    };
    if (behaviour.delayMs === undefined) answer();
    else setTimeout(answer, behaviour.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  if (!Array.isArray(catalogue)) tracks = catalogue(`http://127.0.0.1:${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
