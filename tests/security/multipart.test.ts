import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueFixture } from '../helpers/catalogue-fixture';
import { TestClient } from '../helpers/client';
import { type TestApp } from '../helpers/test-app';
import { setUpLibrary } from '../helpers/setup';

let t: TestApp;
let fx: CatalogueFixture;
let admin: TestClient;
let url: string;

beforeAll(async () => {
  ({ t, admin, fx } = await setUpLibrary());
  url = `/downloader/upload/${fx.ids.single}`;
});
afterAll(async () => {
  await fx.cleanup();
  await t.close();
});

const BOUNDARY = 'XyZ0123456789';
const head = (name = 'file') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`;

const imageHash = async () =>
  (
    await t.db
      .selectFrom('collections')
      .select('image_hash')
      .where('collection_id', '=', fx.ids.single)
      .executeTakeFirstOrThrow()
  ).image_hash;

describe('POST /downloader/upload/{id}: malformed multipart answers 400', () => {
  it.each([
    ['no boundary', 'multipart/form-data', `${head()}abc\r\n--${BOUNDARY}--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `${head()}abc\r\n--${BOUNDARY}--\r\n`],
    ['an unterminated part', `multipart/form-data; boundary=${BOUNDARY}`, `${head()}abcdef`],
    [
      'a part cut inside its headers',
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-da`,
    ],
    ['a body that is not multipart at all', `multipart/form-data; boundary=${BOUNDARY}`, 'hello'],
    ['an empty body', `multipart/form-data; boundary=${BOUNDARY}`, ''],
    [
      'fields but no file',
      `multipart/form-data; boundary=${BOUNDARY}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\nv\r\n--${BOUNDARY}--\r\n`,
    ],
  ])('%s', async (_name, contentType, body) => {
    const before = await imageHash();
    const response = await admin.post(url, body, { headers: { 'content-type': contentType } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/multipart|upload|cover/i);
    expect(await imageHash()).toBe(before);
  });
});
