import { OrderStatus } from '@kilat/contract';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { type FreshBorrower, freshBorrower, payCodeInSandbox } from './repayment-helpers.js';

interface InstallmentPlan {
  repayPlanDetail: { repayWaitDetail: { totalAmount: number }[] };
}

const rupiah = (minor: number) =>
  new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', minimumFractionDigits: 2 })
    .format(minor / 100)
    .replace(/[\u00a0\u202f]/g, ' ');

/** The fresh borrower's order in its due window (174) and everything it owes now. */
async function dueOrder(request: APIRequestContext, borrower: FreshBorrower) {
  const order = borrower.orders.find((entry) => entry.status === OrderStatus.DueSoon);
  expect(order, 'the fresh borrower has an order in its due window').toBeTruthy();
  const { orderId, productId } = order!;
  const plan = await callAs<InstallmentPlan>(request, borrower, 'installmentPlan', { productId, orderId });
  const due = plan.repayPlanDetail.repayWaitDetail.reduce((sum, period) => sum + period.totalAmount, 0);
  expect(due).toBeGreaterThan(0);
  return { orderId, productId, due };
}

/** Opens /that as the installments page hands over (Indonesia: amount and display=1), which sends a first-time borrower to the chooser. */
async function openRepay(page: Page, borrower: FreshBorrower, order: { orderId: string; productId: string; due: number }) {
  await page.goto(appUrl('/that', { ...pageParams(borrower, order), amount: order.due, display: 1, purpose: 'repay' }));
  // no saved choice yet: the method chooser first, with the same params
  await expect(page).toHaveURL(new RegExp(`/individual\\?.*amount=${order.due}.*display=1`));
  await expect(page.getByRole('heading', { level: 1, name: 'Metode pembayaran' })).toBeVisible();
}

const code = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const detail = (page: Page, term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

test.describe('virtual-account repay page (Pelunasan)', () => {
  test('the virtual-account flow: choose BCA ATM, see the code, copy it, say paid, pay it in the sandbox until the loan shows settled', async ({
    page,
    context,
    request,
  }) => {
    const borrower = await freshBorrower(request, 'ID');
    const order = await dueOrder(request, borrower);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await openRepay(page, borrower, order);
    await page.getByRole('radio', { name: 'Bank', exact: true }).check();
    await page.getByRole('radio', { name: 'BCA', exact: true }).check();
    await page.getByRole('radio', { name: 'ATM', exact: true }).check();
    await page.getByRole('button', { name: 'Simpan' }).click();

    await expect(page).toHaveURL(new RegExp(`/that\\?.*amount=${order.due}`));
    await expect(page.getByRole('heading', { level: 1, name: idID.settlement })).toBeVisible();
    const box = code(page, 'Nomor virtual account');
    await expect(box).toHaveValue(/^\d{10,}$/);
    const vcode = await box.inputValue();
    await expect(detail(page, 'Total pembayaran')).toHaveText(rupiah(order.due));
    await expect(detail(page, 'Nomor tagihan')).toHaveText(/\S{6,}/);
    await expect(detail(page, 'Metode pembayaran')).toHaveText(/BCA.*ATM/);
    await expect(detail(page, 'Bayar sebelum')).toHaveText(/^\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}:\d{2} WIB$/);
    const steps = page.getByRole('region', { name: 'Cara pembayaran' }).getByRole('listitem');
    expect(await steps.count()).toBeGreaterThan(1);
    await expect(steps.filter({ hasText: vcode }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Telepon layanan pelanggan/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
    await expect(page.getByRole('link', { name: 'Ubah metode pembayaran' })).toHaveAttribute('href', /^\/individual\?/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Salin' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Berhasil disalin' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vcode);

    await page.getByRole('button', { name: 'Saya sudah bayar' }).click();
    const tip = page.getByRole('dialog', { name: 'Terima kasih' });
    await expect(tip).toContainText(idID.repaymentWillBeConfirmed);
    await expect(tip).toBeFocused();
    await expectAccessible(page);
    await tip.getByRole('button', { name: 'OK' }).click();
    await expect(tip).toBeHidden();

    // the borrower pays the number at a BCA ATM: the sandbox confirms it through the signed webhook
    await payCodeInSandbox(request, vcode);
    await page.goto(appUrl('/loanDetails', pageParams(borrower, order)));
    await expect(page.getByRole('heading', { level: 2, name: idID.loanNotice200 })).toBeVisible();
  });

  test('the mini-market flow: Alfamart gives a payment code with its steps', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'ID');
    const order = await dueOrder(request, borrower);

    await openRepay(page, borrower, order);
    await page.getByRole('radio', { name: 'Minimarket', exact: true }).check();
    await page.getByRole('radio', { name: 'Alfamart', exact: true }).check();
    await page.getByRole('button', { name: 'Simpan' }).click();

    await expect(page.getByRole('heading', { level: 1, name: idID.settlement })).toBeVisible();
    const box = code(page, 'Kode pembayaran');
    await expect(box).toHaveValue(/^[A-Z0-9]{6,}$/);
    await expect(detail(page, 'Metode pembayaran')).toHaveText('Alfamart');
    await expect(page.getByRole('region', { name: 'Cara pembayaran' }).getByRole('listitem').first()).toBeVisible();
    // the 174 order owes less than the mini-market limit: nothing stays owed
    await expect(page.getByText('Sisa tagihan setelah pembayaran ini')).toBeHidden();
    await expectAccessible(page);
  });
});
