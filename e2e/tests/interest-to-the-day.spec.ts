/**
 * Issue 30 item 4 in the browser: interest accrues by the day (DESIGN §4). A loan in its due window
 * (174) asks, on its repay page, the principal, the fee and the interest to today — not the
 * interest of the days up to the due date it was not held — and paying that closes it.
 */
import { formatMoney, type Market, OrderStatus } from '@kilat/contract';
import type { APIRequestContext } from '@playwright/test';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { type LoanDetails, pageParams } from './loan-orders.js';
import { freshBorrower, repayInFull } from './repayment-helpers.js';

const cases = [
  {
    market: 'IN',
    zone: 'Asia/Kolkata',
    labels: { amount: 'Loan amount', term: 'Loan term', rate: 'Interest rate', date: 'Repayment date', due: 'Amount due' },
    payNow: 'Pay now',
  },
  {
    market: 'ID',
    zone: 'Asia/Jakarta',
    labels: {
      amount: 'Jumlah pinjaman',
      term: 'Jangka waktu pinjaman',
      rate: 'Suku bunga',
      date: 'Tanggal pembayaran',
      due: 'Jumlah terutang',
    },
    payNow: 'Bayar sekarang',
  },
] as const;

/** Minor units of an amount as the pages show it: both markets write two decimals. */
const minorOf = (shown: string) => Number(shown.replace(/\D/g, ''));
const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

const ledgerOf = async (request: APIRequestContext, orderId: string) =>
  (await (await request.get(`/dev/orders/${orderId}/ledger`)).json()) as {
    status: number;
    rows: { kind: string; amountMinor: number }[];
    scheduledMinor: number;
  };

test.describe('interest to the day in the due window', () => {
  for (const c of cases) {
    test(`a loan due in a few days asks principal + fee + interest to today, and paying that closes it (${c.market})`, async ({
      page,
      request,
    }) => {
      const borrower = await freshBorrower(request, c.market);
      const order = borrower.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
      expect(order).toBeTruthy();
      const details = await callAs<LoanDetails>(request, borrower, 'loanDetails', { productId: order.productId, orderId: order.orderId });
      const row = (text: string) => {
        const found = details.userOrderDetail.detail.find((entry) => entry.text === text);
        expect(found, `loan details row "${text}"`).toBeTruthy();
        return found!.value;
      };
      // the loan as loan details states it: the whole schedule falls due on the repayment date; the schedule's amount from the ledger
      const principal = minorOf(row(c.labels.amount));
      const termDays = Number(row(c.labels.term).replace(/\D/g, ''));
      const dailyBps = Math.round(Number.parseFloat(row(c.labels.rate).replace(',', '.')) * 100);
      const dueDate = row(c.labels.date);
      const scheduled = (await ledgerOf(request, order.orderId)).scheduledMinor;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: c.zone }).format(new Date());
      const daysLeft = daysBetween(today, dueDate);
      // in the due window, not yet due: some days of the term are not yet held
      expect(daysLeft).toBeGreaterThan(0);
      expect(daysLeft).toBeLessThanOrEqual(3);
      const interestOf = (days: number) => Math.floor((principal * dailyBps * days) / 10_000);
      const fee = scheduled - principal - interestOf(termDays);
      expect(fee).toBeGreaterThan(0);
      const toTheDay = principal + fee + interestOf(termDays - daysLeft);
      expect(toTheDay).toBeLessThan(scheduled);
      // loan details' 'Amount due' is what is owed today, not the schedule's amount (issue 30)
      expect(minorOf(row(c.labels.due))).toBe(toTheDay);

      await page.goto(appUrl('/repay', pageParams(borrower, order)));
      // a loan paid in one go asks its one amount, nothing to tick (issue 30 item 9)
      await expect(page.getByRole('listitem').filter({ hasText: formatMoney(toTheDay, c.market as Market) })).toBeVisible();
      await expect(page.locator('output')).toHaveText(formatMoney(toTheDay, c.market as Market));
      await expect(page.getByRole('button', { name: c.payNow })).toBeEnabled();
      await expectAccessible(page);

      // what the page asks is what the repayment takes, and it closes the loan: the days not held are waived
      await repayInFull(request, borrower, order, toTheDay);
      await expect.poll(async () => (await ledgerOf(request, order.orderId)).status).toBe(OrderStatus.Settled);
      const rows = (await ledgerOf(request, order.orderId)).rows;
      expect(rows).toContainEqual({ kind: 'interest_waiver', amountMinor: scheduled - toTheDay });
      expect(rows).toContainEqual({ kind: 'repayment', amountMinor: toTheDay });
    });
  }
});
