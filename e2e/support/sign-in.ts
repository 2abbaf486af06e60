import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER } from './global-setup';

export interface SignInOptions {
  /** Wait until the service worker controls the page (offline and player tests need it). */
  worker?: boolean;
}

/** Signs in through the login form, as a person would, and lands on the home page. */
export async function signIn(
  page: Page,
  username: string = ADMIN_USER,
  password: string = ADMIN_PASSWORD,
  { worker = true }: SignInOptions = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(/\/$/);
  if (worker) await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
}
