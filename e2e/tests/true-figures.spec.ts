/**
 * Issue 48, minor items, in a phone browser: every figure the borrower reads is named for what it is.
 * The repay page tells the close-today quote from the amount due; before prepayment opens it says that
 * nothing can be paid yet; select all never ticks itself beside periods it cannot tick; the cooling-off
 * exit says what its figure is made of; loan details show an approved penalty waiver and what is still
 * owed; an overdue loan is "1 day" overdue, never "1 days".
 */
import { formatMoney, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext } from '@playwright/test';
import { demoOperator, desktopContext, signInAs } from '../console-helpers.js';
import { appUrl, borrowerWithRoom, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { type LoanDetails, pageParams } from './loan-orders.js';
import { expectPaymentResult } from './pay-way-helpers.js';
import { confirmCardRepayment, type FreshBorrower, freshBorrower, startCardRepayment } from './repayment-helpers.js';

/** A new order of the fresh borrower in a status, paid out `disbursedDaysAgo` days ago. */
const orderOf = async (request: APIRequestContext, borrower: FreshBorrower, status: OrderStatus, disbursedDaysAgo: number) => {
  const created = await request.post(`/dev/borrowers/${borrower.userId}/orders`, { data: { status, disbursedDaysAgo } });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { data: { orderId: string; productId: string; orderNo: string } }).data;
};

/** Loan details' rows of an order, by their label. */
const rowsOf = async (request: APIRequestContext, borrower: FreshBorrower, order: { orderId: string; productId: string }) => {
  const details = await callAs<LoanDetails>(request, borrower, 'loanDetails', order);
  return { details, row: (label: string) => details.userOrderDetail.detail.find((entry) => entry.text === label)?.value };
};

test.describe('the repay page names its figures (issue 48)', () => {
  test('a single payment that may be closed today: its amount is the close-today figure, beside the amount due by the date (IN)', async ({
    page,
    request,
  }) => {
    const borrower = await freshBorrower(request, 'IN');
    // the fresh borrower's 170 order on day 50 of 91: prepayment has opened, the due window has not
    const order = borrower.orders.find((entry) => entry.status === OrderStatus.Disbursed && !entry.orderNo.endsWith('11'))!;
    const { details, row } = await rowsOf(request, borrower, order);
    const due = row(enIN.loanAmountDue)!;
    const closeToday = row(enIN.loanPayoffToday)!;
    expect(closeToday).not.toBe(due);

    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    await expect(page.getByRole('heading', { level: 1, name: 'Loan repayment' })).toBeVisible();
    const dueDate = details.userOrderDetail.detail.find((entry) => entry.text === enIN.repaymentDate)!.value;
    // the figure asked is the close-today one, and the amount due by the date is named as such beside it
    await expect(page.getByText(`To close the loan today; ${due} is due on ${dueDate}`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Amount to repay' })).toContainText(closeToday);
    await expect(page.locator('output')).toHaveText(closeToday);
    await expect(page.getByText(`Due on ${dueDate}`, { exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('before prepayment opens, the page says nothing can be paid yet, not that the first instalment can (IN)', async ({
    page,
    request,
  }) => {
    const borrower = await freshBorrower(request, 'IN');
    // the fresh borrower's loan paid out 10 days ago: prepayment opens on day 46
    const order = borrower.orders.find((entry) => entry.status === OrderStatus.Disbursed && entry.orderNo.endsWith('11'))!;
    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    await expect(page.getByText(/^Nothing can be paid yet\. Early repayment is possible from \d{4}-\d{2}-\d{2}\.$/)).toBeVisible();
    await expect(page.getByText(/only the first unpaid one can be paid now/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    await expectAccessible(page);
  });

  test('select all stays unticked and disabled while the later instalments cannot be paid today (IN)', async ({ page, request }) => {
    const borrower = await freshBorrower(request, 'IN');
    // an instalment loan on day 65 of 180, its first instalment paid ahead: the second is payable, the third not before half the term
    const order = await orderOf(request, borrower, OrderStatus.InstallmentPartlyPaid, 65);
    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    const periods = page.getByRole('listitem').getByRole('checkbox');
    await expect(periods).toHaveCount(2);
    const selectAll = page.getByRole('checkbox', { name: 'Select all' });
    await expect(selectAll).toBeDisabled();
    await periods.first().check();
    await expect(periods.first()).toBeChecked();
    await expect(periods.last()).not.toBeChecked();
    await expect(selectAll).not.toBeChecked();
    await expectAccessible(page);
  });
});

test('the cooling-off exit says what its figure is: the principal and the APR for the days held, adding up to it (IN)', async ({
  page,
  request,
}) => {
  const borrower = await freshBorrower(request, 'IN');
  const order = await orderOf(request, borrower, OrderStatus.Disbursed, 1);
  await page.goto(appUrl('/loanDetails', pageParams(borrower, order)));
  const exit = page.getByRole('region', { name: 'Cooling-off period' });
  await expect(exit).toBeVisible();
  const text = (await exit.getByText(/you can exit this loan/).textContent()) ?? '';
  expect(text).not.toContain('interest for the days');
  const figures = text.match(
    /by repaying ₹([\d,.]+): the principal of ₹([\d,.]+) and ₹([\d,.]+), the loan's APR of ([\d.]+)% for the 1 day you held it\.$/,
  );
  expect(figures, text).not.toBeNull();
  const minor = (shown: string) => Math.round(Number(shown.replaceAll(',', '')) * 100);
  const [, amount, principal, cost, apr] = figures!;
  expect(minor(principal!) + minor(cost!)).toBe(minor(amount!));
  // one day at the APR, rounded down, as the key fact statement's APR says
  expect(minor(cost!)).toBe(Math.floor((minor(principal!) * minor(apr!)) / (10_000 * 365)));
  await expectAccessible(page);
});

test('an overdue loan of one day reads "1 day overdue" on loan details (IN)', async ({ page, request }) => {
  const borrower = await freshBorrower(request, 'IN');
  // the 91-day single payment paid out 92 days ago: one day past its due date
  const order = await orderOf(request, borrower, OrderStatus.Overdue, 92);
  const { row } = await rowsOf(request, borrower, order);
  await page.goto(appUrl('/loanDetails', pageParams(borrower, order)));
  await expect(
    page.getByText(`You are 1 day overdue. Please repay ${row(enIN.loanAmountDue)} now to stop further penalties.`),
  ).toBeVisible();
  await expect(page.getByText(/\b1 days/)).toHaveCount(0);
  await expectAccessible(page);
});

test('after an approved penalty waiver, loan details show the penalty, the waiver and what is still owed (IN)', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const borrower = await freshBorrower(request, 'IN');
  const overdue = borrower.orders.find((entry) => entry.status === OrderStatus.Overdue)!;
  const before = await rowsOf(request, borrower, overdue);
  const charged = before.row(enIN.loanPenalty)!;

  // a supervisor waives ₹400 of it, within what they may approve alone (Rs.500 by default)
  const context = await desktopContext(browser, baseURL);
  const console = await context.newPage();
  await signInAs(console, await demoOperator(request, 'supervisor'));
  await console.goto(`/console/orders/${overdue.orderId}`);
  const waivers = console.getByRole('region', { name: 'Penalty waivers' });
  await waivers.getByLabel(/^Amount to waive/).fill('400');
  await waivers.getByLabel('Reason').fill(`Bank outage on the due date ${Date.now()}`);
  await waivers.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(waivers.getByRole('row').filter({ hasText: 'Approved' })).toHaveCount(1);
  await context.close();

  const after = await rowsOf(request, borrower, overdue);
  expect(after.row(enIN.loanAmountDue)).not.toBe(before.row(enIN.loanAmountDue));
  await page.goto(appUrl('/loanDetails', pageParams(borrower, overdue)));
  const definitionOf = (label: string) =>
    page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(definitionOf(enIN.loanPenalty)).toHaveText(charged);
  await expect(definitionOf(enIN.loanPenaltyWaived)).toHaveText(formatMoney(40_000, 'IN'));
  await expect(definitionOf(enIN.loanPenaltyOwed)).toHaveText(after.row(enIN.loanPenaltyOwed)!);
  await expect(definitionOf(enIN.loanAmountDue)).toHaveText(after.row(enIN.loanAmountDue)!);
  await expectAccessible(page);
});

test.describe('an instalment loan names the instalment asked apart from the total still owed (issue 48)', () => {
  for (const market of ['IN', 'ID'] as const) {
    test(`loan details: the notice asks the next instalment, the row says the total still owed (${market})`, async ({ page, request }) => {
      const texts = market === 'IN' ? enIN : idID;
      const borrower = await freshBorrower(request, market);
      // day 95 of 180, instalment 1 paid: instalment 2 is asked, 2 and 3 are owed
      const order = borrower.orders.find((entry) => entry.status === OrderStatus.InstallmentPartlyPaid)!;
      const { details, row } = await rowsOf(request, borrower, order);
      const total = row(texts.loanTotalOwed)!;
      expect(details.noticeDesText).not.toContain(total);
      await page.goto(appUrl('/loanDetails', pageParams(borrower, order)));
      await expect(page.getByText(details.noticeDesText)).toBeVisible();
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${texts.loanTotalOwed}$`) })).toBeVisible();
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${texts.loanAmountDue}$`) })).toHaveCount(0);
      await expect(page.getByText(total, { exact: true })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test('a payment that leaves late fees owed is not called "up to date": the result says what is still owed (IN)', async ({
  page,
  request,
}) => {
  const borrower = await freshBorrower(request, 'IN');
  const order = borrower.orders.find((entry) => entry.status === OrderStatus.Overdue)!;
  const started = await startCardRepayment(request, borrower, order.orderId, 10_000);
  if (started.needValid === 1) await confirmCardRepayment(request, borrower, order.orderId, started.repayRecordId);
  const { row } = await rowsOf(request, borrower, order);
  await page.goto(appUrl('/#/payResult', { ...pageParams(borrower, order), paymentId: started.repayRecordId }));
  await expectPaymentResult(page, 'IN', order, 'paid');
  await expect(page.getByText('Thank you. Your payment has been received. What is still owed on this loan is shown below.')).toBeVisible();
  await expect(page.getByText(/up to date/)).toHaveCount(0);
  await expect(page.getByText(row(enIN.loanAmountDue)!, { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('the virtual-account page for an extension fee is titled by the fee, and its deadline says WIB (ID)', async ({ page, request }) => {
  const borrower = await freshBorrower(request, 'ID');
  const order = borrower.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
  const offer = await callAs<{ delayShouldPayAmount: number }>(request, borrower, 'delayDetail', {
    orderId: order.orderId,
    productId: order.productId,
  });
  await page.goto(appUrl('/that', { ...pageParams(borrower, order), amount: offer.delayShouldPayAmount, display: '1', purpose: 'delay' }));
  // no repay choice saved yet: the method chooser first, then back to the code
  await page.getByRole('radio', { name: 'Bank', exact: true }).check();
  await page.getByRole('radio', { name: 'BCA', exact: true }).check();
  await page.getByRole('radio', { name: 'ATM', exact: true }).check();
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(page).toHaveURL(/\/that\?.*purpose=delay/);
  await expect(page.getByRole('heading', { level: 1, name: 'Biaya perpanjangan pinjaman' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: idID.settlement })).toHaveCount(0);
  const deadline = page
    .getByRole('term')
    .filter({ hasText: /^Bayar sebelum$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(deadline).toHaveText(/^\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}:\d{2} WIB$/);
  await expectAccessible(page);
});

test('product detail offers every term the application does, and its penalty line says what each day charges (IN)', async ({
  page,
  request,
}) => {
  const borrower = await freshBorrower(request, 'IN');
  const products = await callAs<{ list: { productId: string; termDays: number }[] }>(request, borrower, 'loanProducts');
  // the single payment (sorted first): 91 days, and 120 or 180 on the application
  const product = products.list[0]!;
  await page.goto(appUrl('/productDetail', pageParams(borrower, { orderId: '', productId: product.productId })));
  const definitionOf = (label: string) =>
    page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .first()
      .locator('xpath=following-sibling::dd[1]');
  await expect(definitionOf('Term')).toHaveText('91, 120 or 180 days');
  await expect(definitionOf(enIN.loanPenalty)).toHaveText(
    /^₹[\d,]+\.00 once on the first overdue day, plus 5% a day for days 1–30, 4% a day for days 31–90, 2% a day from day 91$/,
  );
  await expectAccessible(page);
});

test('the Indonesian loan confirm states the APR, the late penalty and the extension fee before confirming, as India does (ID)', async ({
  page,
  request,
}) => {
  const session = await borrowerWithRoom(request, 'ID');
  const offer = await callAs<{ sp_rate: string }>(request, session, 'loanConfirm', { productId: session.productId });
  await page.goto(appUrl('/loanConfirm', pageParams(session, { orderId: '', productId: session.productId })));
  const facts = page.getByRole('region', { name: idID.loanKeyFactTitle });
  await expect(facts).toBeVisible();
  const definitionOf = (label: string) =>
    facts
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd[1]');
  await expect(definitionOf(idID.loanApr)).toHaveText(offer.sp_rate);
  await expect(definitionOf(idID.loanPenalty)).toHaveText(/^[\d,]+% per hari$/);
  await expect(definitionOf(idID.delayFee)).toHaveText(/^[\d,]+%$/);
  await expect(facts.getByText(idID.loanCoolingOff)).toHaveCount(0);
  await expectAccessible(page);
});

test('"Log out on every phone" asks first, and says when it is done (IN)', async ({ page, request }) => {
  const borrower = await freshBorrower(request, 'IN');
  await page.goto(appUrl('/setting', pageParams(borrower, { orderId: '', productId: '' })));
  await page.getByRole('button', { name: 'Log out on every phone' }).click();
  const ask = page.getByRole('group', { name: 'Log out on every phone, this one included?' });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  // changing one's mind keeps the session
  await ask.getByRole('button', { name: 'Stay logged in' }).click();
  await expect(page).toHaveURL(/\/setting/);
  await page.getByRole('button', { name: 'Log out on every phone' }).click();
  await page.getByRole('button', { name: 'Yes, log out everywhere' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('status').getByText('You are logged out on every phone.')).toBeVisible();
});

test("the demo's rejected order says why, and from when to apply again, as a real rejection does (ID)", async ({ page, request }) => {
  const borrower = await freshBorrower(request, 'ID');
  const rejected = borrower.orders.find((entry) => entry.status === OrderStatus.Rejected)!;
  await page.goto(appUrl('/loanDetails', pageParams(borrower, rejected)));
  await expect(page.getByText(idID.decisionReason_openLoansWithinLimit, { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${idID.loanReapplyOnLabel}$`) })).toBeVisible();
  await expectAccessible(page);
});
