import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadCreatedSchema } from '../../domain/upload';
import { TestClient } from '../helpers/client';
import { multipartForm } from '../helpers/multipart';
import {
  AUDIO_MAX,
  expectOnlyInBucket,
  keptUpload,
  samples,
  setUpUploads,
  upload,
  uploadOk,
} from '../helpers/uploads';
import { perFile } from '../helpers/setup';

const c = perFile(() => setUpUploads());
afterAll(async () => {
  await c.t.close();
});

const dir = (): string => path.join(c.t.config.dataDir, 'uploads');
const filesOnDisk = async (): Promise<string[]> => (await fs.readdir(dir()).catch(() => [])).sort();
const rowCount = async (): Promise<number> =>
  Number(
    (
      await c.t.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const rowOf = (uploadId: number) =>
  c.t.db.selectFrom('uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();

/** Runs a refused upload and checks that it left neither a file nor a row. */
async function expectNothingLeft<R>(run: () => Promise<R>): Promise<R> {
  const files = await filesOnDisk();
  const rows = await rowCount();
  const response = await run();
  expect(await filesOnDisk()).toEqual(files);
  expect(await rowCount()).toBe(rows);
  return response;
}

describe('POST /api/upload', () => {
  const accepted: Array<[keyof typeof samples, string]> = [
    ['flac', 'audio/flac'],
    ['mp3Id3', 'audio/mpeg'],
    ['mp3Frame', 'audio/mpeg'],
    ['ogg', 'audio/ogg'],
    ['wav', 'audio/wav'],
    ['aiff', 'audio/aiff'],
    ['m4a', 'audio/mp4'],
    ['wma', 'audio/x-ms-wma'],
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['pdf', 'application/pdf'],
    ['text', 'text/plain; charset=utf-8'],
  ];
  it.each(accepted)('takes %s by its content and records %s', async (kind, type) => {
    const content = samples[kind]();
    // The name says nothing true about the content: only the bytes count.
    const response = await upload(c.member, `Ånother file ${kind}.exe`, content);
    expect(response.statusCode, response.body).toBe(200);
    const { uploadId } = UploadCreatedSchema.parse(response.json());
    const row = await rowOf(uploadId);
    expect(row?.content_type).toBe(type);
    expect(row?.original_name).toBe(`Ånother file ${kind}.exe`);
    expect(Number(row?.size)).toBe(content.length);
    expect(row?.user_id).toBe(c.member.userId);
    expect(row?.stored_name).toMatch(/^[0-9a-f]{32}\.[a-z0-9]+$/);
    const publicPath = `uploads/${row?.stored_name ?? ''}`;
    expect(await keptUpload(c.t, publicPath)).toEqual(content);
    await expectOnlyInBucket(c.t, publicPath, content);
    expect((await filesOnDisk()).some((name) => name.startsWith('.part-'))).toBe(false);
  });

  it('takes an audio file of exactly UPLOAD_MAX_BYTES', async () => {
    const content = Buffer.concat([samples.flac(), Buffer.alloc(AUDIO_MAX - 200, 1)]);
    expect(content.length).toBe(AUDIO_MAX);
    await uploadOk(c.member, 'big.flac', content);
  });

  it('refuses audio one byte over UPLOAD_MAX_BYTES with 413, leaving nothing', async () => {
    const content = Buffer.concat([samples.flac(), Buffer.alloc(AUDIO_MAX - 199, 1)]);
    const response = await expectNothingLeft(() => upload(c.member, 'too-big.flac', content));
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('Audio files may be at most 1 MB');
  });

  it('refuses an image over 25 MB with 413, leaving nothing', async () => {
    const content = Buffer.concat([samples.png(), Buffer.alloc(25_000_000 - 199, 1)]);
    const response = await expectNothingLeft(() => upload(c.member, 'huge.png', content));
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain('at most 25 MB');
  });

  const refusedContent: Array<[string, Buffer]> = [
    [
      'an ELF program',
      Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(100)]),
    ],
    ['a ZIP archive', Buffer.from('PK\x03\x04\x14\0\0\0\x08\0\xff\xfe', 'latin1')],
    ['text with NUL', Buffer.from('hello\0world', 'utf8')],
    ['invalid UTF-8', Buffer.from([0x68, 0x69, 0xc3, 0x28, 0x0a])],
    ['a cut-off UTF-8 character at the end', Buffer.from([0x68, 0x69, 0xe2, 0x82])],
    ['an MP4 video', Buffer.from('\0\0\0\x20ftypqt  \0\0\0\0', 'latin1')],
  ];
  it.each(refusedContent)('refuses %s with 415 naming what is accepted', async (_what, content) => {
    const response = await expectNothingLeft(() => upload(c.member, 'song.mp3', content));
    expect(response.statusCode).toBe(415);
    expect(response.json<{ error: string }>().error).toMatch(/not accepted.*audio/);
  });

  it('refuses NUL far past the first chunk of a text file', async () => {
    const content = Buffer.concat([Buffer.alloc(200_000, 0x61), Buffer.from([0])]);
    const response = await expectNothingLeft(() => upload(c.member, 'log.txt', content));
    expect(response.statusCode).toBe(415);
  });

  const badNames: Array<[string, string]> = [
    ['a slash', '../../etc/passwd'],
    ['a backslash', '..\\evil.txt'],
    ['a control character', 'bell\x07.txt'],
    ['256 characters', `${'n'.repeat(252)}.txt`],
  ];
  it.each(badNames)('refuses a name with %s (400), leaving nothing', async (_what, name) => {
    const response = await expectNothingLeft(() => upload(c.member, name, samples.text()));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/name/);
  });

  it('refuses an empty file (400)', async () => {
    const response = await expectNothingLeft(() => upload(c.member, 'empty.txt', Buffer.alloc(0)));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('empty');
  });

  it('turns a cut-off body into 400 with no file and no row', async () => {
    const { body, headers } = multipartForm([{ filename: 'cut.flac', data: samples.flac() }]);
    const cut = body.subarray(0, body.length - 30);
    const response = await expectNothingLeft(() => c.member.post('/api/upload', cut, { headers }));
    expect(response.statusCode).toBe(400);
  });

  it('refuses JSON and a multipart body without a file (400)', async () => {
    expect((await c.member.post('/api/upload', { file: 'x' })).statusCode).toBe(400);
    const boundary = 'b0undary';
    const noFile = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${boundary}--\r\n`,
    );
    const response = await c.member.post('/api/upload', noFile, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('No upload file');
  });

  it('refuses anonymous (401), unconfirmed e-mail (403) and a missing XSRF header (403)', async () => {
    const { body, headers } = multipartForm([{ filename: 'a.txt', data: samples.text() }]);
    const anonymous = await expectNothingLeft(() =>
      new TestClient(c.t.app).post('/api/upload', body, { headers }),
    );
    expect(anonymous.statusCode).toBe(401);
    const unconfirmed = await expectNothingLeft(() =>
      c.unconfirmed.post('/api/upload', body, { headers }),
    );
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.body).toContain('You need to confirm your email first!');
    const noXsrf = await expectNothingLeft(() =>
      c.member.post('/api/upload', body, { headers, noXsrf: true }),
    );
    expect(noXsrf.statusCode).toBe(403);
  });
});

describe('DELETE /api/upload/{id}', () => {
  it('lets the uploader delete: row and file go together', async () => {
    const uploadId = await uploadOk(c.member, 'mine.txt', samples.text());
    const stored = (await rowOf(uploadId))?.stored_name ?? '';
    const response = await c.member.delete(`/api/upload/${uploadId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf(uploadId)).toBeUndefined();
    expect(await filesOnDisk()).not.toContain(stored);
    expect(await keptUpload(c.t, `uploads/${stored}`)).toBeNull();
  });

  it("lets an admin delete anyone's upload", async () => {
    const uploadId = await uploadOk(c.member, 'mine.png', samples.png());
    expect((await c.admin.delete(`/api/upload/${uploadId}`)).statusCode).toBe(200);
    expect(await rowOf(uploadId)).toBeUndefined();
  });

  it('refuses another user (403) and anonymous (401), changing nothing', async () => {
    const uploadId = await uploadOk(c.member, 'keep.png', samples.png());
    const stored = (await rowOf(uploadId))?.stored_name ?? '';
    expect((await c.other.delete(`/api/upload/${uploadId}`)).statusCode).toBe(403);
    const anonymous = await new TestClient(c.t.app).delete(`/api/upload/${uploadId}`);
    expect(anonymous.statusCode).toBe(401);
    expect(await rowOf(uploadId)).toBeDefined();
    expect(await keptUpload(c.t, `uploads/${stored}`)).not.toBeNull();
  });

  it('answers 404 for an unknown upload and 400 for a bad id', async () => {
    expect((await c.member.delete('/api/upload/999999')).statusCode).toBe(404);
    expect((await c.member.delete('/api/upload/abc')).statusCode).toBe(400);
  });
});
