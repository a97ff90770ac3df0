import { OrderStatus } from '@kilat/contract';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { demoOrders, pageParams } from './loan-orders.js';

interface Period {
  periodNo: number;
  totalAmount: number;
  canClick: number;
  amount: string;
}
interface Plan {
  repayPlanDetail: { repayWaitDetail: Period[]; repayYetDetail: Period[] };
}

const money = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(minor / 100);

test.describe('installment repayment', () => {
  test('only the first pending period is clickable; select-all toggles all versus the first; the total sums the checked; paid periods fold', async ({
    page,
    request,
    demo,
  }) => {
    const session = await demo('IN');
    const order = (await demoOrders(request, session)).get(OrderStatus.InstallmentPartlyPaid)!;
    const plan = await callAs<Plan>(request, session, 'installmentPlan', { productId: order.productId, orderId: order.orderId });
    const pending = plan.repayPlanDetail.repayWaitDetail;
    expect(pending.length).toBeGreaterThan(1);
    expect(pending[0]!.canClick).toBe(1);

    await page.goto(appUrl('/repay', pageParams(session, order)));
    await expect(page.getByRole('heading', { level: 1, name: 'Installment repayment' })).toBeVisible();
    const boxes = pending.map((period) => page.getByRole('checkbox', { name: `Period ${period.periodNo} ${period.amount}` }));
    const total = page.locator('output');
    await expect(boxes[0]!).toBeEnabled();
    for (const box of boxes.slice(1)) await expect(box).toBeDisabled();
    await expect(total).toHaveText(money(0));

    // nothing to pay at zero: Pay now is disabled until a period is chosen
    const pay = page.getByRole('button', { name: 'Pay now' });
    await expect(pay).toBeDisabled();

    await boxes[0]!.check();
    await expect(total).toHaveText(money(pending[0]!.totalAmount));

    const selectAll = page.getByRole('checkbox', { name: 'Select all' });
    await selectAll.check();
    for (const box of boxes) await expect(box).toBeChecked();
    const sum = pending.reduce((acc, period) => acc + period.totalAmount, 0);
    await expect(total).toHaveText(money(sum));

    await selectAll.uncheck();
    await expect(boxes[0]!).toBeChecked();
    for (const box of boxes.slice(1)) await expect(box).not.toBeChecked();
    await expect(total).toHaveText(money(pending[0]!.totalAmount));

    // paid periods are folded until opened
    const paid = plan.repayPlanDetail.repayYetDetail;
    expect(paid.length).toBeGreaterThan(0);
    const paidList = page.getByRole('group').filter({ hasText: 'Paid periods' });
    await expect(paidList.getByText(`Period ${paid[0]!.periodNo}`, { exact: true })).toBeHidden();
    await page.getByText(`Paid periods (${paid.length})`).click();
    await expect(paidList.getByText(`Period ${paid[0]!.periodNo}`, { exact: true })).toBeVisible();
    await expectAccessible(page);

    await selectAll.check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    // India hands over to the pay-way screen with the total in minor units (decision 019)
    await expect(page).toHaveURL(
      new RegExp(`/payway\\?orderId=${order.orderId}&productId=${order.productId}&withholdingAmount=${sum}&purpose=repay$`),
    );
  });

  test('speaks Bahasa Indonesia in the Indonesia pack', async ({ page, request, demo }) => {
    const session = await demo('ID');
    const order = (await demoOrders(request, session)).get(OrderStatus.InstallmentPartlyPaid)!;
    await page.goto(appUrl('/repay', pageParams(session, order)));
    await expect(page.getByRole('heading', { level: 1, name: 'Pembayaran cicilan' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Pilih semua' })).toBeEnabled();
    await expectAccessible(page);
  });
});
