import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentCodes, repayTokens } from '../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { anotherCode, cardFlow, TestCards } from '../../test/card-flow.js';
import { REPAY_CODE_SENDS_MAX } from './service.js';

const t = useTestApp();
let flow: ReturnType<typeof cardFlow>;

beforeAll(async () => {
  flow = cardFlow(t);
}, SETUP_TIMEOUT_MS);

const SECOND = 1000;

describe('repay by card (spec §4): commit, SMS code, confirm', () => {
  it('repays a due order in full: commit sends the code by SMS, confirm posts one repayment row and the loan shows settled (200)', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });

    const committed = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    expect(committed.statusCode).toBe(200);
    const { data } = committed.json();
    expect(data.needValid).toBe(1);
    expect(data.repayRecordId).toMatch(/^RP[A-Z2-7]{20}$/);
    const sms = await flow.latestSms(borrower.phone);
    expect(sms.purpose).toBe('repayment');
    expect(sms.body).toContain('5 minutes');
    expect(sms.body).toContain('₹');
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);

    const confirmed = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: sms.code, repaymentRecordId: data.repayRecordId });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ code: '00', message: 'success', data: { repayRecordId: data.repayRecordId } });

    const rows = await flow.repaymentRows(order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotencyKey).toBe(`payment:${data.repayRecordId}`);
    expect(rows[0]!.amountMinor).toBe(way.amount);
    const [payment] = await flow.paymentsOf(order.orderId);
    expect(payment).toMatchObject({ status: 'paid', method: 'card', cardId: Number(cardId), amountMinor: way.amount });
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.Settled);
  });

  it('repays one installment of an installment loan: one repayment row, and the loan stays in installments (3)', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.InstallmentPartlyPaid);
    const plan = await call(t.app, 'installmentPlan', {
      session: borrower,
      query: { market: 'ID' },
      body: { orderId: order.orderId, productId: order.productId },
    });
    const { repayWaitDetail } = plan.json().data.repayPlanDetail;
    expect(repayWaitDetail.length).toBeGreaterThan(1);
    const installment = repayWaitDetail[0].totalAmount as number;

    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId, amount: String(installment) });
    expect(way.amount).toBe(installment);
    const committed = await flow.commit(borrower, { orderId: order.orderId, amount: installment, cardId, repayToken: way.repayToken });
    const { repayRecordId } = committed.json().data;
    const sms = await flow.latestSms(borrower.phone);
    expect(sms.body).toContain('5 menit');
    expect(sms.body).toContain('Rp');

    const confirmed = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: sms.code, repaymentRecordId: repayRecordId });
    expect(confirmed.json().code).toBe('00');
    const rows = await flow.repaymentRows(order.orderId);
    const posted = rows.filter((row) => row.idempotencyKey === `payment:${repayRecordId}`);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.amountMinor).toBe(installment);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.InstallmentPartlyPaid);
  });

  it('pays at once with a card that needs no code: needValid 0, no SMS, and the payment is already paid and posted', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.Overdue);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const sent = await flow.inboxSize(borrower.phone);

    const committed = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    expect(committed.json().code).toBe('00');
    const { needValid, repayRecordId } = committed.json().data;
    expect(needValid).toBe(0);
    expect(await flow.inboxSize(borrower.phone)).toBe(sent);
    const [payment] = await flow.paymentsOf(order.orderId);
    expect(payment).toMatchObject({ publicId: repayRecordId, status: 'paid' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.Settled);

    // the token started its one payment: paying again with it is a repeat
    const again = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    expect(again.json()).toMatchObject({ code: ResultCode.RepeatedRepayment, message: enIN.doNotSubmitTwice });
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(1);
  });

  it('answers paymentDeclined when the bank declines the card, and posts nothing', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order, TestCards.declined);

    const confirmed = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    expect(confirmed.json()).toEqual({ code: ResultCode.PaymentDeclined, message: enIN.paymentDeclined, data: null });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
    const [payment] = await flow.paymentsOf(order.orderId);
    expect(payment!.status).toBe('failed');
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.DueSoon);
  });
});

describe('repayment-confirm (spec §8: 800006, 800005; DESIGN §5: single use, 5 minutes, 5 attempts)', () => {
  it('answers 800006 "Verification code wrong" for a wrong code and posts nothing; the right code still works after', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order);

    const wrong = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: anotherCode(code), repaymentRecordId });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ code: ResultCode.WrongVerificationCode, message: enIN.verificationCodeWrong, data: null });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
    expect((await flow.paymentsOf(order.orderId))[0]!.status).toBe('awaiting_code');

    const right = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    expect(right.json().code).toBe('00');
  });

  it('speaks Indonesian to an Indonesian borrower: 800006 "Kode verifikasi salah"', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order);
    const wrong = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: anotherCode(code), repaymentRecordId });
    expect(wrong.json()).toEqual({ code: ResultCode.WrongVerificationCode, message: idID.verificationCodeWrong, data: null });
  });

  it('refuses a code older than 5 minutes as expired, and posts nothing', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order);

    t.clock.advance(5 * 60 * SECOND + SECOND);
    const late = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    expect(late.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.verificationCodeExpired, data: null });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
    expect((await flow.paymentsOf(order.orderId))[0]!.status).toBe('awaiting_code');
  });

  it('locks the code after 5 wrong attempts: even the right code is then refused, and nothing is posted', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order);

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: anotherCode(code), repaymentRecordId });
      expect(wrong.json().code, `attempt ${attempt}`).toBe(ResultCode.WrongVerificationCode);
    }
    const locked = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    expect(locked.json()).toEqual({ code: ResultCode.RateLimited, message: enIN.verificationCodeLocked, data: null });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
  });

  it('counts at most 5 wrong attempts even when 20 arrive at once', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        flow.confirm(borrower, { orderId: order.orderId, verifyCode: anotherCode(code), repaymentRecordId }),
      ),
    );
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((value) => value === ResultCode.WrongVerificationCode)).toHaveLength(5);
    expect(codes.filter((value) => value === ResultCode.RateLimited)).toHaveLength(15);
    const [stored] = await t.database.db
      .select()
      .from(paymentCodes)
      .where(eq(paymentCodes.paymentId, (await flow.paymentsOf(order.orderId))[0]!.id));
    expect(stored!.attempts).toBe(5);
  });

  it('answers 800005 "Do not submit repayment request twice" to a code confirmed again after success, posting nothing more', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order);
    expect((await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId })).json().code).toBe('00');

    const replay = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ code: ResultCode.RepeatedRepayment, message: enIN.doNotSubmitTwice, data: null });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });

  it('posts exactly once when 50 confirms of one payment arrive at once with the right code: one 00, 49 × 800005', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(borrower, order);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId })),
    );
    const codes = answers.map((answer) => answer.json().code);
    expect(codes.filter((value) => value === '00')).toHaveLength(1);
    expect(codes.filter((value) => value === ResultCode.RepeatedRepayment)).toHaveLength(49);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(1);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.Settled);
  });
});

describe('repayment-commit: one payment per repayToken, resend with sendMsg 1', () => {
  it('refuses a reused repayToken after its payment was made: 800005, and no second payment exists', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.Overdue);
    const { cardId, way, repaymentRecordId, code } = await flow.awaitingCode(borrower, order);
    expect((await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId })).json().code).toBe('00');
    const [token] = await t.database.db
      .select()
      .from(repayTokens)
      .where(eq(repayTokens.orderId, Number(order.orderId)));
    expect(token!.usedAt).not.toBeNull();

    for (const sendMsg of [0, 1] as const) {
      const again = await flow.commit(borrower, {
        orderId: order.orderId,
        amount: way.amount,
        cardId,
        repayToken: way.repayToken,
        sendMsg,
      });
      expect(again.json()).toEqual({ code: ResultCode.RepeatedRepayment, message: enIN.doNotSubmitTwice, data: null });
    }
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(1);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });

  it('makes one payment and sends one code when pay is tapped twice at once with the same token', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const sent = await flow.inboxSize(borrower.phone);

    const taps = await Promise.all(
      Array.from({ length: 5 }, () =>
        flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken }),
      ),
    );
    const records = new Set(taps.map((tap) => tap.json().data?.repayRecordId));
    expect(taps.map((tap) => tap.json().code)).toEqual(['00', '00', '00', '00', '00']);
    expect(records.size).toBe(1);
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(1);
    expect(await flow.inboxSize(borrower.phone)).toBe(sent + 1);

    const { code } = await flow.latestSms(borrower.phone);
    const confirmed = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId: [...records][0]! });
    expect(confirmed.json().code).toBe('00');
  });

  it('resends with sendMsg 1: a new code by SMS replaces the old one, which stops working, on the same payment', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { cardId, way, repaymentRecordId, code: first } = await flow.awaitingCode(borrower, order);

    t.clock.advance(60 * SECOND);
    const resent = await flow.commit(borrower, {
      orderId: order.orderId,
      amount: way.amount,
      cardId,
      repayToken: way.repayToken,
      sendMsg: 1,
    });
    // without a coupon nothing is taken off: the payment charges the token's amount (issue 50)
    expect(resent.json()).toEqual({
      code: '00',
      message: 'success',
      data: { needValid: 1, repayRecordId: repaymentRecordId, couponMoney: 0, payAmount: way.amount },
    });
    const { code: second } = await flow.latestSms(borrower.phone);
    // two random codes agree once in a million sends
    expect(second).not.toBe(first);
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(1);

    const old = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: first, repaymentRecordId });
    expect(old.json().code).toBe(ResultCode.WrongVerificationCode);
    const fresh = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: second, repaymentRecordId });
    expect(fresh.json().code).toBe('00');
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });

  it('gives a locked code a new life on resend: attempts start again at 0', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { cardId, way, repaymentRecordId, code } = await flow.awaitingCode(borrower, order);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await flow.confirm(borrower, { orderId: order.orderId, verifyCode: anotherCode(code), repaymentRecordId });
    }
    await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken, sendMsg: 1 });
    const { code: renewed } = await flow.latestSms(borrower.phone);
    const confirmed = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: renewed, repaymentRecordId });
    expect(confirmed.json().code).toBe('00');
  });

  it(`sends at most ${REPAY_CODE_SENDS_MAX} codes for one payment, then refuses to resend`, async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const { cardId, way } = await flow.awaitingCode(borrower, order);
    const resend = () =>
      flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken, sendMsg: 1 });
    for (let send = 2; send <= REPAY_CODE_SENDS_MAX; send += 1) {
      expect((await resend()).json().code, `send ${send}`).toBe('00');
    }
    const sent = await flow.inboxSize(borrower.phone);
    const refused = await resend();
    expect(refused.json()).toEqual({ code: ResultCode.RateLimited, message: enIN.repayCodeSendLimit, data: null });
    expect(await flow.inboxSize(borrower.phone)).toBe(sent);
  });

  it('refuses a repayToken used with another amount (repayAmountMismatch) or once it has expired, starting no payment', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId, amount: '100000' });

    const other = await flow.commit(borrower, { orderId: order.orderId, amount: 99_999, cardId, repayToken: way.repayToken });
    expect(other.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.repayAmountMismatch, data: null });
    const unknown = await flow.commit(borrower, { orderId: order.orderId, amount: 100_000, cardId, repayToken: 'not-a-token-we-issued' });
    expect(unknown.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.repayTokenInvalid, data: null });

    t.clock.advance(30 * 60 * SECOND + SECOND);
    const late = await flow.commit(borrower, { orderId: order.orderId, amount: 100_000, cardId, repayToken: way.repayToken });
    expect(late.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.repayTokenInvalid, data: null });
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(0);
  });

  it('refuses a token of another order of the same borrower', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const due = flow.orderIn(borrower, OrderStatus.DueSoon);
    const overdue = flow.orderIn(borrower, OrderStatus.Overdue);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: due.orderId, amount: '100000' });
    const crossed = await flow.commit(borrower, { orderId: overdue.orderId, amount: 100_000, cardId, repayToken: way.repayToken });
    expect(crossed.json().message).toBe(enIN.repayTokenInvalid);
    expect(await flow.paymentsOf(overdue.orderId)).toHaveLength(0);
    expect(await flow.paymentsOf(due.orderId)).toHaveLength(0);
  });

  it('pays an extension fee by card (purpose delay): the payment carries the purpose and the loan shows extended (5)', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId, purpose: 'delay' });
    const committed = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    const { repayRecordId } = committed.json().data;
    const { code } = await flow.latestSms(borrower.phone);
    expect((await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId: repayRecordId })).json().code).toBe(
      '00',
    );

    const [payment] = await flow.paymentsOf(order.orderId);
    expect(payment).toMatchObject({ purpose: 'delay', status: 'paid', amountMinor: way.amount });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.Extended);
  });
});
