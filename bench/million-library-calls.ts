/**
 * The calls of issue 51 for `npm run bench:million`: the web search's one-letter query, the
 * Subsonic sync pages (search3 with an empty query) and the whole-library indexes (getArtists,
 * getIndexes, getGenres) for a plain member and for one whose role blacklists a tag, and the
 * web app's artist search. Self-contained: million-bench.ts hands in its timer.
 */
import type { RunningServer } from './server-process';

export const TARGET_SEARCH_P95 = 25;
export const TARGET_SYNC_P95 = 50;
export const TARGET_INDEX_P95 = 100;

/** Times `work` RUNS times after warm-ups and records it under `name` (million-bench.ts). */
export type Timed = (name: string, work: () => Promise<unknown>, target?: number) => Promise<void>;
/** Records figures measured otherwise (one sample per sync page). */
export type Recorder = (name: string, samples: number[], target?: number) => void;

const cookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

/** A JSON call with the XSRF header; throws on a non-2xx answer. */
async function send(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Registers a member (on `roleId` when given) and answers an app password for them. */
async function memberKey(server: RunningServer, name: string, roleId?: number): Promise<string> {
  const first = await fetch(`${server.base}/api/settings/public`);
  let cookie = cookieOf(first);
  const registered = await send(server.base, cookie, 'POST', '/api/register', {
    username: name,
    email: `${name}@example.com`,
    password: `${name}-password-1`,
    name: '',
    emailMarketing: false,
  });
  cookie = [cookie, cookieOf(registered)].filter(Boolean).join('; ');
  const { userId } = ((await registered.json()) as { user: { userId: number } }).user;
  if (roleId !== undefined)
    await send(server.base, server.cookie, 'POST', `/api/user/${userId}`, { roleId });
  const created = await send(server.base, cookie, 'PUT', '/api/user/app_password', {
    name: 'bench phone',
  });
  return ((await created.json()) as { password: string }).password;
}

async function rest(base: string, apiKey: string, name: string, params: Record<string, string>) {
  const query = new URLSearchParams({ apiKey, c: 'bench', f: 'json', v: '1.16.1', ...params });
  const res = await fetch(`${base}/rest/${name}?${query}`);
  const body = (await res.json()) as { 'subsonic-response': { status: string } };
  if (body['subsonic-response'].status !== 'ok')
    throw new Error(`${name}: ${JSON.stringify(body['subsonic-response'])}`);
  return body['subsonic-response'];
}

/** Every search3 sync page of `kind` from `from`, `pages` of them in a row (as an app syncs). */
async function syncPages(
  base: string,
  apiKey: string,
  kind: 'album' | 'song',
  from: number,
  pages: number,
): Promise<number[]> {
  const samples: number[] = [];
  const other = kind === 'album' ? 'song' : 'album';
  for (let page = 0; page < pages; page += 1) {
    const started = performance.now();
    const answer = (await rest(base, apiKey, 'search3', {
      query: '',
      [`${kind}Count`]: '500',
      [`${kind}Offset`]: String(from + page * 500),
      [`${other}Count`]: '0',
      artistCount: '0',
    })) as unknown as { searchResult3: Record<string, unknown[] | undefined> };
    samples.push(performance.now() - started);
    if ((answer.searchResult3[kind]?.length ?? 0) < 500) break;
  }
  return samples;
}

export async function libraryCalls(
  server: RunningServer,
  search: (body: unknown) => Promise<unknown>,
  timed: Timed,
  record: Recorder,
  files: number,
): Promise<void> {
  const { base } = server;
  // Issue 51 names the one-letter query among the searches under 25 ms.
  await timed(
    'search: one-letter query "n"',
    () => search({ query: 'n', offset: 0, limit: 50 }),
    TARGET_SEARCH_P95,
  );
  const member = await memberKey(server, 'listener');
  const role = await send(base, server.cookie, 'PUT', '/api/role', {
    roleName: 'No club music',
    roleEnableBrowse: true,
    roleBlacklistedTags: ['Club'],
  });
  const { roleId } = (await role.json()) as { roleId: number };
  const picky = await memberKey(server, 'picky', roleId);
  for (const [who, key] of [
    ['member', member],
    ['blacklisted-tag member', picky],
  ] as const) {
    for (const call of ['getArtists', 'getIndexes', 'getGenres'])
      await timed(`subsonic ${call} (${who})`, () => rest(base, key, call, {}), TARGET_INDEX_P95);
  }
  await timed(
    'web artist search: GET /api/artists?query=m',
    () => send(base, server.cookie, 'GET', '/api/artists?query=m&limit=50'),
    TARGET_INDEX_P95,
  );
  // The sync as apps run it, page after page: albums from the start, songs from the start and
  // from near the end (the first page there is a cold OFFSET; the rest continue after it).
  record(
    'subsonic search3 sync: album pages from 0',
    await syncPages(base, member, 'album', 0, 200),
    TARGET_SYNC_P95,
  );
  record(
    'subsonic search3 sync: song pages from 0',
    await syncPages(base, member, 'song', 0, 100),
    TARGET_SYNC_P95,
  );
  const late = Math.max(0, files - 50 * 500);
  record(
    `subsonic search3 sync: song pages from ${late.toLocaleString('en')}`,
    await syncPages(base, member, 'song', late, 50),
    TARGET_SYNC_P95,
  );
  record(
    'subsonic search3 sync: blacklisted-tag member, song pages from 0',
    await syncPages(base, picky, 'song', 0, 50),
    TARGET_SYNC_P95,
  );
}
