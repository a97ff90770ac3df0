/**
 * Issue 50 in the browser, in both markets at phone size: a borrower given a coupon sees it on the
 * coupon list (reached from main and settings), chooses it on pay-way, which shows the
 * amount before and after, and repays by card: the ledger posts the server's discount. Axe-clean,
 * and both pages fit 360 px.
 */
import { OrderStatus } from '@kilat/contract';
import type { Page } from '@playwright/test';
import couponsIN from '../../apps/web/src/features/coupons/texts/en-IN.js';
import couponsID from '../../apps/web/src/features/coupons/texts/id-ID.js';
import couponChoiceIN from '../../apps/web/src/shared/coupons/texts/en-IN.js';
import couponChoiceID from '../../apps/web/src/shared/coupons/texts/id-ID.js';
import { appUrl, callAs, expect, expectAccessible, sessionParams, test } from '../fixtures.js';
import { detailOf, money, openPayWay, orderIn, repaymentWay, ui } from './pay-way-helpers.js';
import { freshBorrower, latestSmsCode } from './repayment-helpers.js';

const words = {
  IN: { coupons: couponsIN, title: /^₹100\.00 off fees and interest$/, settings: 'My coupons', main: 'Coupons', pay: ui.IN },
  ID: { coupons: couponsID, title: /^Potongan Rp\s?1\.000,00 dari biaya dan bunga$/, settings: 'Kupon saya', main: 'Kupon', pay: ui.ID },
} as const;

const couponChoiceTexts = { IN: couponChoiceIN, ID: couponChoiceID } as const;

const expectFits360 = async (page: Page) => {
  await page.setViewportSize({ width: 360, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 390, height: 844 });
};

for (const market of ['IN', 'ID'] as const) {
  const w = words[market];
  test(`${market}: a borrower sees their coupon, chooses it on pay-way and repays the loan with it`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const borrower = await freshBorrower(request, market);
    // ₹100 / Rp1.000 off the fee and interest
    const value = market === 'IN' ? 10_000 : 100_000;
    const given = await request.post(`/dev/borrowers/${borrower.userId}/coupons`, { data: { kind: 'amount_off', value } });
    expect(given.ok(), await given.text()).toBe(true);

    // reached from main, below the loan
    await page.goto(appUrl('/main', sessionParams(borrower, {})));
    await page.getByRole('main').getByRole('link', { name: w.main, exact: true }).click();
    await expect(page).toHaveURL(/\/coupons(\?|$)/);
    // and from settings
    await page.goto(appUrl('/setting', sessionParams(borrower, {})));
    await page.getByRole('link', { name: w.settings }).click();
    await expect(page).toHaveURL(/\/coupons(\?|$)/);
    await expect(page.getByRole('heading', { level: 1, name: w.coupons.title })).toBeVisible();
    const usable = page.getByRole('region', { name: new RegExp(`^${w.coupons.usable} \\(1\\)$`) });
    await expect(usable.getByText(w.title)).toBeVisible();
    await expectAccessible(page);
    await expectFits360(page);

    // the loan of 91 days on day 50: what closing it costs today, less the coupon
    const order = orderIn(borrower, OrderStatus.Disbursed);
    const way = await repaymentWay(request, borrower, order.orderId);
    const t = couponChoiceTexts[market];
    await openPayWay(page, borrower, order, way.amount);
    // the radio reads the coupon's title, then what it takes off
    const coupon = page.getByRole('radio', { name: new RegExp(w.title.source.replace(/\$$/, '')) });
    await coupon.check();
    await expect(detailOf(page, t.amountBefore)).toHaveText(money(way.amount, market));
    await expect(detailOf(page, t.couponDiscount)).toHaveText(`−${money(value, market)}`);
    await expect(detailOf(page, t.amountAfter)).toHaveText(money(way.amount - value, market));
    await expectAccessible(page);
    await expectFits360(page);

    const card = way.bankCards[0]!;
    await page.getByRole('radio', { name: `${card.bankName} ${card.cardNo}` }).check();
    await page.getByRole('button', { name: w.pay.pay }).click();
    const dialog = page.getByRole('dialog', { name: w.pay.verify });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(w.pay.code).fill(await latestSmsCode(request, borrower.phone));
    await dialog.getByRole('button', { name: w.pay.confirm }).click();
    await expect(page).toHaveURL(/#\/payResult/);

    // the ledger took the server's discount off before the repayment of what was charged
    const ledger = (await (await request.get(`/dev/orders/${order.orderId}/ledger`)).json()) as {
      rows: { kind: string; amountMinor: number }[];
    };
    expect(ledger.rows.filter((row) => row.kind === 'coupon_discount').map((row) => row.amountMinor)).toEqual([value]);
    expect(ledger.rows.filter((row) => row.kind === 'repayment').map((row) => row.amountMinor)).toEqual([way.amount - value]);
    const list = await callAs<{ list: { status: string }[] }>(request, borrower, 'coupons', {});
    expect(list.list.map((entry) => entry.status)).toEqual(['used']);
  });
}
