import { expect, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER } from './global-setup';
import { signInByApi } from './sign-in-by-api';

export interface SignInOptions {
  /**
   * Wait until the service worker controls the page. Only specs that allow workers (the
   * config blocks them elsewhere) and need one (offline, updates) ask for it.
   */
  worker?: boolean;
}

/**
 * Signs in and lands on the home page. Through POST /api/login, not the form: the form is
 * e2e/auth-flows' subject, and a second page load per test cost the suite minutes under load.
 */
export async function signIn(
  page: Page,
  username: string = ADMIN_USER,
  password: string = ADMIN_PASSWORD,
  { worker = false }: SignInOptions = {},
): Promise<void> {
  await signInByApi(page, username, password);
  await expect(page).toHaveURL(/\/$/);
  if (worker) await page.waitForFunction(() => navigator.serviceWorker?.controller != null);
}
