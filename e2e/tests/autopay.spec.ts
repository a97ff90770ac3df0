/**
 * India's AutoPay (issue 51 item 2, decisions 242–246) in the browser at phone size: loan details
 * explains it and sets up a UPI AutoPay mandate, the sandbox's page approves it as the payer's UPI
 * app would (the signed event, never the page, makes it active), loan details shows it, and the
 * borrower cancels it there.
 */
import { OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import type { Page } from '@playwright/test';
import { appUrl, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { orderIn } from './pay-way-helpers.js';
import { freshBorrower } from './repayment-helpers.js';

/** The page fits a 360 px phone: nothing sticks out sideways. */
const expectFits360 = async (page: Page) => {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 640 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page is wider than a 360 px phone').toBeLessThanOrEqual(0);
  await page.setViewportSize(viewport);
};

test('India: AutoPay is set up from loan details, approved in the sandbox, shown, and cancelled by the borrower', async ({
  page,
  request,
}) => {
  // four axe scans and a trip through the sandbox's page: longer than one page's budget on a busy machine
  test.slow();
  const borrower = await freshBorrower(request, 'IN');
  const order = orderIn(borrower, OrderStatus.DueSoon);
  const details = appUrl('/#/borrowDetail/', pageParams(borrower, order));
  await page.goto(details);

  const autopay = page.getByRole('region', { name: enIN.autopayTitle });
  await expect(autopay).toBeVisible();
  await expect(autopay.getByText(enIN.autopayExplain)).toBeVisible();
  await expect(autopay.getByText(enIN.autopayRule)).toBeVisible();
  await expect(autopay.getByText(/^Up to ₹[\d,.]+ per debit, until /)).toBeVisible();
  await expect(autopay.getByRole('radio', { name: enIN.autopayMethodUpi })).toBeChecked();
  await expectAccessible(page);
  await expectFits360(page);

  await autopay.getByRole('button', { name: enIN.autopaySetUp }).click();
  // the sandbox's page stands in for the borrower's UPI app
  await expect(page).toHaveURL(/\/sandbox\/mandate\/MD[A-Z2-7]{18}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Approve AutoPay' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Approve (debits are paid)' }).click();

  await expect(page).toHaveURL(/#\/borrowDetail/);
  const shown = page.getByRole('region', { name: enIN.autopayTitle });
  await expect(shown.getByRole('definition').filter({ hasText: enIN.autopayStatusActive })).toBeVisible();
  await expect(shown.getByRole('button', { name: enIN.autopayPause })).toBeVisible();
  await expect(shown.getByRole('button', { name: enIN.autopaySetUp })).toHaveCount(0);
  await expectAccessible(page);
  await expectFits360(page);

  await shown.getByRole('button', { name: enIN.autopayCancel }).click();
  const dialog = page.getByRole('dialog', { name: enIN.autopayCancel });
  await expect(dialog.getByText(enIN.autopayCancelConfirm)).toBeVisible();
  await dialog.getByRole('button', { name: enIN.autopayCancel }).click();
  await expect(shown.getByText(`${enIN.autopayStatusLabel}: ${enIN.autopayStatusCancelled}`)).toBeVisible();
  // cancelled: a new mandate may be set up again
  await expect(shown.getByRole('button', { name: enIN.autopaySetUp })).toBeVisible();
  await expectAccessible(page);
});
