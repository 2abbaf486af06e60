import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
/** A markdown table's rows as cells, whatever its column padding. */
const cells = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );

describe('docs/architecture.md names every server module, its front door and its tables', () => {
  it('matches what scripts/module-table.mjs reads from the code', () => {
    const printed = execFileSync(process.execPath, ['scripts/module-table.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    const docs = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## Server modules'));
    const documented = cells(section.slice(section.indexOf('| module')).split('\n\n')[0] ?? '');
    expect(documented).toEqual(cells(printed));
    const modules = readdirSync(path.join(root, 'server', 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `\`${entry.name}\``);
    expect(
      documented
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(modules.sort());
  });
});
