import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

const FILE = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');

/** The comment lines that fence one benchmark's section of docs/benchmarks.md. */
export const sectionMarkers = (name: string) =>
  ({ begin: `<!-- ${name}:begin -->`, end: `<!-- ${name}:end -->` }) as const;

/**
 * Prints a section (fenced by its markers) and puts it in docs/benchmarks.md in place of the
 * last run's, or at the end. Spliced by index, so "$" in figures is never a replace pattern.
 */
export async function writeBenchSection(
  markers: ReturnType<typeof sectionMarkers>,
  section: string,
): Promise<void> {
  console.log(`\n${section}\n`);
  const doc = await readFile(FILE, 'utf8').catch(
    () =>
      '# Benchmarks\n\nFigures are printed by the benchmark scripts; targets come from the issues.\n',
  );
  const start = doc.indexOf(markers.begin);
  const end = doc.indexOf(markers.end);
  const next =
    start >= 0 && end > start
      ? doc.slice(0, start) + section + doc.slice(end + markers.end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
  // Formatted here, so a benchmark run alone (not through `npm run bench`) keeps CI's check green.
  const options = (await resolveConfig(FILE)) ?? {};
  await writeFile(FILE, await format(next, { ...options, filepath: FILE }));
}
