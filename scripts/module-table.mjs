// Prints the "Server modules: front doors and tables" table of docs/architecture.md from the
// code: each module's front-door exports (server/modules/<m>/index.ts) and the tables its
// repositories change (INSERT/UPDATE/DELETE and Kysely's insertInto/updateTable/deleteFrom).
// Usage: node scripts/module-table.mjs   (paste the output over the table)
import console from 'node:console';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const modulesDir = path.resolve(import.meta.dirname, '..', 'server', 'modules');

function exportsOf(door) {
  const text = readFileSync(door, 'utf8');
  const names = [];
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of match[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  for (const match of text.matchAll(/export\s+(?:async\s+)?(?:function|const|class)\s+(\w+)/g))
    names.push(match[1]);
  return names;
}

function writesOf(dir) {
  const tables = new Set();
  for (const entry of readdirSync(dir, { recursive: true })) {
    if (!String(entry).endsWith('.repository.ts')) continue;
    const text = readFileSync(path.join(dir, String(entry)), 'utf8');
    const patterns = [
      /(?:insertInto|updateTable|deleteFrom)\(\s*'(\w+)/g,
      /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)/g,
    ];
    for (const re of patterns) for (const match of text.matchAll(re)) tables.add(match[1]);
  }
  return [...tables].filter((name) => !/^(SET|OR|ON)$/i.test(name)).sort();
}

const rows = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .map((name) => {
    const dir = path.join(modulesDir, name);
    const writes = writesOf(dir);
    return [
      `\`${name}\``,
      exportsOf(path.join(dir, 'index.ts')).join(', '),
      writes.length ? writes.join(', ') : 'none',
    ];
  });
console.log('| module | front door exports | writes |');
console.log('| --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
