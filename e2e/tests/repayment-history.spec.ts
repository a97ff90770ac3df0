/**
 * Issue 17: repayment history and receipts. A borrower repays an overdue loan on the checkout
 * page, opens the receipt from the payment result, finds the repayment in the history (from
 * settings) with how it was applied, opens its receipt, and prints it: the print stylesheet leaves
 * the receipt without its action bar. Both packs, axe, and a 360 px phone.
 */
import { OrderStatus } from '@kilat/contract';
import type { RepaymentReceipt } from '@kilat/contract/schemas';
import type { Page } from '@playwright/test';
import { appUrl, callAs, type DemoMarket, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { expectPaymentResult, money, orderIn, repaymentWay, ui } from './pay-way-helpers.js';
import { freshBorrower } from './repayment-helpers.js';

const packs = {
  IN: {
    setting: 'Settings',
    historyLink: 'Repayment history and receipts',
    history: 'Repayment history',
    receipt: 'Repayment receipt',
    openReceipt: 'Open the receipt to save or share it',
    allocation: 'How this payment was applied',
    components: { penalty: 'Late penalty', fee: 'Fee', interest: 'Interest', principal: 'Principal' },
    remaining: 'Still owed after this payment',
    settled: 'Nothing: the loan was fully repaid',
    savePdf: 'Save as PDF',
    share: 'Share',
    checkoutMethod: 'Secure payment page',
  },
  ID: {
    setting: 'Pengaturan',
    historyLink: 'Riwayat dan bukti pembayaran',
    history: 'Riwayat pembayaran',
    receipt: 'Bukti pembayaran',
    openReceipt: 'Buka bukti pembayaran untuk menyimpan atau membagikannya',
    allocation: 'Penggunaan pembayaran ini',
    components: { penalty: 'Denda keterlambatan', fee: 'Biaya', interest: 'Bunga', principal: 'Pokok' },
    remaining: 'Sisa tagihan setelah pembayaran ini',
    settled: 'Tidak ada: pinjaman sudah lunas',
    savePdf: 'Simpan sebagai PDF',
    share: 'Bagikan',
    checkoutMethod: 'Halaman pembayaran aman',
  },
} as const;

/** Nothing on the page reaches past the screen's right edge (scrollbar excluded), nor makes the page scroll sideways. */
const expectFitsWidth = async (page: Page) => {
  const { scrollWidth, width, out } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    return { scrollWidth: document.documentElement.scrollWidth, width, out };
  });
  expect(out, `past the right edge of ${page.url()}`).toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
};

for (const market of ['IN', 'ID'] as DemoMarket[]) {
  const p = packs[market];
  const c = ui[market];

  test(`${market}: a repayment of an overdue loan shows in the history with its split, and its receipt prints without the action bar`, async ({
    page,
    request,
  }) => {
    test.slow();
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.Overdue);
    const orderNo = borrower.orders.find((entry) => entry.orderId === order.orderId)!.orderNo;
    const way = await repaymentWay(request, borrower, order.orderId);

    // repay the whole overdue loan on the checkout page, as a borrower in a phone browser does
    await page.goto(
      appUrl('/#/alipayrepayment', { ...pageParams(borrower, order), withholdingAmount: way.amount, from: 'payway', purpose: 'repay' }),
    );
    await page.getByRole('button', { name: c.continue }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: c.sandboxPay, exact: true }).click();
    await expectPaymentResult(page, market, order, 'paid');
    const paymentId = new URL(page.url().replace('#/', '')).searchParams.get('paymentId')!;

    // the result screen's receipt opens the full receipt
    await page.getByRole('link', { name: p.openReceipt }).click();
    await expect(page.getByRole('heading', { level: 1, name: p.receipt })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/repaymentReceipt\\?paymentId=${paymentId}$`));

    // settings → history: the repayment with date, amount, method, order and its split
    await page.goto('/setting');
    await expect(page.getByRole('heading', { level: 1, name: p.setting })).toBeVisible();
    await page.getByRole('link', { name: p.historyLink }).click();
    await expect(page.getByRole('heading', { level: 1, name: p.history })).toBeVisible();
    const shown = await callAs<RepaymentReceipt>(request, borrower, 'repaymentReceipt', { paymentId });
    expect(shown.allocation.map((line) => line.component)).toEqual(['penalty', 'fee', 'interest', 'principal']);
    const record = page.getByRole('listitem').filter({ hasText: orderNo });
    await expect(record).toHaveCount(1);
    await expect(record).toContainText(money(way.amount, market));
    await expect(record).toContainText(p.checkoutMethod);
    await expect(record.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2}\u00a0\d{2}:\d{2}:\d{2}$/);
    for (const line of shown.allocation)
      await expect(record).toContainText(`${p.components[line.component as keyof typeof p.components]} ${money(line.amount, market)}`);
    await expectAccessible(page);
    await expectFitsWidth(page);

    // tap → the receipt: its rows, the allocation table and what remained
    await record.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: p.receipt })).toBeVisible();
    const table = page.getByRole('table');
    for (const line of shown.allocation) {
      const row = table.getByRole('row', { name: new RegExp(`^${p.components[line.component as keyof typeof p.components]}\\b`) });
      await expect(row.getByRole('cell')).toHaveText(money(line.amount, market));
    }
    await expect(page.locator('dt', { hasText: p.remaining }).locator('xpath=following-sibling::dd[1]')).toHaveText(p.settled);
    await expect(page.getByText(paymentId, { exact: true })).toBeVisible();
    await expectAccessible(page);
    await expectFitsWidth(page);

    // Save as PDF prints the receipt alone: the action bar and the back button are hidden on paper
    const savePdf = page.getByRole('button', { name: p.savePdf });
    await expect(savePdf).toBeVisible();
    await expect(page.getByRole('button', { name: p.share })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(savePdf).toBeHidden();
    await expect(page.getByRole('button', { name: p.share })).toBeHidden();
    await expect(page.locator('.page-back')).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: p.allocation })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(savePdf).toBeVisible();
  });
}

test('a phone 360 px wide shows the history and the receipt without sideways scrolling', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const borrower = await freshBorrower(request, 'IN');
  const order = orderIn(borrower, OrderStatus.DueSoon);
  const { url } = await callAs<{ url: string }>(request, borrower, 'repaymentCheckout', { orderId: order.orderId, amount: '12345' });
  // paid as the sandbox checkout page's Pay button posts it
  const paid = await request.post(`${new URL(url, 'http://localhost').pathname}/pay`, { form: {} });
  expect(paid.status()).toBeLessThan(400);
  await page.goto(appUrl('/repayments', pageParams(borrower, order)));
  await expect(page.getByRole('heading', { level: 1, name: packs.IN.history })).toBeVisible();
  await expectFitsWidth(page);
  await page.getByRole('listitem').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: packs.IN.receipt })).toBeVisible();
  await expectFitsWidth(page);
});
