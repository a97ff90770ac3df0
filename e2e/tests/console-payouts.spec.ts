/**
 * Operators see the money going out (issue 28 item 6), at desktop size: borrowers confirm loans in
 * the H5 app to sandbox accounts whose last four digits decide (docs/sandboxes.md): 9005 fails its first try
 * retryably, 9007 waits for the lender's low balance, 9006 is closed. A risk operator finds each on
 * the payouts screen by state and market with the gateway's reason, opens the order's timeline,
 * retries the waiting attempt (then the job sends it and it succeeded) and cancels the loan whose
 * account is closed (the borrower sees it cancelled). Every console page passes axe at 1440×900.
 */
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, type DemoMarket, type DemoSession, expect, expectAccessible, sessionParams, test } from '../fixtures.js';

const borrowerTexts = {
  IN: {
    payoutTitle: 'Where the money goes',
    add: 'Add your account',
    number: 'Account number',
    save: 'Save and continue',
    confirm: 'Confirm',
  },
  ID: {
    payoutTitle: 'Ke mana dana dikirim',
    add: 'Tambahkan rekening Anda',
    number: 'Nomor rekening',
    save: 'Simpan dan lanjutkan',
    confirm: 'Konfirmasi',
  },
} as const;
const agree = { IN: enIN.agree, ID: idID.agree } as const;

/** A fresh borrower confirms a loan to an account of `number` in the H5 app; the decision's day passes. Answers the order and the session. */
const borrowTo = async (page: Page, request: APIRequestContext, market: DemoMarket, number: string) => {
  const session = (await (await request.get(`/dev/session?market=${market}&fresh=due`)).json()) as DemoSession;
  const text = borrowerTexts[market];
  await page.goto(appUrl('/loanConfirm', sessionParams(session, { orderId: '', productId: session.productId })));
  await page.getByRole('region', { name: text.payoutTitle }).getByRole('link', { name: text.add }).click();
  await page.getByLabel(text.number).fill(number);
  if (market === 'IN') await page.getByLabel('IFSC').fill('HDFC0001234');
  await page.getByRole('button', { name: text.save }).click();
  await expect(page).toHaveURL(/\/loanConfirm\?productId=\d+/);
  await page.getByRole('button', { name: text.confirm, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: agree[market] }).click();
  await expect(page).toHaveURL(/\/loanDetails\?.*orderId=\d+/);
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const aged = await request.post(`/dev/orders/${orderId}/age`, { form: { days: '1' } });
  expect(aged.ok(), await aged.text()).toBe(true);
  return { orderId, session };
};

const runPayouts = async (request: APIRequestContext) => {
  const run = await request.post('/dev/jobs/payouts/run');
  expect(run.ok(), await run.text()).toBe(true);
};

/** The payouts list's row of an order: its order number links to the order's timeline. */
const rowOf = (page: Page, orderId: string) => page.getByRole('row').filter({ has: page.locator(`a[href$="/payouts/${orderId}"]`) });

test.slow();

test('a risk operator finds payouts by state and market with the gateway reason, retries a waiting attempt and cancels a loan whose account is closed', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const retrying = await borrowTo(page, request, 'ID', '1234569005');
  const held = await borrowTo(page, request, 'ID', '1234569007');
  const closed = await borrowTo(page, request, 'IN', '1234567899006');
  await runPayouts(request);

  const context = await desktopContext(browser, baseURL);
  const console_ = await context.newPage();
  await signInAs(console_, await demoOperator(request, 'risk'));
  await console_.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();

  const filters = console_.getByRole('form', { name: 'Filter payouts' });
  await filters.getByLabel('State').selectOption('waiting');
  await filters.getByLabel('Market').selectOption('ID');
  await expect(console_.getByRole('table').getByRole('caption')).toContainText('orders');
  await expect(rowOf(console_, retrying.orderId)).toContainText('attempt 1 failed');
  await expect(rowOf(console_, held.orderId)).toContainText(/low balance/);
  await expect(rowOf(console_, closed.orderId)).toHaveCount(0);
  await expectAccessible(console_);

  await filters.getByLabel('State').selectOption('failed');
  await filters.getByLabel('Market').selectOption('IN');
  await expect(rowOf(console_, closed.orderId)).toContainText('ACCOUNT_CLOSED');

  // the retrying order's timeline: attempt 1 failed retryably with its own key, attempt 2 waits with another
  await filters.getByLabel('State').selectOption('waiting');
  await filters.getByLabel('Market').selectOption('ID');
  await rowOf(console_, retrying.orderId).getByRole('link').click();
  await expect(console_.getByRole('heading', { level: 1, name: /^Payouts of order / })).toBeVisible();
  const attempts = console_.getByRole('list', { name: 'Payout attempts' });
  await expect(attempts.getByRole('heading', { name: 'Attempt 1 · failed' })).toBeVisible();
  await expect(attempts.getByRole('heading', { name: 'Attempt 2 · queued' })).toBeVisible();
  await expect(console_.getByRole('list', { name: 'State changes of attempt 1' }).getByRole('listitem')).toHaveCount(2);
  await expect(console_.getByText('TEMPORARY_TRANSFER_ERROR').first()).toBeVisible();
  await expectAccessible(console_);

  const retry = console_.getByRole('form', { name: 'Retry the payout' });
  await expect(retry).toContainText('with the key stored for it');
  await retry.getByLabel('Reason (kept in the audit log)').fill('the bank is back online');
  await retry.getByRole('button', { name: 'Retry the payout' }).click();
  await expect(retry.getByRole('status')).toBeVisible();
  await runPayouts(request);
  await console_.reload();
  await expect(attempts.getByRole('heading', { name: 'Attempt 2 · processed' })).toBeVisible();

  // the closed account's loan: retry waits for another account; cancel closes it at no cost
  await console_.goto(`/console/payouts/${closed.orderId}`);
  await expect(console_.getByRole('form', { name: 'Retry the payout' })).toContainText('must give another account');
  const cancel = console_.getByRole('form', { name: 'Cancel the loan' });
  await cancel.getByLabel('Reason (kept in the audit log)').fill('the borrower asked by phone');
  await cancel.getByRole('button', { name: 'Cancel the loan' }).click();
  await expect(console_.getByText(/· loan cancelled /)).toBeVisible();
  await expectAccessible(console_);

  await page.goto(appUrl('/loanDetails', sessionParams(closed.session, { orderId: closed.orderId, productId: closed.session.productId })));
  await expect(page.getByRole('heading', { level: 2, name: enIN.loanNoticeCancelled })).toBeVisible();

  await console_.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Payout mismatches' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: 'Payout mismatches' })).toBeVisible();
  await expect(console_.getByRole('table').getByRole('caption')).toContainText('unresolved');
  await expectAccessible(console_);
  await context.close();
});
