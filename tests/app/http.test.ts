import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../helpers/client';
import { ADMIN, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('request bodies', () => {
  it('refuses a body over 1 MiB with 413 and an error field', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/contact', {
      name: 'Big',
      email: 'big@example.com',
      body: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: string }>().error).toBeTruthy();
    expect(await t.db.selectFrom('contact_messages').selectAll().execute()).toHaveLength(0);
  });

  it('refuses invalid JSON with 400', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', '{"username": ', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('refuses a body that is not an object', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', [1, 2]);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBeTruthy();
  });
});

describe('errors', () => {
  it('answers unknown API routes with 404 and an error field', async () => {
    const response = await new TestClient(t.app).get('/api/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });

  it('hides the details of a server failure', async () => {
    const app = await t.rebuild();
    app.get('/api/boom', () => {
      throw new Error('secret database detail');
    });
    const response = await new TestClient(app).get('/api/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
    expect(response.body).not.toContain('secret');
  });
});

describe('banned addresses', () => {
  it('refuses every API call from a banned address', async () => {
    await t.db
      .insertInto('banned_ips')
      .values({ ip: '10.9.9.9', created_at: new Date().toISOString() })
      .execute();
    const banned = new TestClient(t.app);
    banned.remoteAddress = '10.9.9.9';
    expect((await banned.get('/api/settings/public')).statusCode).toBe(403);
    const response = await banned.post('/api/login', ADMIN);
    expect(response.statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/settings/public')).statusCode).toBe(200);
  });
});

describe('mail without SMTP', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const client = new TestClient(t.app);
    expect(
      (await client.register({ username: 'emlcheck', email: 'eml@example.com' })).statusCode,
    ).toBe(200);
    const dir = path.join(t.config.dataDir, 'mail');
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = await fs.readFile(path.join(dir, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^To: eml@example\.com/m);
    expect(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(
      /http:\/\/musicbox\.test\/user\/confirm_email\?code=[A-Za-z0-9_-]+/,
    );
  });
});

describe('the client shell', () => {
  it('tells to build the client when dist/ is missing', async () => {
    const response = await new TestClient(t.app).get('/browse');
    expect(response.statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/')).body).toContain('npm run build');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('npm run build');
  });

  it('serves the built files with the right caching and falls back to index.html', async () => {
    const dist = path.join(t.config.dataDir, 'dist');
    await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'service-worker.js'), 'self.x = 1');
    const app = await t.rebuild({ clientDir: dist });
    const client = new TestClient(app);

    const asset = await client.get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const worker = await client.get('/service-worker.js');
    expect(worker.headers['cache-control']).toBe('no-cache');

    const root = await client.get('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>shell</title>');
    expect(root.headers['cache-control']).toBe('no-cache');

    const route = await client.get('/collection/12-some-album');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>shell</title>');
    expect(route.headers['cache-control']).toBe('no-cache');

    expect((await client.get('/assets/missing.js')).statusCode).toBe(404);
    const api = await client.get('/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
    expect((await client.get('/downloader/unknown')).statusCode).toBe(404);
  });
});
