/**
 * Issue 17: India's cooling-off exit in the browser. A loan paid out yesterday shows on loan
 * details until when it can be left without penalty and for how much; the exit hands over to the
 * card repayment with that amount, and once paid the loan is closed early.
 */
import { OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { expectPaymentResult } from './pay-way-helpers.js';
import { freshBorrower, latestSmsCode } from './repayment-helpers.js';

test('India: a loan paid out yesterday can be exited from loan details by repaying the principal and the APR of one day', async ({
  page,
  request,
}) => {
  test.slow();
  const borrower = await freshBorrower(request, 'IN');
  const created = await request.post(`/dev/borrowers/${borrower.userId}/orders`, {
    data: { status: OrderStatus.Disbursed, disbursedDaysAgo: 1 },
  });
  expect(created.ok()).toBe(true);
  const order = ((await created.json()) as { data: { orderId: string; productId: string } }).data;

  await page.goto(appUrl('/#/borrowDetail/', pageParams(borrower, order)));
  const exit = page.getByRole('region', { name: 'Cooling-off period' });
  await expect(exit).toBeVisible();
  await expect(exit).toContainText(/Until \d{4}-\d{2}-\d{2} you can exit this loan without any penalty by repaying ₹/);
  const orderRows = page.getByRole('definition');
  await expect(page.getByText(enIN.loanCoolingOffLastDay, { exact: true })).toBeVisible();
  await expect(orderRows.filter({ hasText: '₹' }).first()).toBeVisible();
  await expectAccessible(page);

  await exit.getByRole('button', { name: 'Exit the loan' }).click();
  await expect(page).toHaveURL(/\/payway\?.*withholdingAmount=\d+/);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Pay now' }).click();
  const dialog = page.getByRole('dialog', { name: 'SMS verification' });
  // the dialog opens once the commit answered: its code is on the way to the inbox by then
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Verification code').fill(await latestSmsCode(request, borrower.phone));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expectPaymentResult(page, 'IN', order, 'paid');

  await page.goto(appUrl('/#/borrowDetail/', pageParams(borrower, order)));
  await expect(page.getByRole('heading', { name: enIN.loanNotice4 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cooling-off period' })).toHaveCount(0);
});
