/**
 * Issue 50's Coupons screen at desktop size: a supervisor creates a campaign, sees it with its
 * cost and effect, pauses and resumes it; issues a list campaign to an uploaded CSV and finds it in
 * the issues and the per-day figures and their CSV (decision 254); the screen passes axe.
 */
import { readFile } from 'node:fs/promises';
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

test('a supervisor issues a list campaign to an uploaded CSV and sees it in the issues and the per-day figures', async ({
  browser,
  baseURL,
  request,
}) => {
  const borrower = (await (await request.get('/dev/session?market=IN&fresh=1')).json()) as { phone: string; userId: string };
  const context = await desktopContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, await demoOperator(request, 'supervisor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Coupons', exact: true }).click();

  const name = `Listed ${Date.now()}`;
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Value (money, percent or days)').fill('50');
  await form.getByLabel('Budget').fill('10000');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(
    page
      .getByRole('table', { name: /campaigns, newest first/ })
      .getByRole('row')
      .filter({ hasText: name }),
  ).toBeVisible();

  const issue = page.getByRole('form', { name: 'Issue coupons' });
  await issue.getByLabel('Campaign').selectOption({ label: `${name} · India · uploaded list` });
  await issue.getByLabel('Borrower list (CSV with a phone or borrowerId column)').setInputFiles({
    name: 'borrowers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`phone,borrowerId\r\n${borrower.phone},\r\n,${borrower.userId}\r\n`),
  });
  await issue.getByLabel('Reason').fill('Loyal borrowers');
  await issue.getByRole('button', { name: 'Issue coupons' }).click();
  // one borrower named twice: one coupon; Rs 50 is under the threshold, so no second operator
  await expect(issue.getByRole('status')).toHaveText('Issued 1 coupons to 1 borrowers.');

  const issued = page
    .getByRole('table', { name: /Coupon issues · India/ })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(issued).toContainText('Approved');
  await expect(issued).toContainText('Loyal borrowers');
  const day = page
    .getByRole('table', { name: /Per campaign and day/ })
    .getByRole('row')
    .filter({ hasText: name });
  // Campaign, Issued, Used, Expired, Discounted after the date's row header
  await expect(day.getByRole('cell').nth(1)).toHaveText('1');
  await expect(day.getByRole('cell').nth(2)).toHaveText('0');
  await expect(
    page
      .getByRole('table', { name: /campaigns, newest first/ })
      .getByRole('row')
      .filter({ hasText: name }),
  ).toContainText('Uploaded list');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download figures CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv).toContain(`,${name},1,0,0,0.00`);
  await expectAccessible(page);
  await context.close();
});
