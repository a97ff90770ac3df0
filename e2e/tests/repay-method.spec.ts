import { OrderStatus } from '@kilat/contract';
import { idID } from '@kilat/contract/texts/id-ID';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { type FreshBorrower, freshBorrower } from './repayment-helpers.js';

const CHOICE_KEY = 'kilat.repay-choice';

/** Opens the chooser for the fresh borrower's order in its due window (174) with an amount in minor units. */
async function openChooser(page: Page, borrower: FreshBorrower, amount: number) {
  const order = borrower.orders.find((entry) => entry.status === OrderStatus.DueSoon);
  expect(order, 'the fresh borrower has an order in its due window').toBeTruthy();
  await page.goto(appUrl('/individual', { ...pageParams(borrower, order!), amount, display: 1, purpose: 'repay' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Metode pembayaran' })).toBeVisible();
}

const savedChoice = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CHOICE_KEY);
const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const incomplete = (page: Page) => page.getByRole('status').filter({ hasText: idID.completeTheInformation });

/** Save, see 'Silakan lengkapi informasinya', then let the toast's 3 s pass so the next one is a new toast. */
async function saveIncomplete(page: Page) {
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(incomplete(page)).toBeVisible();
  await page.clock.runFor(3_000);
  await expect(incomplete(page)).toBeHidden();
  expect(await savedChoice(page)).toBeNull();
  await expect(page).toHaveURL(/\/individual\?/);
}

test.describe('repay method chooser', () => {
  test("an incomplete choice shows 'Silakan lengkapi informasinya': nothing chosen, a bank without a method, a mini market without a market", async ({
    page,
    request,
  }) => {
    const borrower = await freshBorrower(request, 'ID');
    await page.clock.install();
    await openChooser(page, borrower, 150_000_000);

    await saveIncomplete(page);
    await radio(page, 'Bank').check();
    await expect(radio(page, 'BCA')).toBeVisible();
    await saveIncomplete(page);
    await radio(page, 'BCA').check();
    await expect(page.getByRole('group', { name: /BCA/ })).toBeVisible();
    await saveIncomplete(page);
    await radio(page, 'Minimarket').check();
    await expect(radio(page, 'Alfamart')).toBeVisible();
    await saveIncomplete(page);
    await expectAccessible(page);
  });

  test('changing type clears the bank, the method and the saved local choice', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'ID');
    await openChooser(page, borrower, 150_000_000);
    await radio(page, 'Bank').check();
    await radio(page, 'BCA').check();
    await radio(page, 'ATM').check();
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: idID.settlement })).toBeVisible();
    expect(JSON.parse((await savedChoice(page))!)).toEqual({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });

    // 'change method' opens the chooser on the saved choice
    await page.getByRole('link', { name: 'Ubah metode pembayaran' }).click();
    await expect(page).toHaveURL(/\/individual\?.*amount=150000000/);
    await expect(radio(page, 'BCA')).toBeChecked();
    await expect(radio(page, 'ATM')).toBeChecked();

    await radio(page, 'Minimarket').check();
    await expect(radio(page, 'Alfamart')).toBeVisible();
    expect(await savedChoice(page)).toBeNull();
    await radio(page, 'Bank').check();
    await expect(radio(page, 'BCA')).not.toBeChecked();
    await expect(radio(page, 'ATM')).toHaveCount(0);
    expect(await savedChoice(page)).toBeNull();

    // and with nothing saved, the virtual-account page sends the borrower back to choose
    await page.goBack();
    await expect(page).toHaveURL(/\/individual\?/);
  });

  test('an amount over the mini-market limit adds a note steering to a bank or a split payment', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'ID');
    await openChooser(page, borrower, 600_000_000);
    const note =
      'Pembayaran di minimarket maksimal Rp 5.000.000,00. Bayar Rp 6.000.000,00 melalui bank, atau bayar Rp 5.000.000,00 di minimarket dan sisanya dengan pembayaran lain.';
    await expect(page.getByText(note)).toBeVisible();
    await expect(radio(page, 'Minimarket')).toHaveAccessibleDescription(note);
    await expectAccessible(page);

    await openChooser(page, borrower, 500_000_000);
    await expect(page.getByText(/Pembayaran di minimarket maksimal/)).toHaveCount(0);
  });
});
