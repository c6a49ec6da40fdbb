import type { Locator, Page } from '@playwright/test';
import { expect } from './test.js';

/**
 * Types a capture into quick capture's field, checks what it says it recognised, saves it with
 * Enter and answers what the server created (once the field has cleared for the next one).
 */
export async function captureText<T>(
  page: Page,
  field: Locator,
  text: string,
  recognised: RegExp,
): Promise<T> {
  await field.pressSequentially(text);
  await expect(field).toHaveAccessibleDescription(recognised);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/items/quick-capture') && response.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const response = await saved;
  expect(response.status()).toBe(201);
  await expect(field).toHaveValue('');
  return (await response.json()) as T;
}
