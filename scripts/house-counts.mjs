// Counts how the server keeps its house (issue 45), read from the code's imports as text:
// cross-module repository imports, repository and service constructions outside the
// composition root, server folder pairs that import each other, and lines of modules/subsonic.
// Usage: node scripts/house-counts.mjs [--list]
import console from 'node:console';
import process from 'node:process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const list = process.argv.includes('--list');

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const files = walk(path.join(root, 'server'));
const rel = (file) => path.relative(root, file);

/** The folder a server file belongs to: server/modules/<m>, else server/<top>, else server. */
function area(file) {
  const parts = rel(file).split(path.sep);
  if (parts[1] === 'modules' && parts.length > 3) return `modules/${parts[2]}`;
  return parts.length > 2 ? parts[1] : '(server root)';
}

const importRe = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g;
// The composition root (server/root/, server/app.ts) builds everything, so it may import any
// repository; it is left out of the import counts, as are the server's top-level files when
// pairing folders (they are no folder).
const isRoot = (file) =>
  rel(file).startsWith(`server${path.sep}root${path.sep}`) ||
  rel(file) === path.join('server', 'app.ts');
const crossRepo = [];
const repoTypes = [];
const pairs = new Map();
for (const file of files) {
  if (isRoot(file)) continue;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/import type \{([^}]*)\} from ['"](\.[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(file), match[2]);
    if (area(`${target}/index.ts`) === area(file)) continue;
    for (const name of match[1]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => /Repository$/.test(n)))
      repoTypes.push(`${rel(file)}: ${name}`);
  }
  for (const match of text.matchAll(importRe)) {
    const target = path.resolve(path.dirname(file), match[1]);
    if (!rel(target).startsWith('server')) continue;
    const from = area(file);
    const to = area(target.endsWith('.ts') ? target : `${target}.ts`);
    if (from === to || from === '(server root)' || to === '(server root)') continue;
    if (/\.repository$/.test(target)) crossRepo.push(`${rel(file)} -> ${match[1]}`);
    if (!pairs.has(from)) pairs.set(from, new Set());
    pairs.get(from).add(to);
  }
}
const mutual = [];
for (const [from, tos] of pairs) {
  for (const to of tos) {
    if (from < to && pairs.get(to)?.has(from)) mutual.push(`${from} <-> ${to}`);
  }
}

// The composition root (server/root/) and tests are where things are built; anywhere else a
// `new XRepository(` or `new XService(` is a construction outside the root. A repository built
// inside a transaction (`new XRepository(trx)`) is counted too: it is a construction.
const constructions = [];
for (const file of files) {
  if (rel(file).startsWith(`server${path.sep}root${path.sep}`)) continue;
  if (file.endsWith('.repository.ts')) continue;
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (/new [A-Z][A-Za-z]*(Repository|Service)\(/.test(line)) {
      constructions.push(`${rel(file)}:${index + 1}: ${line.trim()}`);
    }
  });
}

const subsonicDir = path.join(root, 'server', 'modules', 'subsonic');
let subsonicLines = 0;
let subsonicFiles = 0;
try {
  if (statSync(subsonicDir).isDirectory()) {
    for (const file of walk(subsonicDir)) {
      subsonicFiles += 1;
      subsonicLines += readFileSync(file, 'utf8').split('\n').length - 1;
    }
  }
} catch {
  // no subsonic module
}
const repositories = files.filter(
  (file) => file.startsWith(subsonicDir) && file.endsWith('.repository.ts'),
);

console.log(`cross-module repository imports: ${crossRepo.length}`);
console.log(`repository types handed across through a front door: ${repoTypes.length}`);
console.log(`repository/service constructions outside server/root: ${constructions.length}`);
console.log(`server folder pairs importing each other: ${mutual.length}`);
console.log(
  `modules/subsonic: ${subsonicLines} lines in ${subsonicFiles} files, ${repositories.length} repositories`,
);
if (list) {
  console.log('\n# cross-module repository imports');
  crossRepo.forEach((line) => console.log(line));
  console.log('\n# constructions outside the root');
  constructions.forEach((line) => console.log(line));
  console.log('\n# folder pairs importing each other');
  mutual.forEach((line) => console.log(line));
}
