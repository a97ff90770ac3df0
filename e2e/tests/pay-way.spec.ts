import { Endpoints, OrderStatus } from '@kilat/contract';
import type { Page } from '@playwright/test';
import { appUrl, callAs, expect, expectAccessible, test } from '../fixtures.js';
import { expectHydrated, keptServerHeading, watch } from './hydration-watch.js';
import { pageParams } from './loan-orders.js';
import {
  expectPaymentResult,
  expectSettledOnBorrowDetail,
  loanDetails,
  money,
  openPayWay,
  orderIn,
  repaymentWay,
  resultUi,
  toast,
  ui,
  wrongCodeOf,
} from './pay-way-helpers.js';
import { freshBorrower, latestSmsCode } from './repayment-helpers.js';

interface Period {
  periodNo: number;
  totalAmount: number;
  amount: string;
}
interface Plan {
  repayPlanDetail: { repayWaitDetail: Period[]; repayYetDetail: Period[] };
}

/** The resend label while counting: the seconds left, after the screen-reader-only 'Get a new code'. */
const seconds = (c: (typeof ui)['IN' | 'ID'], left: number) => new RegExp(`(^|\\s)${left}${c.seconds}$`);
const verification = (page: Page, market: 'IN' | 'ID') => page.getByRole('dialog', { name: ui[market].verify });
const resendButton = (page: Page, market: 'IN' | 'ID') =>
  verification(page, market).getByRole('button', { name: new RegExp(`(\\d+)${ui[market].seconds}$|^${ui[market].t.getCode}$`) });

test.describe('pay-way: repay by card', () => {
  for (const market of ['IN', 'ID'] as const) {
    const c = ui[market];
    test(`pays the full due amount by card with the SMS code from the inbox, refusing no card, a short code and a wrong code (${market})`, async ({
      page,
      request,
    }) => {
      const borrower = await freshBorrower(request, market);
      const order = orderIn(borrower, OrderStatus.DueSoon);
      const way = await repaymentWay(request, borrower, order.orderId);
      const card = way.bankCards[0]!;
      expect(card, 'the fresh borrower has a bound card').toBeTruthy();
      // masked as PCI DSS allows: BIN and last 4 at most
      expect(card.cardNo.replace(/\D/g, '').length).toBeLessThanOrEqual(10);

      await openPayWay(page, borrower, order, way.amount);
      await expect(page.getByText(money(way.amount, market), { exact: true })).toBeVisible();
      // Indonesia also links to the method chooser (virtual account or mini market)
      const chooser = page.getByRole('link', { name: c.methodChooser });
      if (market === 'ID') {
        await expect(chooser).toHaveAttribute(
          'href',
          `/individual?orderId=${order.orderId}&productId=${order.productId}&amount=${way.amount}&display=1&purpose=repay`,
        );
      } else {
        await expect(chooser).toHaveCount(0);
      }
      const cardRadio = page.getByRole('radio', { name: `${card.bankName} ${card.cardNo}` });
      // the card index starts as none
      await expect(cardRadio).not.toBeChecked();
      await page.getByRole('button', { name: c.pay }).click();
      await expect(toast(page, c.t.selectBankCardFirst)).toBeVisible();
      await expect(verification(page, market)).toHaveCount(0);
      await expectAccessible(page);

      await cardRadio.check();
      await page.getByRole('button', { name: c.pay }).click();
      const dialog = verification(page, market);
      await expect(dialog).toBeVisible();
      // the resend button counts down in seconds and cannot be used meanwhile
      await expect(resendButton(page, market)).toHaveText(new RegExp(`\\d+${c.seconds}$`));
      await expect(resendButton(page, market)).toBeDisabled();
      await expectAccessible(page);

      const code = await latestSmsCode(request, borrower.phone);
      const input = dialog.getByLabel(c.code);
      await input.fill(`${code.slice(0, 3)}a-${code.slice(3, 5)}`);
      await expect(input).toHaveValue(code.slice(0, 5));
      await dialog.getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, c.t.enterCorrectVerificationCode)).toBeVisible();

      await input.fill(wrongCodeOf(code));
      await dialog.getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, c.t.verificationCodeWrong)).toBeVisible();
      await expect(dialog).toBeVisible();

      await input.fill(code);
      await dialog.getByRole('button', { name: c.confirm }).click();
      await expectSettledOnBorrowDetail(page, request, borrower, order);
    });
  }

  test("the resend button counts down 60 s, then reads 'Get code'; resend restarts it and cancel resets it", async ({ page, request }) => {
    const market = 'IN';
    const c = ui[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await page.clock.install();
    await openPayWay(page, borrower, order, way.amount);
    await page.getByRole('radio').first().check();
    // from here the page's clock moves only when the test moves it
    await page.clock.pauseAt(Date.now() + 60_000);

    await page.getByRole('button', { name: c.pay }).click();
    const resend = resendButton(page, market);
    await expect(resend).toHaveText(seconds(c, 60));
    await page.clock.runFor(1_000);
    await expect(resend).toHaveText(seconds(c, 59));
    await page.clock.runFor(59_000);
    await expect(resend).toHaveText(c.t.getCode);
    await expect(resend).toBeEnabled();

    // resend is a commit with sendMsg 1: a new code, and the countdown starts again
    const commits: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/repayment-commit')) commits.push(sent.postData() ?? '');
    });
    const codeBefore = await latestSmsCode(request, borrower.phone);
    await resend.click();
    await expect(resend).toHaveText(seconds(c, 60));
    expect(new URLSearchParams(commits.at(-1)).get('sendMsg')).toBe('1');
    await page.clock.runFor(3_000);
    await expect(resend).toHaveText(seconds(c, 57));
    expect(await latestSmsCode(request, borrower.phone)).not.toBe(codeBefore);

    // cancel closes the dialog and resets the timer: paying again starts from 60 s, not 57
    await verification(page, market).getByRole('button', { name: c.t.cancel }).click();
    await expect(verification(page, market)).toHaveCount(0);
    await page.getByRole('button', { name: c.pay }).click();
    await expect(resend).toHaveText(seconds(c, 60));
    await page.clock.runFor(1_000);
    await expect(resend).toHaveText(seconds(c, 59));
  });

  test("an old #/payway link of the native shell lands on /payway with its parameters, painted by the server, paying with the server's token (decision 168)", async ({
    page,
    request,
  }) => {
    const market = 'IN';
    const c = ui[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    const card = way.bankCards[0]!;
    const wayCalls: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.endsWith(Endpoints.repaymentWay.path)) wayCalls.push(sent.url());
    });
    const documents: string[] = [];
    page.on('response', (answer) => {
      if (answer.request().resourceType() === 'document') documents.push(new URL(answer.url()).pathname);
    });
    const served = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/payway');
    const problems = await watch(page);

    // the shell's link: the device and session on the address, the page's own parameters after the hash
    const { orderId: _order, ...device } = pageParams(borrower, order);
    const pageOwn = { orderId: order.orderId, productId: order.productId, withholdingAmount: way.amount, purpose: 'repay' };
    await page.goto(
      `${appUrl('/', device)}#/payway?${new URLSearchParams(Object.entries(pageOwn).map(([name, value]) => [name, String(value)]))}`,
    );

    const html = await (await served).text();
    expect(html).toContain('data-ssr="IN:/payway"');
    expect(html).toContain(money(way.amount, market));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/payway');
    const address = new URL(page.url());
    expect(address.hash).toBe('');
    expect(Object.fromEntries(address.searchParams)).toMatchObject({
      isNeedPop: '1',
      deviceId: borrower.deviceId,
      orderId: order.orderId,
      productId: order.productId,
      withholdingAmount: String(way.amount),
      purpose: 'repay',
    });
    // the token leaves the address once the app runs, as on every page (DESIGN §3): its scripts come after the paint (decision 179)
    await expect.poll(() => new URL(page.url()).searchParams.has('sessionId')).toBe(false);
    // two documents: the official home's, replaced by the boot script, and pay-way's
    expect(documents).toEqual(['/', '/payway']);

    await expect(page.getByRole('heading', { level: 1, name: c.payWay })).toBeVisible();
    await expect(page.getByText(money(way.amount, market), { exact: true })).toBeVisible();
    await expectHydrated(page);
    // hydrated: the server's heading is the one on screen, with no hydration warning
    expect(problems).toEqual([]);
    expect(await keptServerHeading(page)).toBe(true);
    await expectAccessible(page);

    // the page pays with the token the server's render got: the browser asks repayment-way for none
    await page.getByRole('radio', { name: `${card.bankName} ${card.cardNo}` }).check();
    await page.getByRole('button', { name: c.pay }).click();
    await expect(verification(page, market)).toBeVisible();
    expect(wayCalls).toEqual([]);
  });

  test('pays the first pending installment from the installments page through pay-way: one more period paid', async ({ page, request }) => {
    const market = 'IN';
    const c = ui[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.InstallmentPartlyPaid);
    const before = await callAs<Plan>(request, borrower, 'installmentPlan', order);
    const first = before.repayPlanDetail.repayWaitDetail[0]!;

    await page.goto(appUrl('/repay', pageParams(borrower, order)));
    await page.getByRole('checkbox', { name: `Period ${first.periodNo} ${first.amount}` }).check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/payway\\?orderId=${order.orderId}&productId=${order.productId}&withholdingAmount=${first.totalAmount}&purpose=repay$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: c.payWay })).toBeVisible();
    await expect(page.getByText(money(first.totalAmount, market), { exact: true })).toBeVisible();

    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: c.pay }).click();
    const dialog = verification(page, market);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(c.code).fill(await latestSmsCode(request, borrower.phone));
    await dialog.getByRole('button', { name: c.confirm }).click();
    await expectPaymentResult(page, market, order, 'paid');
    await page.getByRole('link', { name: resultUi[market].viewLoan }).click();
    await expect(page).toHaveURL(new RegExp(`#/borrowDetail/\\?productId=${order.productId}&orderId=${order.orderId}(&|$)`));

    const after = await callAs<Plan>(request, borrower, 'installmentPlan', order);
    expect(after.repayPlanDetail.repayYetDetail).toHaveLength(before.repayPlanDetail.repayYetDetail.length + 1);
    expect(after.repayPlanDetail.repayYetDetail.map((period) => period.periodNo)).toContain(first.periodNo);
    const details = await loanDetails(request, borrower, order);
    const lastPeriod = before.repayPlanDetail.repayWaitDetail.length === 1;
    expect(details.orderStatus).toBe(lastPeriod ? OrderStatus.Settled : OrderStatus.InstallmentPartlyPaid);
    await expect(page.getByRole('heading', { level: 2, name: details.noticeStatusText })).toBeVisible();
  });
});

test.describe('third-party payment page', () => {
  test('Continue opens the sandbox checkout; its Pay returns to the payment result, then borrow detail with the order settled', async ({
    page,
    request,
  }) => {
    const market = 'IN';
    const c = ui[market];
    const borrower = await freshBorrower(request, market);
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    expect(way.alipay).toBe(1);

    await openPayWay(page, borrower, order, way.amount);
    await page.getByRole('link', { name: c.thirdParty }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `#/alipayrepayment\\?orderId=${order.orderId}&productId=${order.productId}&withholdingAmount=${way.amount}&from=payway&purpose=repay$`,
      ),
    );
    await expect(page.getByRole('heading', { level: 1, name: c.checkout })).toBeVisible();
    await expect(page.getByText(money(way.amount, market), { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: c.continue }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: c.sandboxPay, exact: true }).click();
    await expectSettledOnBorrowDetail(page, request, borrower, order);
  });

  test('speaks Bahasa Indonesia in the Indonesia pack', async ({ page, request }) => {
    const c = ui.ID;
    const borrower = await freshBorrower(request, 'ID');
    const order = orderIn(borrower, OrderStatus.DueSoon);
    const way = await repaymentWay(request, borrower, order.orderId);
    await page.goto(
      appUrl('/#/alipayrepayment', { ...pageParams(borrower, order), withholdingAmount: way.amount, from: 'payway', purpose: 'repay' }),
    );
    await expect(page.getByRole('heading', { level: 1, name: c.checkout })).toBeVisible();
    await expect(page.getByText(money(way.amount, 'ID'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: c.continue })).toBeVisible();
    await expectAccessible(page);
  });
});
