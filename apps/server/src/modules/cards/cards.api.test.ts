import { type EndpointName, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankCards, payments, repayTokens, smsMessages } from '../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, statementsDuring, useTestApp } from '../../test/app.js';
import { cardFlow, TestCards } from '../../test/card-flow.js';
import { cardBanks } from '../payments/catalogue.js';
import { smsOutbox } from '../sms/outbox-table.js';

const t = useTestApp();
let flow: ReturnType<typeof cardFlow>;

beforeAll(async () => {
  flow = cardFlow(t);
}, SETUP_TIMEOUT_MS);

const cardsOf = (borrowerId: string) =>
  t.database.db
    .select()
    .from(bankCards)
    .where(eq(bankCards.borrowerId, Number(borrowerId)));
const rowCount = async (table: typeof payments | typeof repayTokens | typeof smsMessages) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

/** Any run of 7 or more digits of `cardNo` (more than the BIN, or more than the last 4 plus 3). */
const longRunsOf = (cardNo: string) => {
  const runs: string[] = [];
  for (let start = 0; start + 7 <= cardNo.length; start += 1) runs.push(cardNo.slice(start, start + 7));
  return runs;
};

describe('bank-list', () => {
  it("lists the banks a card may be bound from, of the session borrower's market", async () => {
    for (const market of [Market.India, Market.Indonesia]) {
      const borrower = await flow.freshBorrower(market);
      const response = await call(t.app, 'bankList', { session: borrower, query: { market } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: '00', message: 'success', data: { list: cardBanks[market] } });
    }
  });
});

describe('bind-card (#/addnormalcard)', () => {
  it('binds a Luhn-valid card and answers it masked, BIN and last 4 at most (PCI DSS)', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const before = (await cardsOf(borrower.userId)).length;
    const response = await flow.bindCard(borrower, '4242424242424242', { holderName: '  Asha   Verma ' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({ id: expect.stringMatching(/^\d+$/), bankName: 'HDFC Bank', cardNo: '424242******4242', bankCode: 'HDFC' });

    const rows = await cardsOf(borrower.userId);
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((card) => String(card.id) === data.id)!;
    expect(row).toMatchObject({ market: 'IN', bin: '424242', last4: '4242', holderName: 'Asha Verma', requiresOtp: true });
    expect(row.gatewayToken).not.toBe('');
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps no full card number in the database row, nor any 7-digit run of it', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const cardNo = '5555555555554444';
    const response = await flow.bindCard(borrower, cardNo, { holderName: 'Siti Rahayu' });
    expect(response.json().data.cardNo).toBe('555555******4444');
    const row = (await cardsOf(borrower.userId)).find((card) => String(card.id) === response.json().data.id)!;
    const stored = JSON.stringify(row);
    for (const run of longRunsOf(cardNo)) expect(stored).not.toContain(run);
  });

  it('answers the card already bound when the same card is bound again: one row, not two', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const first = await flow.bindCard(borrower, TestCards.withoutCode);
    const before = (await cardsOf(borrower.userId)).length;
    const again = await flow.bindCard(borrower, TestCards.withoutCode, { holderName: 'Asha V' });
    expect(again.json().data).toEqual(first.json().data);
    expect(await cardsOf(borrower.userId)).toHaveLength(before);

    const atOnce = await Promise.all(Array.from({ length: 5 }, () => flow.bindCard(borrower, '6011111111111117')));
    expect(new Set(atOnce.map((answer) => answer.json().data.id)).size).toBe(1);
    expect(await cardsOf(borrower.userId)).toHaveLength(before + 1);
  });

  it('refuses a number whose Luhn digit is wrong, a bank of another market, an unknown bank, too few digits and a bad name, storing nothing', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const before = (await cardsOf(borrower.userId)).length;
    const cases: [Record<string, string>, string][] = [
      [{ cardNo: '4111111111111112' }, enIN.cardNumberInvalid],
      [{ bankCode: 'BCA' }, enIN.bankNotSupported],
      [{ bankCode: 'NOPE' }, enIN.bankNotSupported],
      [{ holderName: 'Asha 4111111111111111' }, enIN.cardHolderNameInvalid],
      [{ holderName: '-- --' }, enIN.cardHolderNameInvalid],
    ];
    for (const [overrides, message] of cases) {
      const response = await flow.bindCard(borrower, overrides.cardNo ?? TestCards.withCode, overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json(), JSON.stringify(overrides)).toEqual({ code: ResultCode.InvalidRequest, message, data: null });
    }
    for (const [field, overrides] of [
      ['cardNo', { cardNo: '41111111111' }],
      ['cardNo', { cardNo: '4111 1111 1111 1111' }],
      ['cardNo', { cardNo: '41111111111111111111' }],
      ['holderName', { holderName: 'A' }],
      ['holderName', { holderName: 'A'.repeat(61) }],
    ] as const) {
      const response = await flow.bindCard(borrower, TestCards.withCode, overrides);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message, JSON.stringify(overrides)).toBe(enIN.invalidRequest.replace('{fields}', field));
    }
    expect(await cardsOf(borrower.userId)).toHaveLength(before);
  });

  it('speaks Indonesian to an Indonesian borrower', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const response = await flow.bindCard(borrower, '4111111111111112');
    expect(response.json().message).toBe(idID.cardNumberInvalid);
  });
});

describe('repayment-way', () => {
  it('answers the masked cards, alipay 1, the amount owed and a repay token (only its hash is stored)', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const numbers = [TestCards.withCode, TestCards.withoutCode];
    for (const cardNo of numbers) await flow.boundCard(borrower, cardNo);

    const response = await flow.repaymentWay(borrower, { orderId: order.orderId });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe('00');
    expect(body.data.alipay).toBe(1);
    expect(body.data.repayToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.amount).toBeGreaterThan(0);
    const shown = body.data.bankCards.map((card: { cardNo: string }) => card.cardNo);
    expect(shown).toEqual(expect.arrayContaining(['411111******1111', '400000******0077']));
    for (const card of body.data.bankCards) expect(Object.keys(card).sort()).toEqual(['bankCode', 'bankName', 'cardNo', 'id']);
    for (const cardNo of numbers) for (const run of longRunsOf(cardNo)) expect(response.body).not.toContain(run);

    const [token] = await t.database.db
      .select()
      .from(repayTokens)
      .where(eq(repayTokens.orderId, Number(order.orderId)));
    expect(token).toMatchObject({ purpose: 'repay', amountMinor: body.data.amount, usedAt: null });
    expect(token!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(token!.tokenHash).not.toBe(body.data.repayToken);
  });

  it('binds the token to the amount asked, and refuses an amount over what is owed with the amount owed', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const owed = (await flow.openPayment(borrower, { orderId: order.orderId })).amount;
    expect((await flow.openPayment(borrower, { orderId: order.orderId, amount: String(owed - 1) })).amount).toBe(owed - 1);

    const tokens = await rowCount(repayTokens);
    const over = await flow.repaymentWay(borrower, { orderId: order.orderId, amount: String(owed + 1) });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe(ResultCode.InvalidRequest);
    expect(over.json().message).toMatch(/^The amount is more than is owed \(₹[\d,]+\.\d\d\)\.$/);
    expect(await rowCount(repayTokens)).toBe(tokens);
  });

  it('asks exactly the extension fee for purpose delay, and refuses another amount', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const owed = (await flow.openPayment(borrower, { orderId: order.orderId })).amount;
    const fee = (await flow.openPayment(borrower, { orderId: order.orderId, purpose: 'delay' })).amount;
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(owed);
    expect((await flow.openPayment(borrower, { orderId: order.orderId, purpose: 'delay', amount: String(fee) })).amount).toBe(fee);

    const other = await flow.repaymentWay(borrower, { orderId: order.orderId, purpose: 'delay', amount: String(fee + 100) });
    expect(other.json()).toEqual({ code: ResultCode.InvalidRequest, message: idID.extensionFeeMismatch, data: null });
  });

  it('refuses an order with nothing owed (settled) and one that cannot be extended', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const settled = await flow.repaymentWay(borrower, { orderId: flow.orderIn(borrower, OrderStatus.Settled).orderId });
    expect(settled.json().message).toBe(enIN.nothingToRepay);
    const disbursed = flow.orderIn(borrower, OrderStatus.Disbursed);
    const delay = await flow.repaymentWay(borrower, { orderId: disbursed.orderId, purpose: 'delay' });
    expect(delay.json().message).toBe(enIN.loanExtensionUnavailable);
  });
});

describe('round trips of repayment-way and of a first commit (decisions 116, 117, 119)', () => {
  it('reads the order in one statement and writes the token with the cards read in one more', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    await flow.boundCard(borrower, TestCards.withCode);
    await flow.openPayment(borrower, { orderId: order.orderId });
    let way: Awaited<ReturnType<typeof flow.openPayment>> | undefined;
    const sent = await statementsDuring(t.database, async () => {
      way = await flow.openPayment(borrower, { orderId: order.orderId });
    });
    expect(sent).toBe(2);
    expect(way!.bankCards.map((card) => card.cardNo)).toEqual(['411111******1111']);
    const tokens = await t.database.db
      .select()
      .from(repayTokens)
      .where(eq(repayTokens.orderId, Number(order.orderId)));
    expect(tokens).toHaveLength(2);
  });

  it('opens the payment in one statement, and its code goes out handed over, not claimed by a drain', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    let answer: Awaited<ReturnType<typeof flow.commit>> | undefined;
    // the SMS's delivery may start before the answer is read: its statements are not the commit's
    const sent = await statementsDuring(
      t.database,
      async () => {
        answer = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
      },
      (text) => !/sms_messages|update "sms_outbox"/i.test(text),
    );
    expect(answer!.json()).toMatchObject({ code: '00', data: { needValid: 1 } });
    // the token was checked on the order's state as it still is: no read (decision 119)
    expect(sent).toBe(1);

    const { code } = await flow.latestSms(borrower.phone);
    const [message] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.phone, borrower.phone))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    // a drain's claim would have made it a second attempt
    expect(message).toMatchObject({ status: 'sent', attempts: 1, purpose: 'repayment' });
    expect(message!.body).toContain(code);
  });
});

describe("ownership: another borrower's order, card or payment", () => {
  it("refuses another borrower's order on repayment-way with 403, issuing no token", async () => {
    const owner = await flow.freshBorrower(Market.India);
    const stranger = await flow.freshBorrower(Market.India);
    const tokens = await rowCount(repayTokens);
    const response = await flow.repaymentWay(stranger, { orderId: flow.orderIn(owner, OrderStatus.DueSoon).orderId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.forbidden, data: null });
    expect(await rowCount(repayTokens)).toBe(tokens);
  });

  it("refuses to pay with another borrower's card (cardNotFound), or with another borrower's token, starting no payment", async () => {
    const owner = await flow.freshBorrower(Market.India);
    const stranger = await flow.freshBorrower(Market.India);
    const ownersCard = await flow.boundCard(owner, TestCards.withCode);
    const strangersOrder = flow.orderIn(stranger, OrderStatus.DueSoon);
    const way = await flow.openPayment(stranger, { orderId: strangersOrder.orderId });
    const before = await rowCount(payments);

    const withOwnersCard = await flow.commit(stranger, {
      orderId: strangersOrder.orderId,
      amount: way.amount,
      cardId: ownersCard,
      repayToken: way.repayToken,
    });
    expect(withOwnersCard.statusCode).toBe(404);
    expect(withOwnersCard.json()).toEqual({ code: ResultCode.NotFound, message: enIN.cardNotFound, data: null });

    // the owner replays the stranger's token on the stranger's order: the order is not theirs
    const ownersTry = await flow.commit(owner, {
      orderId: strangersOrder.orderId,
      amount: way.amount,
      cardId: ownersCard,
      repayToken: way.repayToken,
    });
    expect(ownersTry.statusCode).toBe(403);
    // and on their own order: the token is not theirs
    const ownersOrder = flow.orderIn(owner, OrderStatus.DueSoon);
    const crossed = await flow.commit(owner, {
      orderId: ownersOrder.orderId,
      amount: way.amount,
      cardId: ownersCard,
      repayToken: way.repayToken,
    });
    expect(crossed.json().message).toBe(enIN.repayTokenInvalid);
    expect(await rowCount(payments)).toBe(before);
  });

  it("refuses to confirm another borrower's payment (notFound), or a payment with another order of one's own", async () => {
    const owner = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(owner, OrderStatus.DueSoon);
    const { repaymentRecordId, code } = await flow.awaitingCode(owner, order);
    const stranger = await flow.freshBorrower(Market.India);

    const onOwnersOrder = await flow.confirm(stranger, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    expect(onOwnersOrder.statusCode).toBe(403);
    const onOwnOrder = await flow.confirm(stranger, {
      orderId: flow.orderIn(stranger, OrderStatus.DueSoon).orderId,
      verifyCode: code,
      repaymentRecordId,
    });
    expect(onOwnOrder.statusCode).toBe(404);
    expect(onOwnOrder.json()).toEqual({ code: ResultCode.NotFound, message: enIN.notFound, data: null });
    const otherOrder = await flow.confirm(owner, {
      orderId: flow.orderIn(owner, OrderStatus.Overdue).orderId,
      verifyCode: code,
      repaymentRecordId,
    });
    expect(otherOrder.statusCode).toBe(404);

    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
    expect((await flow.confirm(owner, { orderId: order.orderId, verifyCode: code, repaymentRecordId })).json().code).toBe('00');
  });

  it.each<EndpointName>(['bankList', 'bindCard', 'repaymentWay', 'repaymentCommit', 'repaymentConfirm'])(
    'answers %s without a session with 401',
    async (name) => {
      const sent = await rowCount(smsMessages);
      const response = await call(t.app, name, { query: { market: 'IN' }, body: { orderId: '1' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(ResultCode.Unauthenticated);
      expect(await rowCount(smsMessages)).toBe(sent);
    },
  );
});
