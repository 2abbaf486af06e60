// `npm run build:server`: the server and its command-line tools compiled to plain JavaScript in
// dist/server/, so production runs `node dist/server/main.js` with no TypeScript loader and no
// esbuild service alive beside it (issue 32). Plain .mjs because it must run before anything is
// compiled, on a Node (20.19) that cannot read TypeScript. `node scripts/build-server.mjs <dir>`
// writes elsewhere (the tests build into a temporary folder).
import console from 'node:console';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'server'));

/**
 * Output name (without .js) to source file. The CLI tools share chunks with the server. Every
 * output file sits directly in outdir: the import.meta.dirname rewrite below counts on it.
 */
const entryPoints = {
  main: 'server/main.ts',
  'cli-import': 'server/cli/import.ts',
  'cli-demo': 'server/cli/demo.ts',
  'cli-backup': 'server/cli/backup.ts',
  'cli-restore': 'server/cli/restore.ts',
  'cli-storage-migrate': 'server/cli/storage-migrate.ts',
};

/**
 * Bundled, every module shares the bundle's import.meta, but the source means its own folder by
 * import.meta.dirname (server/app.ts finds the built client as ../dist from server/, the password
 * check reads server/security/common-passwords.txt). Each use becomes that folder, written
 * relative to the output file so the tree can be checked out anywhere.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.dirname')) return undefined;
      const fromOutput = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
      const expression = `__sourceDir(${JSON.stringify(fromOutput)})`;
      const helper =
        "import { resolve as __resolve } from 'node:path';\n" +
        "import { fileURLToPath as __toPath } from 'node:url';\n" +
        "const __sourceDir = (relative) => __resolve(__toPath(new URL('.', import.meta.url)), relative);\n";
      return {
        contents: helper + text.replaceAll('import.meta.dirname', expression),
        loader: 'ts',
      };
    });
  },
};

// Built beside the target, then swapped in: a server starting from dist/server never sees a
// half-written tree, and chunks from an older build do not linger.
const staging = `${outdir}.building-${process.pid}`;
const previous = `${outdir}.previous-${process.pid}`;
await rm(staging, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints,
  outdir: staging,
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // node_modules stay where npm put them: native modules (better-sqlite3, sharp, argon2) and
  // packages that read their own files must load from their own folders.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sourceDirname],
});
await rename(outdir, previous).catch((error) => {
  if (error.code !== 'ENOENT') throw error;
});
await rename(staging, outdir);
await rm(previous, { recursive: true, force: true });
if (process.env.BUILD_SERVER_QUIET !== '1')
  console.log(
    `Server compiled to ${path.relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms`,
  );
