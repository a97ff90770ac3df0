/**
 * Indonesia's e-wallets and QRIS (issue 51, decision 241) in the browser at phone size: from pay-way,
 * a QRIS code for exactly the amount with its expiry in WIB, or an e-wallet charge approved in the
 * wallet's app, paid in the sandbox from `/dev/payments`, and the same payment result screen as a card.
 */
import { OrderStatus } from '@kilat/contract';
import type { Browser, Page } from '@playwright/test';
import payWayID from '../../apps/web/src/features/repayment/pay-way/texts/id-ID.js';
import walletID from '../../apps/web/src/features/repayment/wallet-payment/texts/id-ID.js';
import { expect, expectAccessible, test } from '../fixtures.js';
import { expectPaymentResult, money, openPayWay, orderIn, repaymentWay } from './pay-way-helpers.js';
import { type FreshBorrower, freshBorrower } from './repayment-helpers.js';

const openWalletPage = async (page: Page, borrower: FreshBorrower, order: { orderId: string; productId: string }, amount: number) => {
  await openPayWay(page, borrower, order, amount);
  await page.getByRole('link', { name: payWayID.wallet }).click();
  await expect(page.getByRole('heading', { level: 1, name: walletID.title })).toBeVisible();
  await expect(page.getByText(money(amount, 'ID'), { exact: true })).toBeVisible();
};

/** The sandbox's wallet app: /dev/payments pays the newest open code of the borrower's order from the chosen payer. */
const payInSandbox = async (browser: Browser, baseURL: string, paymentId: string, payer: string) => {
  const dev = await browser.newPage({ baseURL });
  try {
    await dev.goto('/dev/payments');
    const row = dev.getByRole('row').filter({ hasText: paymentId });
    await row.getByRole('combobox', { name: 'Payer' }).selectOption(payer);
    await row.getByRole('button', { name: `Pay ${paymentId}` }).click();
    await expect(dev.getByRole('heading', { name: 'Open sandbox payment codes' })).toBeVisible();
  } finally {
    await dev.close();
  }
};

/** The payment the page opened, as the payment result screen's link names it. */
const openedPaymentId = async (page: Page) =>
  new URLSearchParams((await page.getByRole('link', { name: walletID.paid }).getAttribute('href'))!.split('?')[1]).get('paymentId')!;

test.describe('Pay by e-wallet or QRIS (Indonesia)', () => {
  test('shows a QRIS code for the amount with its expiry in WIB, and the result once the callback says it is paid', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // three axe scans and a second page for the sandbox's app: on a busy 2-core machine this takes longer than one page's budget
    test.slow();
    const borrower = await freshBorrower(request, 'ID');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await openWalletPage(page, borrower, order, way.amount);
    await expect(page.getByRole('radio', { name: /^QRIS/ })).toBeChecked();
    await expectAccessible(page);
    await page.getByRole('button', { name: walletID.pay }).click();
    await expect(page.getByRole('img', { name: walletID.qrAlt.replace('{amount}', money(way.amount, 'ID')) })).toBeVisible();
    await expect(page.getByText(/WIB\.$/)).toBeVisible();
    await expectAccessible(page);

    await payInSandbox(browser, baseURL!, await openedPaymentId(page), 'success');
    await expectPaymentResult(page, 'ID', order, 'paid');
    await expectAccessible(page);
  });

  test('asks OVO by phone, and shows a charge the borrower declines as failed', async ({ page, request, browser, baseURL }) => {
    const borrower = await freshBorrower(request, 'ID');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await openWalletPage(page, borrower, order, way.amount);
    await page.getByRole('radio', { name: 'OVO' }).check();
    await page.getByLabel(walletID.phoneLabel).fill('081234567890');
    await expectAccessible(page);
    await page.getByRole('button', { name: walletID.pay }).click();
    await expect(
      page.getByText(walletID.approveInApp.replace('{wallet}', 'OVO').replace('{amount}', money(way.amount, 'ID'))),
    ).toBeVisible();
    await payInSandbox(browser, baseURL!, await openedPaymentId(page), 'failure');
    await expectPaymentResult(page, 'ID', order, 'failed');
    expect((await repaymentWay(request, borrower, order.orderId)).amount).toBe(way.amount);
  });
});
