/**
 * What a browser downloads for the first screen, measured over HTTP against the real server:
 * index.html, its entry script, modulepreloads and stylesheets, with the Accept-Encoding a
 * browser sends. Bytes are the body bytes the socket carried (compressed when the server
 * compressed), so this measures what the server sends, not what lies in dist/.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface WireFile {
  path: string;
  encoding: string;
  wireBytes: number;
  plainBytes: number;
  cacheControl: string;
  setsCookie: boolean;
}

export interface FirstLoad {
  files: WireFile[];
  wireBytes: number;
  plainBytes: number;
  /** Chunks the entry imports itself and the first render waits for (not named in index.html). */
  renderGating: WireFile[];
}

/**
 * Chakra's system with its recipes, and its global stylesheet, gate the first render
 * (src/app/providers.tsx renders nothing styled before they arrive), so a user waits for those
 * dynamic imports, and the chunks Vite preloads with them, like for the entry.
 */
const GATING_IMPORTS = /import\(`\.\/(theme-recipes-[\w-]+\.js)`\)([\s\S]{0,400}?)\.then\(/;
const VITE_DEPS = /m\.f=\[([^\]]*)\]/;

/** The paths of the chunks behind the render-gating imports, from the entry's text. */
export function renderGatingPaths(entry: string): string[] {
  const call = GATING_IMPORTS.exec(entry);
  const list = VITE_DEPS.exec(entry)?.[1];
  if (!call || list === undefined) return [];
  const files = [...list.matchAll(/"([^"]+)"/g)].map((m) => `/${m[1] ?? ''}`);
  const deps = [...(call[2] ?? '').matchAll(/__vite__mapDeps\(\[([\d,]+)\]\)/g)].flatMap((m) =>
    (m[1] ?? '').split(',').map((i) => files[Number(i)] ?? ''),
  );
  return [...new Set([`/assets/${call[1] ?? ''}`, ...deps])].filter((p) => p !== '/' && p !== '');
}

/** The chunks a module imports statically (`import … from "./x.js"`, `import "./x.js"`). */
export function staticImports(code: string, fromPath: string): string[] {
  const dir = fromPath.slice(0, fromPath.lastIndexOf('/') + 1);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map(
    (m) => `${dir}${(m[1] ?? '').slice(2)}`,
  );
}

const ACCEPT_ENCODING = 'br, gzip';

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

function decode(body: Buffer, encoding: string): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

async function fetchFile(base: string, path: string): Promise<{ file: WireFile; text: string }> {
  const res = await rawGet(`${base}${path}`, { 'accept-encoding': ACCEPT_ENCODING });
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  const plain = decode(res.body, encoding);
  return {
    file: {
      path,
      encoding,
      wireBytes: res.body.length,
      plainBytes: plain.length,
      cacheControl: String(res.headers['cache-control'] ?? ''),
      setsCookie: res.headers['set-cookie'] !== undefined,
    },
    text: plain.toString('utf8'),
  };
}

/** The files index.html makes the browser fetch before anything renders. */
export function firstLoadPaths(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)];
  return [...new Set([...scripts, ...preloads, ...styles].map((m) => m[1] ?? ''))].filter((p) =>
    p.startsWith('/'),
  );
}

export async function measureFirstLoad(base: string): Promise<FirstLoad> {
  const shell = await fetchFile(base, '/');
  const files = [shell.file];
  const texts: string[] = [];
  for (const path of firstLoadPaths(shell.text)) {
    const fetched = await fetchFile(base, path);
    files.push(fetched.file);
    texts.push(fetched.text);
  }
  const already = new Set(files.map((f) => f.path));
  const gatingPaths = new Set(
    texts.flatMap(renderGatingPaths).filter((path) => !already.has(path)),
  );
  const renderGating: WireFile[] = [];
  // A gating chunk's own imports gate the render too; the browser finds them on parsing it.
  const queue = [...gatingPaths];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const fetched = await fetchFile(base, path);
    renderGating.push(fetched.file);
    for (const next of staticImports(fetched.text, path)) {
      if (already.has(next) || gatingPaths.has(next)) continue;
      gatingPaths.add(next);
      queue.push(next);
    }
  }
  return {
    files,
    wireBytes: files.reduce((sum, f) => sum + f.wireBytes, 0),
    plainBytes: files.reduce((sum, f) => sum + f.plainBytes, 0),
    renderGating,
  };
}
