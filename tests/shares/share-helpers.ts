import { expect } from 'vitest';
import { CreatedShareSchema, SharedPageSchema, type CreatedShare } from '../../domain/shares';
import { TestClient } from '../helpers/client';
import type { TestApp } from '../helpers/test-app';

/** Makes a share link as `client`, expecting success. */
export async function share(
  client: TestClient,
  body: Record<string, unknown>,
): Promise<CreatedShare> {
  const response = await client.put('/api/share', body);
  expect(response.statusCode, response.body).toBe(200);
  return CreatedShareSchema.parse(response.json());
}

/** Someone without an account, from an address of their own (misses are limited per address). */
export function visitor(t: TestApp, address = '198.51.100.7'): TestClient {
  const client = new TestClient(t.app);
  client.remoteAddress = address;
  return client;
}

/** GET /api/share/{token} as a visitor, expecting the page. */
export async function openShare(t: TestApp, token: string) {
  const response = await visitor(t).get(`/api/share/${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return SharedPageSchema.parse(response.json());
}

/** The one answer every miss gets: nothing tells unknown, expired and revoked links apart. */
export const NOT_FOUND_BODY = { error: 'Share link not found' };
