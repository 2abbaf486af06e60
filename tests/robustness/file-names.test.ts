import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserUpload } from '../../domain/user-upload';
import { safeEntryPath } from '../../server/node/sources/url/unzip';
import { fitNameToBytes, NAME_MAX_BYTES } from '../../server/security/safe-file-name';
import { makeMp3 } from '../helpers/audio';
import type { TestClient } from '../helpers/client';
import { filesOf } from '../helpers/library-files';
import { multipartForm } from '../helpers/multipart';
import { errorOf, setUpApp } from '../helpers/setup';
import type { TestApp } from '../helpers/test-app';
import { uploadOk } from '../helpers/uploads';

const bytes = (text: string): number => Buffer.byteLength(text);
/** Valid UTF-8 both ways: a split surrogate pair would come back as U+FFFD. */
const wholeCharacters = (text: string): boolean => Buffer.from(text).toString() === text;

const CJK_NAME = `${'音'.repeat(100)}.wav`; // 304 bytes
const EMOJI_FOLDER = '🎵'.repeat(75); // 300 bytes
const TOKEN = 'file-names-node-token-0123456789';

describe('fitNameToBytes', () => {
  it('cuts by bytes, keeps the extension and never splits a character', () => {
    const cjk = fitNameToBytes(CJK_NAME);
    expect(bytes(cjk)).toBeLessThanOrEqual(NAME_MAX_BYTES);
    expect(cjk).toMatch(/^音+\.wav$/);
    for (const budget of [199, 200, 201, 202]) {
      const emoji = fitNameToBytes(`a${EMOJI_FOLDER}.flac`, budget);
      expect(bytes(emoji)).toBeLessThanOrEqual(budget);
      expect(wholeCharacters(emoji)).toBe(true);
      expect(emoji.endsWith('.flac')).toBe(true);
    }
  });

  it('leaves names that fit alone and trims what a cut leaves dangling', () => {
    expect(fitNameToBytes('Track 01.mp3')).toBe('Track 01.mp3');
    expect(fitNameToBytes(`${'a'.repeat(10)} ${'b'.repeat(300)}.mp3`, 15)).toBe('aaaaaaaaaa.mp3');
    // An "extension" longer than any real one is cut like the rest of the name.
    expect(bytes(fitNameToBytes(`x.${'y'.repeat(300)}`))).toBeLessThanOrEqual(NAME_MAX_BYTES);
  });

  it('the entry cleaner for zips and hand-overs cuts every segment', () => {
    const cleaned = safeEntryPath(`${EMOJI_FOLDER}/${CJK_NAME}`) ?? '';
    const [folder = '', file = ''] = cleaned.split('/');
    expect(bytes(folder)).toBeLessThanOrEqual(NAME_MAX_BYTES);
    expect(wholeCharacters(folder)).toBe(true);
    expect(file.endsWith('.wav')).toBe(true);
  });
});

let t: TestApp;
let admin: TestClient;
let track: Buffer;
let ingestId: string;

beforeAll(async () => {
  ({ t, admin } = await setUpApp({ env: { DOWNLOADER_ALLOW_PRIVATE: '1' } }));
  track = await makeMp3({ title: 'Long Name', track: 1, album: 'Names', artist: 'Bytes' });
  const server = await admin.put('/api/server', {
    serverName: 'Offline node',
    serverAddress: 'http://127.0.0.1:9',
    serverToken: TOKEN,
  });
  expect(server.statusCode).toBe(200);
  const begun = await t.app.inject({
    method: 'POST',
    url: '/downloader/ingest/begin',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  ingestId = begun.json<{ ingestId: string }>().ingestId;
});
afterAll(async () => {
  await t.close();
});

const handOver = (path: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/downloader/ingest/${ingestId}/file?path=${encodeURIComponent(path)}`,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/octet-stream' },
    payload: track,
  });

describe('PUT /downloader/ingest/{id}/file', () => {
  it('takes a folder of 75 emoji (300 bytes) and stores it under a name the disk takes', async () => {
    const res = await handOver(`${EMOJI_FOLDER}/01 ${'音'.repeat(100)}.mp3`);
    expect(res.statusCode, res.body).toBe(204);
    const root = join(t.config.dataDir, 'media', 'downloads', 'ingest', ingestId);
    const [folder = ''] = await readdir(root);
    expect(bytes(folder)).toBeLessThanOrEqual(NAME_MAX_BYTES);
    expect(folder.startsWith('🎵')).toBe(true);
    const [file = ''] = await readdir(join(root, folder));
    expect(file).toMatch(/^01 音+\.mp3$/);
  });

  it('a file and a folder of the same name answer 409, not 500', async () => {
    expect((await handOver('f')).statusCode).toBe(204);
    const under = await handOver('f/y.mp3');
    expect(under.statusCode).toBe(409);
    expect(errorOf(under)).toMatch(/a file and a folder of the same name/);
    expect((await handOver('g/y.mp3')).statusCode).toBe(204);
    expect((await handOver('g')).statusCode).toBe(409);
  });
});

describe('uploads named with 100 CJK characters (304 bytes)', () => {
  it('POST /downloader/upload/{id} stores and imports it', async () => {
    const { collectionId } = (await admin.put('/downloader/collection/0', { name: '音' })).json<{
      collectionId: number;
    }>();
    const form = multipartForm([{ filename: `${'音'.repeat(100)}.mp3`, data: track }]);
    const res = await admin.post(`/downloader/upload/${collectionId}`, form.body, {
      headers: form.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = res.json<{ files: Array<{ name: string }> }>().files;
    expect(bytes(stored?.name ?? '')).toBeLessThanOrEqual(NAME_MAX_BYTES);
    expect(stored?.name).toMatch(/^音+\.mp3$/);
    const imported = await admin.post(`/downloader/collection/${collectionId}/import`);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await filesOf(t, collectionId)).map((f) => f.title)).toEqual(['Long Name']);
  });

  it('a member’s music upload keeps its full name for display and imports', async () => {
    const name = `${'音'.repeat(100)}.mp3`;
    const uploadId = await uploadOk(admin, name, track);
    const offered = await admin.post('/api/upload/music', { uploadId, description: 'long' });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json<UserUpload>().uploadName).toBe(name);
    const { collectionId } = (await admin.put('/downloader/collection/0', { name: 'Long' })).json<{
      collectionId: number;
    }>();
    const res = await admin.post(`/api/upload/${uploadId}/import`, { collectionId, serverId: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const [file] = await filesOf(t, collectionId);
    expect(file?.title).toBe('Long Name');
    expect(bytes(file?.relativePath ?? '')).toBeLessThanOrEqual(NAME_MAX_BYTES);
  });
});
