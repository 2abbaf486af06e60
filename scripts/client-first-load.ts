/**
 * What a browser downloads for the first screen, and for each route after it: the one
 * definition the bench (over HTTP, bench/client-bench.ts) and the budget test (from a fresh
 * build, tests/client/first-load-budget.test.ts) both measure, so their figures agree.
 *
 * First load: index.html and every script, modulepreload and stylesheet it names. Render
 * gating: the chunks the entry itself imports and the first render waits for (Chakra's system,
 * its global stylesheet), which index.html does not name. A route: its lazy chunk and every
 * chunk it imports statically that is not already loaded by then.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LoadedFile {
  path: string;
  /** Content-Encoding of the body: br, gzip or identity. */
  encoding: string;
  wireBytes: number;
  plainBytes: number;
}

/** Fetches one path of the app as a browser would (Accept-Encoding: br, gzip). */
export type FetchFile<F extends LoadedFile> = (path: string) => Promise<{ file: F; text: string }>;

export interface FirstLoad<F extends LoadedFile = LoadedFile> {
  files: F[];
  wireBytes: number;
  plainBytes: number;
  /** Chunks the entry imports itself and the first render waits for (not named in index.html). */
  renderGating: F[];
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

/** The files index.html makes the browser fetch before anything renders. */
export function firstLoadPaths(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)];
  return [...new Set([...scripts, ...preloads, ...styles].map((m) => m[1] ?? ''))].filter((p) =>
    p.startsWith('/'),
  );
}

/** Fetches `paths` and, breadth first, every chunk they import statically not in `known`. */
async function withStaticImports<F extends LoadedFile>(
  fetchFile: FetchFile<F>,
  paths: string[],
  known: Set<string>,
): Promise<F[]> {
  const fetched: F[] = [];
  const queue = paths.filter((path) => !known.has(path));
  for (const path of queue) known.add(path);
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const { file, text } = await fetchFile(path);
    fetched.push(file);
    for (const next of path.endsWith('.js') ? staticImports(text, path) : []) {
      if (known.has(next)) continue;
      known.add(next);
      queue.push(next);
    }
  }
  return fetched;
}

const sum = (files: LoadedFile[], key: 'wireBytes' | 'plainBytes') =>
  files.reduce((total, f) => total + f[key], 0);

export async function measureFirstLoad<F extends LoadedFile>(
  fetchFile: FetchFile<F>,
): Promise<FirstLoad<F>> {
  const shell = await fetchFile('/');
  const files = [shell.file];
  const texts: string[] = [];
  const entryImports: string[] = [];
  for (const path of firstLoadPaths(shell.text)) {
    const fetched = await fetchFile(path);
    files.push(fetched.file);
    texts.push(fetched.text);
    if (path.endsWith('.js')) entryImports.push(...staticImports(fetched.text, path));
  }
  const known = new Set(files.map((f) => f.path));
  // A chunk the entry imports statically runs before it, named in index.html or not (the
  // build adds no modulepreload links, decision 0039): splitting the entry hides no byte.
  files.push(...(await withStaticImports(fetchFile, entryImports, known)));
  // A gating chunk's own imports gate the render too; the browser finds them on parsing it.
  const renderGating = await withStaticImports(fetchFile, texts.flatMap(renderGatingPaths), known);
  return {
    files,
    wireBytes: sum(files, 'wireBytes'),
    plainBytes: sum(files, 'plainBytes'),
    renderGating,
  };
}

export interface RouteLoad {
  /** The route's path as its file names it: `/collection/$id`. */
  route: string;
  files: LoadedFile[];
  wireBytes: number;
}

/** `src/routes/user/$id/index.tsx?tsr-split=…` -> `/user/$id`. */
export function routeName(source: string): string {
  const file = source.replace(/\?.*$/, '').replace(/^src\/routes\//, '');
  const path = file.replace(/\.tsx?$/, '').replace(/(^|\/)index$/, '');
  return `/${path.replace(/\./g, '/')}`;
}

/** The entries of Vite's build manifest (`build.manifest`) this file reads. */
export type BuildManifest = Record<string, { file: string; src?: string }>;

/**
 * Each route's JavaScript beyond what the first screen loaded: the chunk TanStack Router split
 * its component into, and what that chunk imports statically and the first load did not bring.
 * Dialogs and panels a page imports lazily are not counted: they load when opened.
 */
export async function measureRoutes<F extends LoadedFile>(
  fetchFile: FetchFile<F>,
  manifest: BuildManifest,
  firstLoad: FirstLoad<F>,
): Promise<RouteLoad[]> {
  const loaded = [...firstLoad.files, ...firstLoad.renderGating].map((f) => f.path);
  const routes: RouteLoad[] = [];
  for (const [source, chunk] of Object.entries(manifest)) {
    if (!/^src\/routes\/.*\?tsr-split=/.test(source) || /__root/.test(source)) continue;
    const files = await withStaticImports(fetchFile, [`/${chunk.file}`], new Set(loaded));
    routes.push({ route: routeName(source), files, wireBytes: sum(files, 'wireBytes') });
  }
  return routes.sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * Reads a path of a build folder as the server sends it to a browser accepting br: the .br
 * copy the build wrote (scripts/vite-precompress.ts) when there is one, else the plain file.
 */
export function builtFileReader(dir: string): FetchFile<LoadedFile> {
  return async (path) => {
    const local = join(dir, path === '/' ? 'index.html' : path);
    const plain = await readFile(local);
    const br = await readFile(`${local}.br`).catch(() => null);
    return {
      file: {
        path,
        encoding: br ? 'br' : 'identity',
        wireBytes: (br ?? plain).length,
        plainBytes: plain.length,
      },
      text: plain.toString('utf8'),
    };
  };
}
