import { Limits, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orderPeriods, payments } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount, payOutApproved } from '../../test/disbursal.js';

const t = useTestApp();

interface Session {
  sessionId: string;
  deviceId: string;
  userId: string;
  orders: { orderId: string; productId: string; status: number }[];
}
type Ids = { orderId: string; productId: string };

const freshBorrower = async (market: Market): Promise<Session> => {
  const response = await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const orderIn = (session: Session, status: OrderStatus): Ids => {
  const order = session.orders.find((entry) => entry.status === status);
  if (!order) throw new Error(`no order in ${status}`);
  return { orderId: order.orderId, productId: order.productId };
};

const orderNow = async (orderId: string) => {
  const order = await t.app.orders.repository.findById(Number(orderId));
  const { status, facts } = await t.app.orders.withStatus(order!);
  return { status, outstandingMinor: facts.position.outstandingMinor };
};

/** What the repay pages ask today (repayment-way's amount). */
const repayAmount = async (session: Session, orderId: string): Promise<number> =>
  (await call(t.app, 'repaymentWay', { session, query: { market: Market.Indonesia }, body: { orderId, purpose: 'repay' } })).json().data
    .amount;
const paymentCount = async () => (await t.database.db.select({ n: count() }).from(payments))[0]!.n;

const initPayType = (session: Session, ids: Ids, payType: number, market = 'ID') =>
  call(t.app, 'initPayType', { session, query: { market }, body: { ...ids, pay_type: String(payType) } });

const generate = (session: Session, ids: Ids, fields: Record<string, string>) =>
  call(t.app, 'generateVirtualAccount', {
    session,
    body: { ...ids, pay_type: '1', payCode: 'BCA', specific_num: 'ATM', is_default: '1', is_display: '1', ...fields },
  });

const devPay = (vcode: string) => t.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode } });

describe('init-pay-type', () => {
  it('lists the banks with their ways to pay (pay_type 1) and the mini markets (pay_type 2)', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.DueSoon);
    const banks = await initPayType(session, ids, 1);
    expect(banks.statusCode).toBe(200);
    const list = banks.json().data.list;
    expect(list.map((bank: { payCode: string }) => bank.payCode)).toEqual(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA']);
    expect(list[0]).toEqual({
      bankName: 'BCA',
      payCode: 'BCA',
      method: [
        { name: 'ATM', code: 'ATM' },
        { name: 'Mobile banking', code: 'MBANKING' },
        { name: 'Internet banking', code: 'IBANKING' },
      ],
    });
    const shops = await initPayType(session, ids, 2);
    expect(shops.json().data.list).toEqual([
      { bankName: 'Alfamart', payCode: 'ALFAMART', method: [] },
      { bankName: 'Indomaret', payCode: 'INDOMARET', method: [] },
    ]);
  });

  it('answers paymentMethodUnavailable in India, and forbidden for another borrower’s order', async () => {
    const india = await freshBorrower(Market.India);
    const response = await initPayType(india, orderIn(india, OrderStatus.DueSoon), 1, 'IN');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(enIN.paymentMethodUnavailable);

    const [owner, other] = [await freshBorrower(Market.Indonesia), await freshBorrower(Market.Indonesia)];
    const forbidden = await initPayType(other, orderIn(owner, OrderStatus.DueSoon), 1);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe(ResultCode.Forbidden);
  });
});

describe('generate-vcode', () => {
  it('issues a virtual account with the bill number, the steps of the chosen way to pay, the expiry and customer service', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.DueSoon);
    const response = await generate(session, ids, { amount: '12345600', specific_num: 'MBANKING' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      amount: 12_345_600,
      payType: 1,
      payCode: 'BCA',
      specificNum: 'MBANKING',
      payName: 'BCA (Mobile banking)',
      telephone: t.config.support.ID.smWa,
      remainingAmount: 0,
    });
    expect(data.vcode).toMatch(/^39108\d{11}$/);
    expect(data.cardNo).toMatch(/^RP[A-Z2-7]{20}$/);
    expect(data.expiryTime).toMatch(/^\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}:\d{2}$/);
    expect(data.payStep.join(' ')).toContain(data.vcode);
    expect(data.payStep.join(' ')).toContain('Rp\u00a0123.456,00');
    expect(data.payStep[0]).toBe('Buka aplikasi mobile banking BCA dan masuk.');
  });

  it('shows the same code again when the page is reopened for the same order, purpose, bank and amount', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.DueSoon);
    const first = (await generate(session, ids, { amount: '5000000' })).json().data;
    const again = (await generate(session, ids, { amount: '5000000', specific_num: 'IBANKING' })).json().data;
    expect(again.vcode).toBe(first.vcode);
    expect(again.cardNo).toBe(first.cardNo);
    expect(again.payName).toBe('BCA (Internet banking)');
    const otherAmount = (await generate(session, ids, { amount: '6000000' })).json().data;
    expect(otherAmount.vcode).not.toBe(first.vcode);
    const otherBank = (await generate(session, ids, { amount: '5000000', payCode: 'BNI' })).json().data;
    expect(otherBank.vcode).not.toBe(first.vcode);
  });

  it('settles a due order (174) paid in full at a bank, through the sandbox webhook: status 200', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.DueSoon);
    const { outstandingMinor } = await orderNow(ids.orderId);
    // in full: interest to today, the days before the due date not held are not charged (DESIGN §4)
    const payoff = await repayAmount(session, ids.orderId);
    expect(payoff).toBeLessThan(outstandingMinor);
    const data = (await generate(session, ids, { amount: String(payoff) })).json().data;
    const paid = await devPay(data.vcode);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ code: '00', data: { status: 'paid' } });
    expect(await orderNow(ids.orderId)).toEqual({ status: OrderStatus.Settled, outstandingMinor: 0 });
    // paid: the code no longer takes money
    expect((await devPay(data.vcode)).statusCode).toBe(404);
    const details = await call(t.app, 'loanDetails', { session, body: ids });
    expect(details.json().data.orderStatus).toBe(OrderStatus.Settled);
  });

  it('keeps an installment order in 3 when one more period is paid, and closes it early (4) when all are paid', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.InstallmentPartlyPaid);
    const plan = (await call(t.app, 'installmentPlan', { session, body: ids })).json().data;
    expect(plan.repayPlanDetail.repayWaitDetail).toHaveLength(2);
    const nextPeriod = plan.repayPlanDetail.repayWaitDetail[0].totalAmount;

    const one = (await generate(session, ids, { amount: String(nextPeriod), payCode: 'MANDIRI' })).json().data;
    expect((await devPay(one.vcode)).statusCode).toBe(200);
    const afterOne = await orderNow(ids.orderId);
    expect(afterOne.status).toBe(OrderStatus.InstallmentPartlyPaid);
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `payment:${one.cardNo}`));
    const lines = (entry!.meta as { lines: { periodNo: number; component: string; amountMinor: number }[] }).lines;
    expect(lines.map((line) => line.periodNo)).toEqual([2, 2, 2]);
    expect(lines.map((line) => line.component)).toEqual(['fee', 'interest', 'principal']);
    const left = (await call(t.app, 'installmentPlan', { session, body: ids })).json().data.repayPlanDetail.repayWaitDetail;
    expect(left.map((period: { periodNo: number }) => period.periodNo)).toEqual([3]);

    // the last period falls due months from now: closing the loan today is a prepayment, at the quote the server gives
    const quote = (
      await call(t.app, 'repaymentWay', { session, query: { market: Market.Indonesia }, body: { orderId: ids.orderId, purpose: 'repay' } })
    ).json().data.amount;
    expect(quote).toBeLessThan(afterOne.outstandingMinor);
    const tooMuch = await generate(session, ids, { amount: String(afterOne.outstandingMinor), payCode: 'MANDIRI' });
    expect(tooMuch.statusCode).toBe(400);
    const rest = (await generate(session, ids, { amount: String(quote), payCode: 'MANDIRI' })).json().data;
    expect((await devPay(rest.vcode)).statusCode).toBe(200);
    expect(await orderNow(ids.orderId)).toEqual({ status: OrderStatus.ClosedEarly, outstandingMinor: 0 });
    // the interest not yet earned is waived by its own row, in the posting's transaction
    const [waiver] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `waiver:payment:${rest.cardNo}`));
    expect(waiver?.amountMinor).toBe(afterOne.outstandingMinor - quote);
  });

  it('issues a mini-market code for at most Rp 5,000,000 and says what stays owed (split)', async () => {
    // a borrower with one loan open, whose limit leaves room for Rp 6,000,000 more (issue 29: other open loans count against it)
    const session: Session = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${Market.Indonesia}&fresh=due` })).json();
    // a validated account the loan is sent to (issue 28)
    await giveDisbursalAccount(t, Number(session.userId));
    const products = (await t.app.orders.listForBorrower(Number(session.userId))).map(({ order }) => order.productId);
    const pushed = await call(t.app, 'loanPush', {
      session,
      body: { productId: String(products[0]), amount: String(600_000_000), periods: '91', termUnit: '1' },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const orderId = new URLSearchParams(pushed.json().data.lendDetailsUrl.split('?')[1]).get('orderId')!;
    // decided at submit; the payout job sends the money (the sandbox pays at once)
    await payOutApproved(t);
    // into the due window (day 89 of 91): every period is due; closing the loan costs interest to the day
    t.clock.advance(89 * 86_400_000);
    // a session lasts hours, not months: the borrower signs in again
    session.sessionId = (await t.app.auth.sessions.issue(Number(session.userId), session.deviceId)).token;
    const { outstandingMinor } = await orderNow(orderId);
    // what closing it costs today: interest to day 89, not 91 (DESIGN §4)
    const payoff = await repayAmount(session, orderId);
    expect(payoff).toBeGreaterThan(Limits.miniMarketMaxMinor);
    const ids = { orderId, productId: String(products[0]) };
    const response = await generate(session, ids, {
      amount: String(payoff),
      pay_type: '2',
      payCode: 'ALFAMART',
      specific_num: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      amount: Limits.miniMarketMaxMinor,
      remainingAmount: payoff - Limits.miniMarketMaxMinor,
      payType: 2,
      payName: 'Alfamart',
      specificNum: '',
    });
    expect(data.vcode).toMatch(/^KLT\d{11}$/);
    expect(data.payStep[0]).toContain('Alfamart');
    expect((await devPay(data.vcode)).statusCode).toBe(200);
    expect((await orderNow(orderId)).outstandingMinor).toBe(outstandingMinor - Limits.miniMarketMaxMinor);
  });

  it('refuses an unknown bank, a way to pay the bank does not offer, an unknown mini market, and stores nothing', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.DueSoon);
    const before = await paymentCount();
    const unknownBank = await generate(session, ids, { amount: '100000', payCode: 'CITI' });
    expect(unknownBank.statusCode).toBe(400);
    expect(unknownBank.json().message).toBe(idID.bankNotSupported);
    const noInternetBanking = await generate(session, ids, { amount: '100000', payCode: 'BRI', specific_num: 'IBANKING' });
    expect(noInternetBanking.json().message).toBe(idID.paymentMethodUnavailable);
    const noMethod = await generate(session, ids, { amount: '100000', specific_num: '' });
    expect(noMethod.json().message).toBe(idID.paymentMethodUnavailable);
    const unknownShop = await generate(session, ids, { amount: '100000', pay_type: '2', payCode: 'SEVENELEVEN' });
    expect(unknownShop.json().message).toBe(idID.paymentMethodUnavailable);
    expect(await paymentCount()).toBe(before);
  });

  it('refuses more than is owed, an order of another product, another borrower’s order and India, and stores nothing', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.DueSoon);
    const before = await paymentCount();
    const { outstandingMinor } = await orderNow(ids.orderId);
    const tooMuch = await generate(session, ids, { amount: String(outstandingMinor + 1) });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/^Jumlah melebihi tagihan \(Rp\s[\d.]+,\d{2}\)\.$/);
    const installments = orderIn(session, OrderStatus.InstallmentPartlyPaid);
    const mismatch = await generate(session, { orderId: ids.orderId, productId: installments.productId }, { amount: '100000' });
    expect(mismatch.json().message).toBe(idID.loanProductMismatch);
    const settled = await generate(session, orderIn(session, OrderStatus.Settled), { amount: '100000' });
    expect(settled.json().message).toBe(idID.nothingToRepay);

    const other = await freshBorrower(Market.Indonesia);
    const forbidden = await generate(other, ids, { amount: '100000' });
    expect(forbidden.statusCode).toBe(403);

    const india = await freshBorrower(Market.India);
    const unavailable = await call(t.app, 'generateVirtualAccount', {
      session: india,
      query: { market: 'IN' },
      body: {
        ...orderIn(india, OrderStatus.DueSoon),
        amount: '100000',
        payCode: 'BCA',
        pay_type: '1',
        specific_num: 'ATM',
        is_default: '0',
        is_display: '1',
      },
    });
    expect(unavailable.statusCode).toBe(400);
    expect(unavailable.json().message).toBe(enIN.paymentMethodUnavailable);
    expect(await paymentCount()).toBe(before);
  });
});

describe('generate-vcode for an extension (purpose delay)', () => {
  it('takes exactly the fee; once paid the order is extended (5) and every unpaid period is due the offer’s days later', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const ids = orderIn(session, OrderStatus.DueSoon);
    const offer = (await call(t.app, 'delayDetail', { session, body: ids })).json().data;
    const fee = offer.delayShouldPayAmount as number;
    const newDueDate = offer.orderDetail.detail.find((row: { text: string }) => row.text === idID.delayNewDueDate).value;

    const wrongFee = await generate(session, ids, { amount: String(fee + 100), purpose: 'delay' });
    expect(wrongFee.statusCode).toBe(409);
    expect(wrongFee.json().message).toBe(idID.extensionFeeMismatch);

    const data = (await generate(session, ids, { amount: String(fee), purpose: 'delay' })).json().data;
    expect(data.amount).toBe(fee);
    expect((await devPay(data.vcode)).statusCode).toBe(200);

    expect((await orderNow(ids.orderId)).status).toBe(OrderStatus.Extended);
    const periods = await t.database.db
      .select()
      .from(orderPeriods)
      .where(eq(orderPeriods.orderId, Number(ids.orderId)));
    expect(periods.map((period) => period.dueDate)).toEqual([newDueDate]);
    expect((await t.app.orders.repository.findById(Number(ids.orderId)))?.dueDate).toBe(newDueDate);
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `payment:${data.cardNo}`));
    expect(entry).toMatchObject({ kind: 'extension_fee', amountMinor: fee });
  });

  it('refuses an extension of an order that cannot be extended', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const response = await generate(session, orderIn(session, OrderStatus.Disbursed), { amount: '100000', purpose: 'delay' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(idID.loanExtensionUnavailable);
  });
});
