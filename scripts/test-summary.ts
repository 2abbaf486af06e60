// Adds up the JSON reports of vitest and Playwright into one closing line that CI can read, and
// names each failed test under it with the start of its error: CI keeps only the tail of the
// log, so a failure scrolled out of it was otherwise known only by its count.
import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    line?: number;
    tests?: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

// The first lines of an error, without colour codes: enough to tell a timeout from an assertion.
function gist(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- the escape that starts a colour code
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join('\n');
}

function vitestFailures(report: VitestReport, label: string): void {
  for (const file of report.testResults ?? []) {
    const where = relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`  [${label}] ${where} › ${test.fullName}\n${gist(test.failureMessages?.[0])}`);
    }
    // A file that failed outside any test (a throw while it loads, a hook's timeout).
    if (failedTests.length === 0 && file.status === 'failed') {
      failures.push(`  [${label}] ${where}\n${gist(file.message)}`);
    }
  }
}

function playwrightFailures(suites: PlaywrightSuite[], label: string, path: string[] = []): void {
  for (const suite of suites) {
    const titles = suite.file && suite.title === suite.file ? path : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.[test.results.length - 1];
        const name = [...titles, spec.title].join(' › ');
        failures.push(
          `  [${label}] ${suite.file ?? ''}:${spec.line ?? ''} › ${name}\n${gist(last?.error?.message)}`,
        );
      }
    }
    playwrightFailures(suite.suites ?? [], label, titles);
  }
}

for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport & Partial<PlaywrightReport>;
  const label = basename(file, '.json');
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    playwrightFailures(report.suites ?? [], label);
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    vitestFailures(report, label);
  }
}
if (failures.length > 0) {
  console.log('Failed tests:');
  console.log(failures.join('\n'));
  console.log();
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
