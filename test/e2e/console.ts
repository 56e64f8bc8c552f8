// Gestures in the operator console shared by journeys.
import type { Page } from 'playwright-core';

/** The operator records a deposit for `company` in the console's Funds tab (docs/product.md §Money). */
export async function recordDeposit(page: Page, company: string, amount: string, reference: string): Promise<void> {
  await page.getByRole('tab', { name: 'Funds', exact: true }).click();
  await page.getByRole('button', { name: `Record deposit for ${company}` }).click();
  const dialog = page.getByRole('dialog', { name: `Record a deposit for ${company}` });
  await dialog.getByLabel('Amount received').fill(amount);
  await dialog.getByLabel('Reference').fill(reference);
  await dialog.getByRole('button', { name: 'Record deposit' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(`recorded for ${company}.`).waitFor();
}
