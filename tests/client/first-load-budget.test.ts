import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetRows, formatBudgetTable, type BudgetRow } from '../../scripts/client-budget';
import {
  builtFileReader,
  measureFirstLoad,
  measureRoutes,
  type BuildManifest,
} from '../../scripts/client-first-load';

// npm test builds the client only after this step, so the test builds its own, into a
// temporary folder: the production config, with Vite's manifest to name each route's chunk.
let outDir = '';
let rows: BudgetRow[] = [];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'musicbox-budget-'));
  // Vitest sets NODE_ENV=test, which Vite would keep: React's development build, twice the size.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const read = builtFileReader(outDir);
  const manifest = JSON.parse(
    await readFile(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as BuildManifest;
  const firstLoad = await measureFirstLoad(read);
  rows = budgetRows(firstLoad, await measureRoutes(read, manifest, firstLoad));
  console.log(`Client bytes on the wire (brotli), issue 47:\n${formatBudgetTable(rows)}`);
}, 180_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('the client build', () => {
  it('sends no more than budgeted before the first screen (goal: 100 KB) and before it renders', () => {
    const [firstLoad, beforeRender] = rows;
    expect(firstLoad?.over, formatBudgetTable(rows)).toBe(false);
    expect(beforeRender?.over, formatBudgetTable(rows)).toBe(false);
  });

  it("keeps every route's own JavaScript within its budget (scripts/client-budget.ts)", () => {
    const over = rows.slice(2).filter((r) => r.over);
    expect(
      over.map((r) => r.measure),
      formatBudgetTable(rows),
    ).toEqual([]);
  });
});
