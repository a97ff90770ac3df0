/**
 * Issue 31 item 2's follow-up (decision 163): money a borrower sent to Kilat's bank account and an
 * operator recorded against the bank's reference is in the borrower's repayment history like any
 * repayment — its method named in the borrower's language, the amount in the market's format — and
 * has a receipt naming the reference. The operator works at desktop size; the borrower's pages are
 * a 390×844 phone, checked with axe.
 */
import { formatMoney, Market } from '@kilat/contract';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { freshBorrower } from './repayment-helpers.js';

test('an offline repayment an operator recorded shows in the borrower’s repayment history and receipt, in their language', async ({
  request,
  browser,
  baseURL,
  page,
}) => {
  const borrower = await freshBorrower(request, 'IN');
  const overdue = borrower.orders.find((order) => order.status === 180)!;
  const reference = `NEFT${Date.now()}`;

  // the operator records ₹1,250 received on the collection account
  const context = await desktopContext(browser, baseURL);
  const desk = await context.newPage();
  await signInAs(desk, await demoOperator(request, 'supervisor'));
  await desk.goto(`/console/orders/${overdue.orderId}`);
  const offline = desk.getByRole('region', { name: 'Offline repayment' });
  await offline.getByLabel(/^Amount received/).fill('1250');
  await offline.getByLabel('Bank reference').fill(reference);
  await offline.getByLabel('Reason').fill('NEFT to the collection account, seen on the bank statement');
  await offline.getByRole('button', { name: 'Record repayment' }).click();
  await expect(offline.getByRole('status')).toContainText('Recorded ₹1,250.00');
  await context.close();

  // the borrower, on their phone, finds it in the repayment history
  await page.goto(appUrl('/repayments', pageParams(borrower, overdue)));
  await expect(page.getByRole('heading', { level: 1, name: 'Repayment history' })).toBeVisible();
  const amount = formatMoney(125_000, Market.India);
  const record = page.getByRole('listitem').filter({ hasText: 'Bank transfer, recorded by Kilat' });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(amount);
  await expect(record).toContainText(overdue.orderNo);
  // an overdue loan: the one waterfall took the penalty first
  await expect(record).toContainText('Late penalty');
  await expectAccessible(page);
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(width[0]).toBeLessThanOrEqual(width[1]!);

  await record.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Repayment receipt' })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Payment method' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    `Bank transfer, recorded by Kilat · ${reference}`,
  );
  await expect(page.getByRole('region', { name: 'Amount paid' }).getByRole('paragraph')).toHaveText(amount);
  // the value date beside the time Kilat recorded it (issue 47, decision 231)
  await expect(page.locator('dt', { hasText: 'Received by the bank on' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^\d{4}-\d{2}-\d{2}$/,
  );
  await expectAccessible(page);

  // the same page in Bahasa Indonesia names the method in it
  await page.context().addCookies([{ name: 'kilat_lang', value: 'id-ID', url: baseURL! }]);
  await page.goto(appUrl('/repayments', pageParams(borrower, overdue)));
  await expect(page.getByRole('heading', { level: 1, name: 'Riwayat pembayaran' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Transfer bank, dicatat oleh Kilat' })).toHaveCount(1);
  await expectAccessible(page);
});
