/**
 * Issue 50, decision 271, in the browser at phone size: a borrower chooses a coupon on the
 * installments page, which shows the amount before and after, and repays with it — in Indonesia by
 * virtual account (through the method chooser to the code page, whose total is the amount less the
 * coupon), in India through pay-way to Pay by UPI. The ledger posts the server's discount once.
 * Axe-clean, and the pages fit 360 px.
 */
import { interpolate, type Market, OrderStatus } from '@kilat/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import installmentsIN from '../../apps/web/src/features/repayment/installments/texts/en-IN.js';
import installmentsID from '../../apps/web/src/features/repayment/installments/texts/id-ID.js';
import payWayIN from '../../apps/web/src/features/repayment/pay-way/texts/en-IN.js';
import upiIN from '../../apps/web/src/features/repayment/upi-payment/texts/en-IN.js';
import vaID from '../../apps/web/src/features/repayment/virtual-account/texts/id-ID.js';
import couponIN from '../../apps/web/src/shared/coupons/texts/en-IN.js';
import couponID from '../../apps/web/src/shared/coupons/texts/id-ID.js';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { detailOf, money, orderIn } from './pay-way-helpers.js';
import { type FreshBorrower, freshBorrower, payCodeInSandbox } from './repayment-helpers.js';

interface Period {
  periodNo: number;
  amount: string;
  totalAmount: number;
}
interface Plan {
  repayPlanDetail: { repayWaitDetail: Period[] };
}

const texts = {
  IN: { installments: installmentsIN, coupon: couponIN, title: /₹10\.00 off fees and interest/ },
  ID: { installments: installmentsID, coupon: couponID, title: /Potongan Rp\s?1\.000,00 dari biaya dan bunga/ },
} as const;
/** ₹10 / Rp1.000 off the fee and interest: less than any period's interest */
const VALUE = { IN: 1_000, ID: 100_000 } as const;

const expectFits360 = async (page: Page) => {
  await page.setViewportSize({ width: 360, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 390, height: 844 });
};

const ledgerOf = async (request: APIRequestContext, orderId: string) =>
  ((await (await request.get(`/dev/orders/${orderId}/ledger`)).json()) as { rows: { kind: string; amountMinor: number }[] }).rows;

/** A borrower with a coupon, on the installments page of a loan part paid, the first pending period ticked and the coupon chosen. */
const chooseOnInstallments = async (page: Page, request: APIRequestContext, market: Market) => {
  const t = texts[market];
  const borrower: FreshBorrower = await freshBorrower(request, market);
  const given = await request.post(`/dev/borrowers/${borrower.userId}/coupons`, { data: { kind: 'amount_off', value: VALUE[market] } });
  expect(given.ok(), await given.text()).toBe(true);
  const order = orderIn(borrower, OrderStatus.InstallmentPartlyPaid);
  const first = (await callAs<Plan>(request, borrower, 'installmentPlan', order)).repayPlanDetail.repayWaitDetail[0]!;

  await page.goto(appUrl('/repay', pageParams(borrower, order)));
  await page.getByRole('checkbox', { name: `${interpolate(t.installments.period, { n: first.periodNo })} ${first.amount}` }).check();
  const choice = page.getByRole('group', { name: t.coupon.coupons });
  await choice.getByRole('radio', { name: t.title }).check();
  await expect(detailOf(page, t.coupon.amountBefore)).toHaveText(money(first.totalAmount, market));
  await expect(detailOf(page, t.coupon.couponDiscount)).toHaveText(`−${money(VALUE[market], market)}`);
  await expect(detailOf(page, t.coupon.amountAfter)).toHaveText(money(first.totalAmount - VALUE[market], market));
  await expectAccessible(page);
  await expectFits360(page);
  await page.getByRole('button', { name: t.installments.payNow }).click();
  return { borrower, order, amount: first.totalAmount };
};

test.describe('repaying with a coupon chosen on the installments page', () => {
  test('ID: by virtual account — the code collects the amount less the coupon, and paying it posts the discount', async ({
    page,
    request,
  }) => {
    test.slow();
    const { order, amount } = await chooseOnInstallments(page, request, 'ID');
    // no saved choice yet: the method chooser, with the coupon carried in the address
    await expect(page).toHaveURL(/\/individual\?.*couponId=CP/);
    await page.getByRole('radio', { name: 'Bank', exact: true }).check();
    await page.getByRole('radio', { name: 'BCA', exact: true }).check();
    await page.getByRole('radio', { name: 'ATM', exact: true }).check();
    await page.getByRole('button', { name: 'Simpan' }).click();

    await expect(page).toHaveURL(/\/that\?.*couponId=CP/);
    const box = page.getByRole('textbox', { name: vaID.virtualAccount, exact: true });
    await expect(box).toHaveValue(/^\d{10,}$/);
    await expect(detailOf(page, vaID.total)).toHaveText(money(amount - VALUE.ID, 'ID'));
    // the code page shows the coupon it holds, with the amount before and after
    await expect(page.getByRole('group', { name: couponID.coupons }).getByRole('radio', { name: texts.ID.title })).toBeChecked();
    await expect(detailOf(page, couponID.amountBefore)).toHaveText(money(amount, 'ID'));
    await expect(detailOf(page, couponID.amountAfter)).toHaveText(money(amount - VALUE.ID, 'ID'));
    await expectAccessible(page);
    await expectFits360(page);

    await payCodeInSandbox(request, await box.inputValue());
    const rows = await ledgerOf(request, order.orderId);
    expect(rows.filter((row) => row.kind === 'coupon_discount').map((row) => row.amountMinor)).toEqual([VALUE.ID]);
    expect(rows.filter((row) => row.kind === 'repayment').at(-1)?.amountMinor).toBe(amount - VALUE.ID);
  });

  test('IN: through pay-way to Pay by UPI — the code is for the amount less the coupon, and paying it posts the discount', async ({
    page,
    request,
  }) => {
    test.slow();
    const { borrower, order, amount } = await chooseOnInstallments(page, request, 'IN');
    // pay-way opens with the coupon chosen on installments
    await expect(page).toHaveURL(/\/payway\?.*couponId=CP/);
    await expect(page.getByRole('group', { name: couponIN.coupons }).getByRole('radio', { name: texts.IN.title })).toBeChecked();
    await expect(detailOf(page, couponIN.amountAfter)).toHaveText(money(amount - VALUE.IN, 'IN'));
    await page.getByRole('link', { name: payWayIN.upi }).click();

    await expect(page.getByRole('heading', { level: 1, name: upiIN.title })).toBeVisible();
    await expect(page.getByRole('group', { name: couponIN.coupons }).getByRole('radio', { name: texts.IN.title })).toBeChecked();
    await expect(detailOf(page, couponIN.amountAfter)).toHaveText(money(amount - VALUE.IN, 'IN'));
    await expectAccessible(page);
    await page.getByRole('button', { name: upiIN.start }).click();
    await expect(page.getByText(upiIN.expires.split('{time}')[0]!)).toBeVisible();
    // the code collects the amount less the server's discount
    await expect(page.getByText(money(amount - VALUE.IN, 'IN'), { exact: true }).first()).toBeVisible();
    const intent = new URL((await page.getByRole('link', { name: upiIN.openApp }).getAttribute('href'))!);
    expect(intent.searchParams.get('am')).toBe(((amount - VALUE.IN) / 100).toFixed(2));
    await expectFits360(page);

    // the borrower's UPI app pays it (the sandbox, from a payer that succeeds)
    const paid = await request.post('/dev/payments/pay', { data: { vcode: intent.toString(), payer: 'success@razorpay' } });
    expect(paid.ok(), await paid.text()).toBe(true);
    const rows = await ledgerOf(request, order.orderId);
    expect(rows.filter((row) => row.kind === 'coupon_discount').map((row) => row.amountMinor)).toEqual([VALUE.IN]);
    const list = await callAs<{ list: { status: string }[] }>(request, borrower, 'coupons', {});
    expect(list.list.map((entry) => entry.status)).toEqual(['used']);
  });
});
