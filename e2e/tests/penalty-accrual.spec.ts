import { OrderStatus } from '@kilat/contract';
/** Issue 12 in the browser: loan details follow the money as days pass — penalties that grow, a prepayment quote before the due date. */
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { freshBorrower } from './repayment-helpers.js';

const OVERDUE = OrderStatus.Overdue;
const DISBURSED = OrderStatus.Disbursed;

const cases = [
  { market: 'IN', penalty: 'Late penalty', amount: 'Loan amount', due: 'Amount due', payoff: 'To close the loan today', dailyBps: 500 },
  {
    market: 'ID',
    penalty: 'Denda keterlambatan',
    amount: 'Jumlah pinjaman',
    due: 'Jumlah terutang',
    payoff: 'Untuk melunasi hari ini',
    dailyBps: 10,
  },
] as const;

/** Minor units from a shown amount: '₹1,234.50' and 'Rp 1.234,50' both carry two decimals. */
const minorOf = (shown: string) => Number(shown.replace(/\D/g, ''));

test.describe('penalties and prepayment on loan details', () => {
  for (const c of cases) {
    test(`shows the penalty growing day by day on an overdue loan and a prepayment quote before the due date (${c.market})`, async ({
      page,
      request,
    }) => {
      const borrower = await freshBorrower(request, c.market);
      const orders = (borrower as unknown as { orders: { orderId: string; productId: string; status: number }[] }).orders;
      const overdue = orders.find((order) => order.status === OVERDUE)!;
      const row = (label: string) => page.locator(`dt:text-is("${label}") + dd`);

      await page.goto(appUrl('/loanDetails', pageParams(borrower, overdue)));
      const penaltyBefore = minorOf((await row(c.penalty).textContent()) ?? '');
      const principal = minorOf((await row(c.amount).textContent()) ?? '');
      expect(penaltyBefore).toBeGreaterThan(0);

      // a day passes for this loan: its dates move back one day and the accrual runs, as the daily job would
      const aged = await request.post(`/dev/orders/${overdue.orderId}/age`, { data: { days: 1 } });
      expect(aged.ok(), await aged.text()).toBe(true);
      await page.reload();
      await expect(row(c.penalty)).not.toHaveText(/^$/);
      const penaltyAfter = minorOf((await row(c.penalty).textContent()) ?? '');
      // one more overdue day on the whole principal: 5 % a day in India (days 1–30), 0.1 % in Indonesia
      expect(penaltyAfter - penaltyBefore).toBe(Math.floor((principal * c.dailyBps) / 10_000));
      await expectAccessible(page);

      // disbursed, past half the term, before the due window: closing today costs less than the whole schedule
      const disbursed = orders.find((order) => order.status === DISBURSED)!;
      await page.goto(appUrl('/loanDetails', pageParams(borrower, disbursed)));
      await expect(row(c.payoff)).toBeVisible();
      const payoff = minorOf((await row(c.payoff).textContent()) ?? '');
      const due = minorOf((await row(c.due).textContent()) ?? '');
      expect(payoff).toBeGreaterThan(principal - 1);
      expect(payoff).toBeLessThan(due);
    });
  }
});
