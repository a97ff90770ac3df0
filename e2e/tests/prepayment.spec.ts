import { OrderStatus } from '@kilat/contract';
/** Issue 12 in the browser: before the earliest prepayment day, the repay pages say from which date early repayment is possible. */
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { freshBorrower } from './repayment-helpers.js';

const DISBURSED = OrderStatus.Disbursed;

const cases = [
  { market: 'IN', path: '/payway', text: /Early repayment is possible from \d{4}-\d{2}-\d{2}\./ },
  { market: 'ID', path: '/that', text: /Pelunasan lebih awal dapat dilakukan mulai \d{4}-\d{2}-\d{2}\./ },
] as const;

test.describe('early repayment before it opens', () => {
  for (const c of cases) {
    test(`the repay page says from which date a loan 10 days old can be repaid early (${c.market})`, async ({ page, request }) => {
      const borrower = await freshBorrower(request, c.market);
      const orders = (borrower as unknown as { orders: { orderId: string; orderNo: string; productId: string; status: number }[] }).orders;
      // the fresh borrower's 11th order, after one per status: disbursed 10 days ago, nothing due, prepayment from day 46
      const recent = orders.find((order) => order.status === DISBURSED && order.orderNo.endsWith('11'))!;
      expect(recent).toBeTruthy();
      const params = { ...pageParams(borrower, recent), withholdingAmount: 100_000, amount: 100_000, display: 1, purpose: 'repay' };
      await page.goto(appUrl(c.path, params));
      if (c.market === 'ID') {
        // a first payment goes through the method chooser
        await page.getByRole('radio', { name: 'Bank', exact: true }).check();
        await page.getByRole('radio', { name: 'BCA', exact: true }).check();
        await page.getByRole('radio', { name: 'ATM', exact: true }).check();
        await page.getByRole('button', { name: 'Simpan' }).click();
      }
      await expect(page.getByText(c.text).first()).toBeVisible();
      await expectAccessible(page);
    });
  }
});
