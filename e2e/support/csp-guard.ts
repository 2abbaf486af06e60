import { test as base, expect } from '@playwright/test';

// Specs import everything from here; the `test` below takes the place of Playwright's own.
export * from '@playwright/test';
export { expect };

/**
 * What Chromium writes to the console when its Content-Security-Policy refuses something, or
 * when it cannot read a Permissions-Policy the server sent (an unknown feature name).
 */
const CSP_MESSAGE =
  /Content Security Policy|Content-Security-Policy|Error with Permissions-Policy/i;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * `test` that fails when anything in the test's browser context breaks the server's
 * Content-Security-Policy (decision 0043): every page reports `securitypolicyviolation`
 * events into a list read at the end, and Chromium's console reports of a refusal count too
 * (they also cover what happens before a page's scripts run). A spec that imports `test` from
 * here instead of '@playwright/test' is checked with no other change.
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use, testInfo) => {
      const violations: string[] = [];
      context.on('console', (message) => {
        if (CSP_MESSAGE.test(message.text())) violations.push(message.text());
      });
      await context.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__cspViolations?.push(
            `${event.violatedDirective} refused ${event.blockedURI || 'inline'} ` +
              `(${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use();
      for (const page of context.pages()) {
        const reported = await page
          .evaluate(() => window.__cspViolations ?? [])
          .catch(() => [] as string[]);
        violations.push(...reported);
      }
      if (violations.length > 0)
        await testInfo.attach('csp-violations', { body: violations.join('\n') });
      expect(violations, 'Content-Security-Policy violations and policy errors').toEqual([]);
    },
    { auto: true },
  ],
});
