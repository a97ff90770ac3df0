/**
 * Issue 14, part A: the borrower's journey after paying (payment result screen, fresh loan details
 * without a reload, the paid virtual-account page), the chatbot's hand-over opened directly, India
 * at the Indonesian method pages, and a failed session on every page. The agreement links are
 * tested with loan confirm.
 */
import { Endpoints, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { APIRequestContext, Page } from '@playwright/test';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { pageParams } from './loan-orders.js';
import { installNativeWrapper, nativeCalls } from './native-wrapper.js';
import { detailOf, expectPaymentResult, loanDetails, money, orderIn, resultUi } from './pay-way-helpers.js';
import {
  confirmCardRepayment,
  type FreshBorrower,
  freshBorrower,
  latestSmsCode,
  openVirtualAccount,
  payCodeInSandbox,
  startCardRepayment,
} from './repayment-helpers.js';

interface Period {
  periodNo: number;
  totalAmount: number;
}
interface Plan {
  repayPlanDetail: { repayWaitDetail: Period[]; repayYetDetail: Period[] };
}

const packs = {
  IN: { t: enIN, installments: 'Installment repayment', period: 'Period', payNow: 'Pay now' },
  ID: { t: idID, installments: 'Pembayaran cicilan', period: 'Periode', payNow: 'Bayar sekarang' },
} as const;

const plan = (request: APIRequestContext, borrower: FreshBorrower, order: { orderId: string; productId: string }) =>
  callAs<Plan>(request, borrower, 'installmentPlan', order);

/** Marks the page's window: the mark is still there only if no navigation reloaded the document since. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { kilatUnreloaded: true }));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { kilatUnreloaded?: boolean }).kilatUnreloaded === true);

/**
 * A fresh borrower's partly paid order (two periods still to pay), opened on borrow detail in a
 * marked document, and its first waiting period chosen and paid on.
 */
async function startFirstPeriodPayment(page: Page, request: APIRequestContext, market: 'IN' | 'ID') {
  const borrower = await freshBorrower(request, market);
  const order = orderIn(borrower, OrderStatus.InstallmentPartlyPaid);
  const before = await plan(request, borrower, order);
  const [first, second] = before.repayPlanDetail.repayWaitDetail;
  expect(second, 'the partly paid order has two periods still to pay').toBeTruthy();
  await page.goto(appUrl('/#/borrowDetail/', pageParams(borrower, order)));
  await expect(page.getByRole('button', { name: packs[market].t.repay, exact: true })).toBeVisible();
  await markDocument(page);
  await repayFirstPeriod(page, market, first!);
  return { borrower, order, first: first!, second: second! };
}

/** From borrow detail, Repay opens the installments page; the first waiting period is chosen and paid on. */
async function repayFirstPeriod(page: Page, market: 'IN' | 'ID', first: Period) {
  const p = packs[market];
  await page.getByRole('button', { name: p.t.repay, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: p.installments })).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(`^${p.period} ${first.periodNo}\\b`) }).check();
  await page.getByRole('button', { name: p.payNow }).click();
}

test.describe('after paying: the payment result screen and fresh loan details', () => {
  test('India: a card instalment with its SMS code lands on the result screen; loan details and Repay are fresh without a reload', async ({
    page,
    request,
  }) => {
    test.slow();
    const market = 'IN';
    const r = resultUi[market];
    const { borrower, order, first, second } = await startFirstPeriodPayment(page, request, market);
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog', { name: 'SMS verification' });
    // the dialog opens once the commit answered: its code is on the way to the inbox by then
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Verification code').fill(await latestSmsCode(request, borrower.phone));
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await expectPaymentResult(page, market, order, 'paid');
    const after = await plan(request, borrower, order);
    const remaining = after.repayPlanDetail.repayWaitDetail.reduce((sum, period) => sum + period.totalAmount, 0);
    await expect(page.getByText(money(first.totalAmount, market), { exact: true }).first()).toBeVisible();
    await expect(detailOf(page, r.paidFor)).toHaveText(r.repay);
    await expect(detailOf(page, r.orderNo)).toHaveText(borrower.orders.find((entry) => entry.orderId === order.orderId)!.orderNo);
    await expect(detailOf(page, 'Payment method')).toHaveText(/^Bank card · .+\d{4}$/);
    // date and time joined by a no-break space (decision 055)
    await expect(detailOf(page, 'Date')).toHaveText(/^\d{4}-\d{2}-\d{2}\u00a0\d{2}:\d{2}:\d{2}$/);
    await expect(detailOf(page, r.remaining)).toHaveText(money(remaining, market));
    await expectAccessible(page);

    await page.getByRole('link', { name: r.viewLoan }).click();
    await expect(page).toHaveURL(/#\/borrowDetail\//);
    // the loan page shown before paying was kept in memory: it must show the order as it is now
    await page.getByRole('button', { name: enIN.repay, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: packs.IN.installments })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Period ${second.periodNo}\\b`) })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Period ${first.periodNo}\\b`) })).toHaveCount(0);
    expect(await stillSameDocument(page), 'no reload between paying and the fresh pages').toBe(true);
  });

  test('Indonesia: a virtual account paid at the bank turns the open page into a paid state, then the receipt and fresh loan details', async ({
    page,
    request,
  }) => {
    test.slow();
    const market = 'ID';
    const r = resultUi[market];
    const { order, first, second } = await startFirstPeriodPayment(page, request, market);
    // no saved choice yet: the chooser first
    await page.getByRole('radio', { name: 'Bank', exact: true }).check();
    await page.getByRole('radio', { name: 'BCA', exact: true }).check();
    await page.getByRole('radio', { name: 'ATM', exact: true }).check();
    await page.getByRole('button', { name: 'Simpan' }).click();
    const box = page.getByRole('textbox', { name: 'Nomor virtual account', exact: true });
    await expect(box).toHaveValue(/^\d{10,}$/);
    // the address keeps the code's bill number, so a reload finds this payment again
    await expect(page).toHaveURL(/\/that\?.*paymentId=RP[A-Z2-7]{20}/);
    const codePage = page.url();

    await payCodeInSandbox(request, await box.inputValue());
    // the open page asks until the bank confirms, and changes by itself
    await expect(page.getByRole('heading', { level: 2, name: 'Kode ini sudah dibayar' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Lihat bukti pembayaran' }).click();

    await expectPaymentResult(page, market, order, 'paid');
    await expect(detailOf(page, 'Metode pembayaran')).toHaveText(/^Virtual account · BCA \d{10,}$/);
    await expect(detailOf(page, r.paidFor)).toHaveText(r.repay);
    await expectAccessible(page);
    await page.getByRole('link', { name: r.viewLoan }).click();
    await expect(page).toHaveURL(/#\/borrowDetail\//);
    await page.getByRole('button', { name: idID.repay, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: packs.ID.installments })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Periode ${second.periodNo}\\b`) })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Periode ${first.periodNo}\\b`) })).toHaveCount(0);
    expect(await stillSameDocument(page), 'no reload between paying and the fresh pages').toBe(true);

    // reopening the paid code's page says it is paid, not that no code can be made
    await page.goto(codePage);
    await expect(page.getByRole('heading', { level: 2, name: 'Kode ini sudah dibayar' })).toBeVisible();
    await expect(page.getByText('Kami tidak dapat membuat kode pembayaran Anda')).toHaveCount(0);
  });

  test('India: an extension fee paid by card lands on the result screen, saying it paid the extension', async ({ page, request }) => {
    const market = 'IN';
    const r = resultUi[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const offer = await callAs<{ delayShouldPayAmount: number }>(request, borrower, 'delayDetail', order);
    const dueDate = async () =>
      (await loanDetails(request, borrower, order)).userOrderDetail.detail.find((row) => row.text === enIN.repaymentDate)!.value;
    const dueBefore = await dueDate();
    await page.goto(appUrl('/repayDelay', pageParams(borrower, order)));
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment method' })).toBeVisible();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog', { name: 'SMS verification' });
    // the dialog opens once the commit answered: its code is on the way to the inbox by then
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Verification code').fill(await latestSmsCode(request, borrower.phone));
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await expectPaymentResult(page, market, order, 'paid');
    await expect(page.getByText(money(offer.delayShouldPayAmount, market), { exact: true }).first()).toBeVisible();
    await expect(detailOf(page, r.paidFor)).toHaveText('Loan extension fee');
    // the extension moved the due date: the result says to when (issue 30 item 9)
    const dueAfter = await dueDate();
    expect(dueAfter > dueBefore, `${dueAfter} after ${dueBefore}`).toBe(true);
    await expect(detailOf(page, 'New due date')).toHaveText(dueAfter);
    await page.getByRole('link', { name: r.viewLoan }).click();
    await expect(page).toHaveURL(/#\/borrowDetail\//);
  });

  test('a virtual-account code not yet paid shows pending on its result screen, then success by itself (ID)', async ({ page, request }) => {
    const market = 'ID';
    const r = resultUi[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const code = await openVirtualAccount(request, borrower, order, 10000);
    await page.goto(appUrl('/#/payResult', { ...pageParams(borrower, order), paymentId: code.cardNo }));
    await expectPaymentResult(page, market, order, 'pending');
    await expect(page.getByText(money(10000, market), { exact: true })).toBeVisible();
    await expectAccessible(page);

    await payCodeInSandbox(request, code.vcode);
    await expect(page.getByRole('heading', { level: 2, name: r.paid })).toBeVisible();
    await expect(page.getByRole('link', { name: r.viewLoan })).toBeVisible();
  });

  test('a card payment waiting for its SMS code shows pending on its result screen, then success by itself once confirmed (IN)', async ({
    page,
    request,
  }) => {
    const market = 'IN';
    const r = resultUi[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const started = await startCardRepayment(request, borrower, order.orderId, 10000);
    expect(started.needValid).toBe(1);
    await page.goto(appUrl('/#/payResult', { ...pageParams(borrower, order), paymentId: started.repayRecordId }));
    await expectPaymentResult(page, market, order, 'pending');
    await expect(page.getByText('This page updates by itself', { exact: false })).toBeVisible();

    await confirmCardRepayment(request, borrower, order.orderId, started.repayRecordId);
    await expect(page.getByRole('heading', { level: 2, name: r.paid })).toBeVisible();
  });

  test('a cancelled checkout returns to the result screen saying the payment failed, offering to pay again (IN)', async ({
    page,
    request,
  }) => {
    const market = 'IN';
    const r = resultUi[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const { url } = await callAs<{ url: string }>(request, borrower, 'repaymentCheckout', { orderId: order.orderId, amount: '10000' });
    // the session the app keeps, as if the borrower had come from the app's pages
    await page.goto(appUrl('/#/borrowDetail/', pageParams(borrower, order)));
    // the app keeps the session once it runs, after the first paint (decision 179): borrow detail drawn by it
    await expect(page.getByRole('button', { name: enIN.repay, exact: true })).toBeVisible();
    await page.goto(url);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectPaymentResult(page, market, order, 'failed');
    await expect(page.getByText(money(10000, market), { exact: true })).toBeVisible();
    // nothing was paid: its details, not a receipt of what it 'paid for' (issue 30 item 9)
    await expect(page.getByRole('heading', { level: 2, name: 'Payment details' })).toBeVisible();
    await expect(detailOf(page, 'Payment for')).toHaveText('Loan repayment');
    await expect(page.getByRole('heading', { level: 2, name: r.receipt })).toHaveCount(0);
    await expect(page.getByText(r.paidFor, { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    // paying again is the same payment again, not loan details (issue 48)
    await page.getByRole('link', { name: r.payAgain }).click();
    await expect(page).toHaveURL(/\/payway\?.*withholdingAmount=10000&purpose=repay/);
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  });
});

test.describe('the chatbot opened directly hands over to a complaint', () => {
  for (const market of ['IN', 'ID'] as const) {
    test(`Contact CS → type → text → Send files the complaint on the borrower's loan (${market})`, async ({ page, request }) => {
      const t = packs[market].t;
      const borrower = await freshBorrower(request, market);
      await page.goto(appUrl('/intelligentCustomerService', { ...pageParams(borrower, { orderId: '', productId: '' }) }));
      await expect(page.getByText(t.chatbotGreeting)).toBeVisible();
      await page.getByRole('textbox').fill('zqxv wpmk brrt flonk');
      await page.getByRole('button', { name: t.sendMessage, exact: true }).click();
      await page.getByRole('button', { name: t.contactCustomerService, exact: true }).click();
      await expect(page).toHaveURL(/\/complainPageNext/);
      // the form says which loan the complaint is about
      await expect(page.getByText(market === 'IN' ? 'About your loan' : 'Tentang pinjaman Anda')).toBeVisible();
      const types = page.getByRole('group', { name: t.selectQuestionType }).getByRole('button');
      await types.last().click();
      await page.getByRole('textbox').fill('The repayment I made is not shown.');
      const saved = page.waitForResponse((response) => response.url().includes(Endpoints.problemSave.path));
      await page.getByRole('button', { name: t.send, exact: true }).click();
      const body = (await (await saved).json()) as { code: string; message: string };
      expect(body.code, body.message).toBe('00');
      await expect(page.getByRole('dialog', { name: t.successfullySent })).toBeVisible();
    });
  }
});

test.describe('India at the Indonesian method pages', () => {
  for (const path of ['/individual', '/that']) {
    test(`${path} in India explains that India repays by card and leads to pay-way`, async ({ page, request }) => {
      const borrower = await freshBorrower(request, 'IN');
      const order = orderIn(borrower, OrderStatus.DueSoon);
      await page.goto(appUrl(path, { ...pageParams(borrower, order), amount: 10000, display: 1, purpose: 'repay' }));
      await expect(page.getByRole('heading', { level: 1, name: 'Not available in India' })).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('In India you repay by bank card');
      await expect(page.getByText('We could not load the payment methods')).toHaveCount(0);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Repay by card' }).click();
      await expect(page).toHaveURL(
        new RegExp(`/payway\\?orderId=${order.orderId}&productId=${order.productId}&withholdingAmount=10000&purpose=repay`),
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Payment method' })).toBeVisible();
    });
  }
});

test.describe('a failed or missing session', () => {
  for (const market of ['IN', 'ID'] as const) {
    const isNeedPop = market === 'IN' ? 1 : 0;
    const words =
      market === 'IN'
        ? { expired: 'Your session has ended', missing: 'You are not signed in', back: 'Open Kilat' }
        : { expired: 'Sesi Anda telah berakhir', missing: 'Anda belum masuk', back: 'Buka Kilat' };

    test(`loan details with an expired session says so in the native shell and offers the way back (${market})`, async ({ page, demo }) => {
      const session = await demo(market);
      await installNativeWrapper(page);
      await page.goto(
        appUrl('/#/borrowDetail/', { ...pageParams(session, session), sessionId: 'expired-or-revoked-session-token-000000' }),
      );
      await expect(page.getByRole('heading', { level: 1, name: words.expired })).toBeVisible();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: words.back }).click();
      await expect.poll(() => nativeCalls(page)).toEqual([{ action: 'goHome', payload: {} }]);
    });

    test(`the complaint pages without a session say the borrower is not signed in, in the native shell (${market})`, async ({ page }) => {
      await installNativeWrapper(page);
      for (const path of ['/complaint', '/complaintList']) {
        await page.goto(appUrl(path, { isNeedPop }));
        await expect(page.getByRole('heading', { level: 1, name: words.missing })).toBeVisible();
        await expect(page.getByRole('button', { name: words.back })).toBeVisible();
      }
      await expectAccessible(page);
    });
  }
});
