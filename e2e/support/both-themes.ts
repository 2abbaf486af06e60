import { expect, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

/**
 * axe in the dark and the light theme without a reload, so an open dialog stays open: the html
 * element's theme class (what src/ui/color-mode.ts sets) is swapped and put back.
 */
export async function expectCleanInBothThemes(page: Page, what: string): Promise<void> {
  const start = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((next) => {
      const html = document.documentElement;
      html.classList.remove('dark', 'light');
      html.classList.add(next);
      html.style.colorScheme = next;
    }, theme);
    expect(await seriousViolations(page), `${what}, ${theme} theme`).toEqual([]);
  }
  await page.evaluate((next) => {
    const html = document.documentElement;
    html.classList.remove('dark', 'light');
    html.classList.add(next);
    html.style.colorScheme = next;
  }, start);
}
