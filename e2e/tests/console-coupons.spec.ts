/**
 * Issue 50's Coupons screen at desktop size: a supervisor creates a campaign, sees it with its
 * cost and effect, pauses and resumes it; the screen passes axe.
 */
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { expect, expectAccessible, test } from '../fixtures.js';

test("a supervisor's coupon campaign: created, listed with its figures, paused and resumed", async ({ browser, baseURL, request }) => {
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'supervisor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Coupons', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await expectAccessible(page);

  const name = `Rs 50 off ${Date.now()}`;
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Value (money, percent or days)').fill('50');
  await form.getByLabel('Budget').fill('10000');
  await form.getByRole('button', { name: 'Create campaign' }).click();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Amount off fees and interest: 50.00');
  await expect(row).toContainText('10000.00');
  await row.getByRole('button', { name: `Pause ${name}` }).click();
  await expect(row.getByRole('button', { name: `Resume ${name}` })).toBeVisible();
  await row.getByRole('button', { name: `Resume ${name}` }).click();
  await expect(row.getByRole('button', { name: `Pause ${name}` })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
