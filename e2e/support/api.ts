import { request, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER } from './global-setup';

/** A signed-in API session that echoes the XSRF-TOKEN cookie the way the web client does. */
export class ApiSession {
  private constructor(private readonly ctx: APIRequestContext) {}

  /** `baseURL` another server than the suite's (e2e/support/extra-server.ts). */
  static async signIn(
    username = ADMIN_USER,
    password = ADMIN_PASSWORD,
    baseURL = process.env.E2E_BASE_URL,
  ): Promise<ApiSession> {
    const ctx = await request.newContext({ baseURL });
    const session = new ApiSession(ctx);
    await session.call('GET', '/api/settings/public');
    await session.call('POST', '/api/login', { username, password });
    return session;
  }

  private async xsrf(): Promise<string> {
    const state = await this.ctx.storageState();
    return state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  }

  async call<T = unknown>(method: string, path: string, data?: unknown): Promise<T> {
    const res = await this.ctx.fetch(path, {
      method,
      data: data === undefined ? undefined : JSON.stringify(data),
      // No content type without a body: the server refuses an empty body declared as JSON.
      headers: {
        ...(data === undefined ? {} : { 'content-type': 'application/json' }),
        'x-xsrf-token': await this.xsrf(),
      },
    });
    const text = await res.text();
    if (!res.ok()) throw new Error(`${method} ${path} answered ${res.status()}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async dispose(): Promise<void> {
    await this.ctx.dispose();
  }
}

let counter = 0;
/** A username unique within the run (longer than 3 characters, as the form requires). */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/** The id of a demo collection, found by its exact name through the search call. */
export async function collectionId(name: string): Promise<number> {
  const api = await ApiSession.signIn();
  try {
    const found = await api.call<{ data: Array<{ collectionId: number; collectionName: string }> }>(
      'POST',
      '/api/audio_collection/search',
      { query: name },
    );
    const hit = found.data.find((c) => c.collectionName === name);
    if (!hit) throw new Error(`demo collection ${name} not found`);
    return hit.collectionId;
  } finally {
    await api.dispose();
  }
}

export interface RegisteredUser {
  username: string;
  password: string;
  userId: number;
}

/**
 * A fresh account with the default role (Member: not VIP, not admin), registered through the
 * API of the suite's server, or of a server of a spec's own (extra-server.ts) at `baseURL`.
 */
export async function registerUser(
  prefix = 'user',
  baseURL = process.env.E2E_BASE_URL,
): Promise<RegisteredUser> {
  const username = uniqueName(prefix);
  const password = 'user-password-1';
  const ctx = await request.newContext({ baseURL });
  try {
    await ctx.get('/api/settings/public');
    const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    const res = await ctx.post('/api/register', {
      data: { username, password, email: `${username}@example.test` },
      headers: { 'x-xsrf-token': xsrf ?? '' },
    });
    if (!res.ok()) throw new Error(`register answered ${res.status()}: ${await res.text()}`);
    const { user } = (await res.json()) as { user: { userId: number } };
    return { username, password, userId: user.userId };
  } finally {
    await ctx.dispose();
  }
}
