/**
 * Issue 30 items 2 and 3 in the browser: what the repay page asks is what pay-way accepts (ticking
 * every period of a loan that may be closed today asks what closing it costs), and an instalment
 * loan shows its next instalment and its date, and lets it be paid any time before it falls due.
 */
import { formatMoney, type Market, OrderStatus } from '@kilat/contract';
import type { APIRequestContext } from '@playwright/test';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { type LoanDetails, pageParams } from './loan-orders.js';
import { type FreshBorrower, freshBorrower } from './repayment-helpers.js';

interface Period {
  periodNo: number;
  totalAmount: number;
  canClick: number;
  amount: string;
  dueTime: string;
}
interface Plan {
  repayPlanDetail: { repayWaitDetail: Period[] };
  note: string;
}

const planOf = (request: APIRequestContext, borrower: FreshBorrower, order: { orderId: string; productId: string }) =>
  callAs<Plan>(request, borrower, 'installmentPlan', { productId: order.productId, orderId: order.orderId });

/** What repayment-way takes for the order today, with an amount: answers only when it accepts it. */
const repaymentWay = (request: APIRequestContext, borrower: FreshBorrower, orderId: string, amount?: number) =>
  callAs<{ amount: number }>(request, borrower, 'repaymentWay', {
    orderId,
    purpose: 'repay',
    ...(amount === undefined ? {} : { amount: String(amount) }),
  });

test.describe('what the repay page asks is what pay-way takes', () => {
  test('an instalment loan past half its term: select all asks what closing it costs, and pay-way takes it (IN)', async ({
    page,
    request,
  }) => {
    const borrower = await freshBorrower(request, 'IN');
    // day 95 of 180, period 1 paid: prepayment has opened, periods 2 and 3 are not due yet
    const order = borrower.orders.find((entry) => entry.status === OrderStatus.InstallmentPartlyPaid)!;
    const closing = (await repaymentWay(request, borrower, order.orderId)).amount;
    const pending = (await planOf(request, borrower, order)).repayPlanDetail.repayWaitDetail;
    expect(pending.length).toBeGreaterThan(1);

    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    await expect(page.getByText(`select all to close the loan today for ${formatMoney(closing, 'IN')}`)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(page.locator('output')).toHaveText(formatMoney(closing, 'IN'));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(new RegExp(`withholdingAmount=${closing}&`));
    // pay-way's own check takes the amount (it refused "more than is owed" before)
    expect((await repaymentWay(request, borrower, order.orderId, closing)).amount).toBe(closing);
    await expect(page.getByText(/more than is owed/)).toHaveCount(0);
  });

  test('a single-payment loan before its due window, prepayment open: its period asks the payoff (IN)', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'IN');
    // the fresh borrower's 170 order on day 50 of 91
    const order = borrower.orders.find((entry) => entry.status === OrderStatus.Disbursed && !entry.orderNo.endsWith('11'))!;
    const closing = (await repaymentWay(request, borrower, order.orderId)).amount;
    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    // one payment is no instalment plan (issue 30 item 9): its amount is asked as it is, nothing to tick
    await expect(page.getByRole('heading', { level: 1, name: 'Loan repayment' })).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.locator('output')).toHaveText(formatMoney(closing, 'IN'));
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    expect((await repaymentWay(request, borrower, order.orderId, closing)).amount).toBe(closing);
  });
});

test.describe('an instalment loan reads as instalments', () => {
  test('a new Kilat Cicil loan asks its first instalment by its date, payable now, on loan details, the main screen and the repay page (ID)', async ({
    page,
    request,
  }) => {
    // a borrower with one loan open, so the new loan fits the limit (issue 29: other open loans count against it)
    const borrower = (await (await request.get('/dev/session?market=ID&fresh=due')).json()) as FreshBorrower;
    const products = await callAs<{ list: { productId: string }[] }>(request, borrower, 'loanProducts');
    // the market's instalment product (Kilat Cicil, sorted second)
    const productId = products.list[1]!.productId;
    // where the loan is sent (issue 28): a sandbox BCA account in the fresh borrower's name
    await callAs(request, borrower, 'disbursalAccountSave', {
      kind: 'bank',
      holderName: 'Siti Rahayu',
      channelCode: 'ID_BCA',
      accountNumber: '1234567890',
    });
    const offer = await callAs<{ amount: number; periods: number; repay_plans: { amount: number }[] }>(request, borrower, 'loanConfirm', {
      productId,
    });
    expect(offer.repay_plans.length).toBe(3);
    const { lendDetailsUrl } = await callAs<{ lendDetailsUrl: string }>(request, borrower, 'loanPush', {
      productId,
      amount: String(offer.amount),
      periods: String(offer.periods),
      termUnit: '1',
    });
    const orderId = new URL(lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
    // decided yesterday, then the payout job sends the money (the sandbox pays at once): instalment 1 falls due in about 60 days
    expect((await request.post(`/dev/orders/${orderId}/age`, { form: { days: '1' } })).ok()).toBe(true);
    expect((await request.post('/dev/jobs/payouts/run')).ok()).toBe(true);
    const order = { orderId, productId };

    const first = (await planOf(request, borrower, order)).repayPlanDetail.repayWaitDetail[0]!;
    expect(first.totalAmount).toBe(offer.repay_plans[0]!.amount);
    expect(first.canClick).toBe(1);
    const details = await callAs<LoanDetails>(request, borrower, 'loanDetails', order);
    expect(details.orderStatus).toBe(OrderStatus.Disbursed);
    expect(details.noticeDesText).toContain(formatMoney(first.totalAmount, 'ID' as Market));
    expect(details.noticeDesText).toContain(first.dueTime);
    const mine = await callAs<{ list: { orderId: string; amountDue: number }[] }>(request, borrower, 'myOrders');
    expect(mine.list.find((entry) => entry.orderId === orderId)!.amountDue).toBe(first.totalAmount);

    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    const period = page.getByRole('checkbox', { name: `Periode 1 ${formatMoney(first.totalAmount, 'ID')}` });
    await expect(period).toBeEnabled();
    await period.check();
    await expect(page.locator('output')).toHaveText(formatMoney(first.totalAmount, 'ID'));
    await expect(page.getByText(/Pelunasan lebih awal dapat dilakukan mulai/)).toHaveCount(0);
    await expectAccessible(page);
    expect((await repaymentWay(request, borrower, orderId, first.totalAmount)).amount).toBeGreaterThanOrEqual(first.totalAmount);
  });
});
