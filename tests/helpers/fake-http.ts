import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A loopback HTTP server whose every request is handed to `handle` with its whole body. */
export async function startFakeHttp(
  handle: (request: FakeRequest) => Promise<FakeAnswer> | FakeAnswer,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      Promise.resolve(handle(request))
        .then((answer) => {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body ?? '');
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (status: number, body: unknown): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The hosted payment page both fakes show: the title, the amount and one "Pay" button. */
export function payPage(title: string, amountCents: number, action: string): FakeAnswer {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html><head><title>Pay</title></head><body>
<h1>${escapeHtml(title)}</h1><p>${(amountCents / 100).toFixed(2)} EUR</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Pay</button></form>
</body></html>`,
  };
}
