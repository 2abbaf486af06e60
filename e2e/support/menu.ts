import type { Page } from '@playwright/test';
import { animationsSettled } from './animations';

/**
 * Clicks a menu entry once the menu has finished opening. While the entrance animation runs the
 * entry is not "stable", and Playwright retries the click with other scroll alignments; one of
 * them scrolls the entry to the top of the window, the menu is placed again on that scroll, and
 * the entry moves away between the press and the release: the click lands on the page instead.
 */
export async function chooseMenuItem(
  page: Page,
  name: string | RegExp,
  role: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox' = 'menuitem',
): Promise<void> {
  const item = page.getByRole(role, { name });
  await page.getByRole('menu').filter({ has: item }).evaluate(animationsSettled);
  await item.click();
}
