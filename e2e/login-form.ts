/**
 * The login form, for the browser tests and for the scripts that drive Chromium themselves
 * (scripts/bench.ts, scripts/screenshot.ts): only playwright-core's Page, no test runner.
 */
import type { Page } from 'playwright-core';

/**
 * Fills and submits the login form of the current page (French or English labels); `identifier` is
 * an e-mail or a mobile phone number.
 */
export async function submitLogin(page: Page, identifier: string, password: string): Promise<void> {
  await page
    .getByRole('textbox', { name: /^(Courriel ou cellulaire|Email or mobile phone)$/ })
    .fill(identifier);
  await page
    .getByLabel(/^(Mot de passe|Password)$/)
    .and(page.locator('input'))
    .fill(password);
  await page.getByRole('button', { name: /^(Se connecter|Sign in)$/ }).click();
}
