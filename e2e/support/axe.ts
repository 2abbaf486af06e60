import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { animationsSettled } from './animations';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let axeCode: string | undefined;
const axeSource = (): string => (axeCode ??= readFileSync(axePath, 'utf8'));

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and answers the serious and critical
 * violations, one line per failing element so a failure names what to fix.
 */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  // Evaluated, not added as a <script> tag: the app's Content-Security-Policy refuses inline
  // scripts (decision 0043), and the test must not switch the policy off to look at the page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  // A dialog or toast still fading in has text at part opacity, which axe reads as low
  // contrast: its animations end first.
  await page.evaluate(animationsSettled, undefined);
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(context ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        targets: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
      }));
  }, include);
}
