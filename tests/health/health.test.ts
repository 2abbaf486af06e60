import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../helpers/client';
import { signInAdmin } from '../helpers/setup';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { S3Storage } from '../../server/storage/s3-storage';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const get = (url: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url, ...(remoteAddress ? { remoteAddress } : {}) });

describe('GET /healthz and /readyz (issue 32)', () => {
  it('answer up and ready while the database and the data folder answer', async () => {
    const live = await get('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('still answer a banned address (a load balancer may share it), which gets 403 elsewhere', async () => {
    expect((await admin.put('/api/ban_ip', { ip: '203.0.113.9' })).statusCode).toBe(200);
    expect((await get('/api/settings/public', '203.0.113.9')).statusCode).toBe(403);
    // Other spellings of the path are not the health paths: the ban holds for them.
    expect((await get('/healthz/', '203.0.113.9')).statusCode).toBe(403);
    expect((await get('/readyz?x=1', '203.0.113.9')).statusCode).toBe(403);
    expect((await get('/healthz', '203.0.113.9')).statusCode).toBe(200);
    expect((await get('/readyz', '203.0.113.9')).statusCode).toBe(200);
  });

  it('say not ready when the data folder is gone, while staying up', async () => {
    const moved = `${t.config.dataDir}-away`;
    await fs.rename(t.config.dataDir, moved);
    try {
      const ready = await get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not-ready', database: 'ok', storage: 'unreachable' });
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      await fs.rename(moved, t.config.dataDir);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('say not ready when the object storage bucket does not answer', async () => {
    const bucketless = await createTestApp({
      storage: new S3Storage({
        bucket: 'musicbox-nowhere',
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    });
    try {
      const ready = await bucketless.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'not-ready', database: 'ok', storage: 'unreachable' });
      expect((await bucketless.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(
        200,
      );
    } finally {
      await bucketless.close();
    }
  });
});
