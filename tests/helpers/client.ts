import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header (to test the refusal). */
  noXsrf?: boolean;
  remoteAddress?: string;
}

/** Like the browser client: keeps cookies and echoes XSRF-TOKEN as X-XSRF-TOKEN on writes. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  remoteAddress = '127.0.0.1';

  constructor(public app: FastifyInstance) {}

  async request(
    method: Method,
    url: string,
    options: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && method !== 'HEAD' && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('GET', '/api/settings/public');
    }
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && method !== 'HEAD' && !options.noXsrf && xsrf !== undefined) {
      headers['x-xsrf-token'] ??= xsrf;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: options.remoteAddress ?? this.remoteAddress,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, options?: RequestOptions) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options?: RequestOptions) {
    return this.request('PUT', url, { ...options, body });
  }
  delete(url: string, options?: RequestOptions) {
    return this.request('DELETE', url, options);
  }

  async login(username: string, password: string): Promise<LightMyRequestResponse> {
    const response = await this.post('/api/login', { username, password });
    if (response.statusCode !== 200) {
      throw new Error(`login as ${username} failed: ${response.statusCode} ${response.body}`);
    }
    return response;
  }

  async register(
    fields: { username: string; email?: string; password?: string } & Record<string, unknown>,
  ) {
    return this.post('/api/register', {
      email: `${fields.username}@example.com`,
      password: 'password-123',
      name: '',
      emailMarketing: false,
      ...fields,
    });
  }
}
