import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { removeKeptUpload, samples, setUpUploads, uploadOk } from '../helpers/uploads';
import { perFile } from '../helpers/setup';

const c = perFile(() => setUpUploads());
let pngPath: string;
const LOG_TEXT = 'download 17 finished\n';

beforeAll(async () => {
  const uploadId = await uploadOk(c.member, 'Cover art (final).png', samples.png());
  pngPath = await publicPath(uploadId);
  const logs = path.join(c.t.config.dataDir, 'logs', '3');
  await fs.mkdir(logs, { recursive: true });
  await fs.writeFile(path.join(logs, '2026-11-21.log'), LOG_TEXT);
});
afterAll(async () => {
  await c.t.close();
});

async function publicPath(uploadId: number): Promise<string> {
  const row = await c.t.db
    .selectFrom('uploads')
    .select('stored_name')
    .where('upload_id', '=', uploadId)
    .executeTakeFirstOrThrow();
  return `uploads/${row.stored_name}`;
}

const open = (client: TestClient, filePath: string) =>
  client.get(`/api/file?path=${encodeURIComponent(filePath)}`);

describe('GET /api/file: uploads', () => {
  it('opens the uploader’s file inline with its type, name and safety headers', async () => {
    const response = await open(c.member, pngPath);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.rawPayload).toEqual(samples.png());
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toMatch(
      /^inline; filename="Cover art \(final\).png"/,
    );
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it("opens anyone's upload for an admin", async () => {
    expect((await open(c.admin, pngPath)).statusCode).toBe(200);
  });

  it('answers 404 to another user and 401 to anonymous', async () => {
    const other = await open(c.other, pngPath);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('PNG');
    expect((await open(new TestClient(c.t.app), pngPath)).statusCode).toBe(401);
  });

  it('serves uploaded HTML or SVG as sandboxed plain text, never as a page', async () => {
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [name, content] of [
      ['page.html', html],
      ['image.svg', svg],
    ] as const) {
      const response = await open(
        c.member,
        await publicPath(await uploadOk(c.member, name, content)),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toMatch(/sandbox/);
    }
  });

  it('answers 404 when the row exists but the file is gone', async () => {
    const uploadId = await uploadOk(c.member, 'gone.txt', samples.text());
    const filePath = await publicPath(uploadId);
    await removeKeptUpload(c.t, filePath);
    expect((await open(c.member, filePath)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown stored name and for a temporary file', async () => {
    expect((await open(c.admin, `uploads/${'0'.repeat(32)}.png`)).statusCode).toBe(404);
    await fs.writeFile(path.join(c.t.config.dataDir, 'uploads', '.part-abc'), 'partial');
    expect((await open(c.admin, 'uploads/.part-abc')).statusCode).toBe(404);
  });

  it('does not follow a symlink in the uploads folder out of it', async () => {
    const stored = `${'a'.repeat(32)}.txt`;
    await fs.symlink(
      path.join(c.t.config.dataDir, 'logs', '3', '2026-11-21.log'),
      path.join(c.t.config.dataDir, 'uploads', stored),
    );
    await c.t.db
      .insertInto('uploads')
      .values({
        user_id: c.member.userId,
        stored_name: stored,
        original_name: 'link.txt',
        size: 1,
        content_type: 'text/plain; charset=utf-8',
        created_at: new Date().toISOString(),
      })
      .execute();
    const response = await open(c.member, `uploads/${stored}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('download 17');
  });
});

describe('GET /api/file: logs', () => {
  it('opens a server log for an admin as UTF-8 plain text', async () => {
    const response = await open(c.admin, 'logs/3/2026-11-21.log');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(LOG_TEXT);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a user (403) and anonymous (401)', async () => {
    expect((await open(c.member, 'logs/3/2026-11-21.log')).statusCode).toBe(403);
    expect((await open(new TestClient(c.t.app), 'logs/3/2026-11-21.log')).statusCode).toBe(401);
  });

  it('answers 404 for a missing day and does not follow a symlink out of logs/', async () => {
    expect((await open(c.admin, 'logs/3/2026-11-20.log')).statusCode).toBe(404);
    const dir = path.join(c.t.config.dataDir, 'logs', '9');
    await fs.mkdir(dir, { recursive: true });
    await fs.symlink(
      path.join(c.t.config.dataDir, 'musicbox.db'),
      path.join(dir, '2026-01-01.log'),
    );
    expect((await open(c.admin, 'logs/9/2026-01-01.log')).statusCode).toBe(404);
  });
});

describe('GET /api/file: attacker-spelled paths', () => {
  // Raw query strings, exactly as an attacker would type them into the address bar.
  const attacks = [
    'uploads/../musicbox.db',
    'uploads/%2e%2e/musicbox.db',
    'uploads/%2E%2E%2Fmusicbox.db',
    'uploads/%252e%252e/musicbox.db',
    'uploads%2f..%2fmusicbox.db',
    'logs/../musicbox.db',
    'logs/3/../../musicbox.db',
    'logs/3/..%5c..%5cmusicbox.db',
    'uploads\\..\\musicbox.db',
    'uploads/..\\musicbox.db',
    '/etc/passwd',
    '%2fetc%2fpasswd',
    'C:/Windows/win.ini',
    'uploads/x.png%00.txt',
    'musicbox.db',
    'mail/x.eml',
    'uploads/',
    'uploads//x',
    './uploads/x',
    'logs/3/2026-11-21.log/..',
    'logs/3/x.log',
    '',
  ];
  it.each(attacks)('refuses %s with 400 or 404 and serves nothing', async (raw) => {
    const response = await c.admin.get(`/api/file?path=${raw}`);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.json<{ error: string }>().error).toBeTruthy();
    expect(response.body).not.toContain('SQLite');
  });

  it('refuses a missing or repeated path parameter (400)', async () => {
    expect((await c.admin.get('/api/file')).statusCode).toBe(400);
    const twice = await c.admin.get(`/api/file?path=${pngPath}&path=${pngPath}`);
    expect(twice.statusCode).toBe(400);
  });
});
