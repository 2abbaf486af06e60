import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER } from './global-setup';

/**
 * Signs the page's browser context in through POST /api/login (the context's request shares its
 * cookies), for journeys that start after sign-in; the form itself is e2e/auth-flows' subject.
 * `origin` another server than the suite's (e2e/support/extra-server.ts).
 */
export async function signInByApi(
  page: Page,
  username: string = ADMIN_USER,
  password: string = ADMIN_PASSWORD,
  origin = process.env.E2E_BASE_URL ?? '',
): Promise<void> {
  await page.request.get(`${origin}/api/settings/public`);
  const cookies = await page.context().cookies(origin);
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const answer = await page.request.post(`${origin}/api/login`, {
    data: { username, password },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  await page.goto(`${origin}/`);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
}
