import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this a compressed copy saves less than the extra header bytes cost. */
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function precompress(file: string): Promise<void> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: 9 }),
  ]);
  // The server falls back to the plain file when no smaller copy exists.
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
}

/** Writes the .br and .gz copies of every compressible file under dir. */
export async function precompressDir(dir: string): Promise<void> {
  const files: string[] = [];
  for await (const file of walk(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  await Promise.all(files.map(precompress));
}

/**
 * Writes .br and .gz beside every text file of the build, so the server sends the smallest
 * copy the browser accepts without compressing on each request (at brotli's best quality,
 * which is too slow to run per request). Runs last: the service worker is written in
 * vite-plugin-pwa's closeBundle, and its compressed copies must match its final text.
 */
export function precompressBuild(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'musicbox:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.ssr) return;
        await precompressDir(resolve(config.root, config.build.outDir));
      },
    },
  };
}
