/**
 * A browser-like client over real HTTP: keeps cookies and echoes XSRF-TOKEN as X-XSRF-TOKEN on
 * writes. The base URL can change, so a session survives a server restart on another port.
 */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(public baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    if (method !== 'GET' && method !== 'HEAD' && !this.cookies.has('XSRF-TOKEN'))
      await this.request('GET', '/api/settings/public');
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && method !== 'HEAD' && xsrf !== undefined) headers['x-xsrf-token'] = xsrf;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body !== undefined) body = new Uint8Array(options.body);
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The session's cookie and XSRF headers, for a request sent by hand (a streamed body). */
  sessionHeaders(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
    };
  }

  async json<T>(method: string, path: string, json?: unknown): Promise<T> {
    const response = await this.request(method, path, json === undefined ? {} : { json });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text === '' ? null : JSON.parse(text)) as T;
  }

  async login(username: string, password: string): Promise<void> {
    await this.json('POST', '/api/login', { username, password });
  }
}
