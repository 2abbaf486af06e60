import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_JSON_MAX_DEPTH, nestsDeeperThan } from '../../domain/free-json';
import type { Download } from '../../domain/servers';
import type { Settings } from '../../domain/settings';
import { JSON_BODY_MAX_DEPTH, jsonNestsDeeperThan } from '../../server/security/json-body';
import type { TestClient } from '../helpers/client';
import { errorOf, setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  ({ t, admin } = await setUpApp());
});
afterAll(async () => {
  await t.close();
});

/** JSON text of `levels` nested objects: {"a":{"a":...{}}} (5,000 levels is about 30 KB). */
const nestedText = (levels: number): string => '{"a":'.repeat(levels) + '{}' + '}'.repeat(levels);
const nested = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};

const download = (body: string) =>
  admin.request('POST', '/downloader/0/api/download', {
    body,
    headers: { 'content-type': 'application/json' },
  });
const downloadBody = (extra: string): string =>
  `{"url":"https://www.deezer.com/album/302127","source":"deezer",${extra}}`;

describe('JSON bodies are bounded in depth before they are parsed', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonNestsDeeperThan(nestedText(3), 4)).toBe(false);
    expect(jsonNestsDeeperThan(nestedText(4), 4)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan('[[[[]]]]', 3)).toBe(true);
  });

  it('POST /downloader/{id}/api/download: 5,000 levels in options or postActions[].options answer 400', async () => {
    const before = (await admin.get('/downloader/0/api/download')).json<Download[]>().length;
    const inOptions = await download(downloadBody(`"options":${nestedText(5000)}`));
    expect(inOptions.statusCode).toBe(400);
    expect(errorOf(inOptions)).toBe(
      `Request body is nested more than ${JSON_BODY_MAX_DEPTH} levels deep`,
    );
    const inPost = await download(
      downloadBody(`"postActions":[{"name":"removeLQ","options":${nestedText(5000)}}]`),
    );
    expect(inPost.statusCode).toBe(400);
    // Nothing was queued.
    expect((await admin.get('/downloader/0/api/download')).json<Download[]>()).toHaveLength(before);
  });

  it('a body any route takes is refused the same way, signed out too', async () => {
    const login = await admin.request('POST', '/api/login', {
      body: `{"username":"admin","password":${'['.repeat(100)}${']'.repeat(100)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(400);
    expect(errorOf(login)).toMatch(/nested more than/);
  });
});

describe('free-form JSON fields are bounded at the schema', () => {
  it('walks nesting without recursion', () => {
    expect(nestsDeeperThan(nested(100_000), 8)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it('options deeper than the field allows or too large answer 400 naming the field', async () => {
    const deep = await admin.post('/downloader/0/api/download', {
      url: 'https://www.deezer.com/album/302127',
      source: 'deezer',
      options: nested(FREE_JSON_MAX_DEPTH + 1),
    });
    expect(deep.statusCode).toBe(400);
    expect(errorOf(deep)).toBe(`options: nested more than ${FREE_JSON_MAX_DEPTH} levels deep`);
    const large = await admin.post('/downloader/0/api/download', {
      url: 'https://www.deezer.com/album/302127',
      source: 'deezer',
      postActions: [{ name: 'removeLQ', options: { note: 'x'.repeat(20_000) } }],
    });
    expect(large.statusCode).toBe(400);
    expect(errorOf(large)).toMatch(/^postActions\.0\.options: larger than \d+ bytes as JSON$/);
  });

  it('options within the bounds are taken as sent', async () => {
    const options = { quality: 'FLAC', note: '[[[{{{', deep: nested(FREE_JSON_MAX_DEPTH - 2) };
    const ok = await admin.post('/downloader/0/api/download', {
      url: 'https://www.deezer.com/album/302127',
      source: 'deezer',
      options,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('POST /api/settings: deep defaultPost options or downloaderDefaults change nothing', async () => {
    const before = (await admin.get('/api/settings')).json<Settings>();
    const deepPost = await admin.post('/api/settings', {
      defaultPost: [{ name: 'removeLQ', options: nested(20) }],
    });
    expect(deepPost.statusCode).toBe(400);
    expect(errorOf(deepPost)).toMatch(/^defaultPost\.0\.options: nested more than/);
    const deepDefaults = await admin.post('/api/settings', {
      downloaderDefaults: { deezer: nested(20) },
    });
    expect(deepDefaults.statusCode).toBe(400);
    expect(errorOf(deepDefaults)).toMatch(/^downloaderDefaults\.deezer: nested more than/);
    expect((await admin.get('/api/settings')).json<Settings>()).toEqual(before);
  });
});
