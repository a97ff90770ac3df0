/**
 * India's Pay by UPI (issue 51, decision 240) in the browser: from pay-way, a UPI code for exactly
 * the amount — the intent link on a phone, the QR on a desktop — paid in the sandbox from
 * `/dev/payments` as a UPI app pays it, and the same payment result screen as a card.
 */
import { OrderStatus } from '@kilat/contract';
import type { Browser, Page } from '@playwright/test';
import payWayIN from '../../apps/web/src/features/repayment/pay-way/texts/en-IN.js';
import upiIN from '../../apps/web/src/features/repayment/upi-payment/texts/en-IN.js';
import { expect, expectAccessible, test } from '../fixtures.js';
import { expectPaymentResult, money, openPayWay, orderIn, repaymentWay } from './pay-way-helpers.js';
import { type FreshBorrower, freshBorrower } from './repayment-helpers.js';

/** Pay-way, then its Pay by UPI link, then the code opened for the amount repayment-way bound. */
const openUpiCode = async (page: Page, borrower: FreshBorrower, order: { orderId: string; productId: string }, amount: number) => {
  await openPayWay(page, borrower, order, amount);
  await page.getByRole('link', { name: payWayIN.upi }).click();
  await expect(page.getByRole('heading', { level: 1, name: upiIN.title })).toBeVisible();
  await expect(page.getByText(money(amount, 'IN'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: upiIN.start }).click();
  await expect(page.getByText(upiIN.expires.split('{time}')[0]!)).toBeVisible();
};

/** The sandbox's UPI app: the development payments page pays the code from the chosen payer UPI ID (docs/sandboxes.md). */
const payInSandbox = async (browser: Browser, baseURL: string, paymentId: string, payer: string) => {
  const dev = await browser.newPage({ baseURL });
  try {
    await dev.goto('/dev/payments');
    const row = dev.getByRole('row').filter({ hasText: paymentId });
    await row.getByRole('combobox', { name: 'Payer UPI ID' }).selectOption(payer);
    await row.getByRole('button', { name: `Pay ${paymentId}` }).click();
    await expect(dev.getByRole('heading', { name: 'Open sandbox payment codes' })).toBeVisible();
  } finally {
    await dev.close();
  }
};

test.describe('Pay by UPI on a phone (India)', () => {
  test('opens the UPI app with the amount and our reference, and shows the result once the webhook says it is paid', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // three axe scans and a second page for the sandbox's app: on a busy 2-core machine this takes longer than one page's budget
    test.slow();
    const borrower = await freshBorrower(request, 'IN');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await openUpiCode(page, borrower, order, way.amount);

    const open = page.getByRole('link', { name: upiIN.openApp });
    const intent = new URL((await open.getAttribute('href'))!);
    expect(intent.protocol).toBe('upi:');
    expect(intent.searchParams.get('am')).toBe((way.amount / 100).toFixed(2));
    expect(intent.searchParams.get('cu')).toBe('INR');
    const paymentId = intent.searchParams.get('tr')!;
    expect(paymentId).toMatch(/^RP[A-Z2-7]{20}$/);
    // the QR is there for paying from another phone
    await page.getByText(upiIN.showQr).click();
    await expect(page.getByRole('img', { name: upiIN.qrAlt.replace('{amount}', money(way.amount, 'IN')) })).toBeVisible();
    await expectAccessible(page);

    await payInSandbox(browser, baseURL!, paymentId, 'success@razorpay');
    await expectPaymentResult(page, 'IN', order, 'paid');
    await expectAccessible(page);
  });

  test('shows a declined UPI payment as failed, and nothing is repaid', async ({ page, request, browser, baseURL }) => {
    const borrower = await freshBorrower(request, 'IN');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await openUpiCode(page, borrower, order, way.amount);
    const paymentId = new URL((await page.getByRole('link', { name: upiIN.openApp }).getAttribute('href'))!).searchParams.get('tr')!;
    await payInSandbox(browser, baseURL!, paymentId, 'failure@razorpay');
    await expectPaymentResult(page, 'IN', order, 'failed');
    expect((await repaymentWay(request, borrower, order.orderId)).amount).toBe(way.amount);
  });
});

test.describe('Pay by UPI on a desktop (India)', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('shows the QR code to scan with a UPI app, with its expiry', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'IN');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await openUpiCode(page, borrower, order, way.amount);
    await expect(page.getByRole('img', { name: upiIN.qrAlt.replace('{amount}', money(way.amount, 'IN')) })).toBeVisible();
    await expect(page.getByRole('link', { name: upiIN.openApp })).toHaveCount(0);
    await expectAccessible(page);
  });
});
