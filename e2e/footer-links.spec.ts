import { expect, test } from './support/csp-guard';
import { signIn } from './support/sign-in';

/** Each footer link (the legal pages and contact), the address it opens, and its heading. */
const LINKS = [
  ['Terms of service', '/tos', 'Terms of Service'],
  ['Privacy notice', '/privacy-notice', 'Privacy Notice'],
  ['Cookie policy', '/cookie-policy', 'Cookie Policy'],
  ['Data processing', '/data-processing', 'Data Processing Agreement'],
  ['DMCA', '/dmca', 'Takedown Policy (DMCA)'],
  ['Contact', '/contact', 'Contact'],
] as const;

test.describe('footer', () => {
  test('links to every legal page and contact, and shows the copyright line', async ({ page }) => {
    await signIn(page, undefined, undefined, { worker: false });
    const footer = page.getByTestId('app-footer');
    await expect(footer).toContainText(/© \d{4} Musicbox/);
    const nav = footer.getByRole('navigation', { name: 'Legal' });
    for (const [label, path, heading] of LINKS) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The footer (and its copyright line) stays on the legal pages too.
      await expect(footer).toContainText(/© \d{4} Musicbox/);
    }
  });
});
