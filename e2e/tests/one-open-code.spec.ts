/**
 * Issue 48, major 3, in Indonesia at phone size (India repays by card and the hosted checkout: it
 * opens no codes): choosing another bank after a virtual-account code was made closes the first
 * code, so only one can be paid.
 */
import { OrderStatus } from '@kilat/contract';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { freshBorrower } from './repayment-helpers.js';

/** Chooses a bank and its way to pay on the method chooser, and lands on the code page with its code. */
const chooseBank = async (page: Page, bank: string) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Metode pembayaran' })).toBeVisible();
  await page.getByRole('radio', { name: 'Bank', exact: true }).check();
  await page.getByRole('radio', { name: bank, exact: true }).check();
  await page.getByRole('radio', { name: 'ATM', exact: true }).check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: idID.settlement })).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Nomor virtual account', exact: true });
  await expect(box).toHaveValue(/^\d{10,}$/);
  return box.inputValue();
};

test('ID: a BNI code chosen after a BCA code closes the BCA code: only the BNI one is open and can be paid', async ({ page, request }) => {
  const borrower = await freshBorrower(request, 'ID');
  const order = borrower.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
  const amount = (borrower.orders.find((entry) => entry.orderId === order.orderId) as { amountDueMinor?: number }).amountDueMinor!;
  await page.goto(appUrl('/that', { ...pageParams(borrower, order), amount, display: 1, purpose: 'repay' }));
  const bca = await chooseBank(page, 'BCA');

  await page.getByRole('link', { name: 'Ubah metode pembayaran' }).click();
  const bni = await chooseBank(page, 'BNI');
  expect(bni).not.toBe(bca);
  await expectAccessible(page);

  const open = await (await request.get('/dev/payments')).text();
  expect(open).toContain(bni);
  expect(open).not.toContain(bca);
  const payFirst = await request.post('/dev/payments/pay', { data: { vcode: bca } });
  expect(payFirst.ok()).toBe(false);
  const paySecond = await request.post('/dev/payments/pay', { data: { vcode: bni } });
  expect(paySecond.ok(), await paySecond.text()).toBe(true);
});
