/**
 * The loan's life follows the money (issue 28, DESIGN §4, decisions 135-137), through the real app,
 * the real database and the sandbox payout gateway, whose destinations decide by their last four
 * digits (docs/sandboxes.md): submit queues a payout in its own transaction, the payout job sends it after the
 * approval committed, and the gateway's answers and events move the order — 151 until the money
 * lands, 170 from the day it lands with the schedule counted from that day.
 */
import { formatMoney, interpolate, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ledgerEntries, orderPeriods, orders, payouts, products, webhookEvents } from '../../db/schema.js';
import { addDays, businessDateAt } from '../../lending/business-date.js';
import { call, type DemoSession, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { type SandboxPayoutGateway, SandboxPayoutTimings } from '../payments/gateways/sandbox/payout-gateway.js';
import { smsOutbox } from '../sms/outbox-table.js';
import { PAYOUT_LEASE_MS, RETRY_WAITS_MS } from './service.js';

const t = useTestApp();
const SECOND = 1000;
const DAY = 86_400_000;

interface Borrower extends DemoSession {
  phone: string;
}

/** A new borrower (one loan due soon) whose active account ends in `last4`. */
const borrowerWith = async (market: Market, last4 = '1234'): Promise<Borrower> => {
  const response = await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=due` });
  expect(response.statusCode, response.body).toBe(200);
  const borrower = response.json() as Borrower;
  await giveDisbursalAccount(t, Number(borrower.userId), last4);
  return borrower;
};

const firstProduct = async (market: Market) =>
  (await t.database.db.select().from(products).where(eq(products.market, market))).sort((a, b) => a.sortOrder - b.sortOrder)[0]!;

/** Submits a loan of the market's first (single-payment) product; answers the order's ids. */
const submit = async (borrower: Borrower) => {
  const product = await firstProduct(borrower.market);
  const body = { productId: String(product.id), amount: String(product.amountMinMinor), periods: String(product.termDays), termUnit: '1' };
  const response = await call(t.app, 'loanPush', { session: borrower, query: { market: borrower.market }, body });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = new URL(response.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
  return { orderId, productId: String(product.id) };
};

const detailsOf = async (borrower: Borrower, ids: { orderId: string; productId: string }) => {
  const response = await call(t.app, 'loanDetails', { session: borrower, query: { market: borrower.market }, body: ids });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const payoutsOf = (orderId: string) =>
  t.database.db
    .select()
    .from(payouts)
    .where(eq(payouts.orderId, Number(orderId)))
    .orderBy(asc(payouts.attempt));
const ledgerOf = (orderId: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, Number(orderId)))
    .orderBy(asc(ledgerEntries.id));
const smsTo = (phone: string) =>
  t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, phone), eq(smsOutbox.purpose, 'disbursal')))
    .orderBy(asc(smsOutbox.id));
const messagesOf = async (borrower: Borrower) =>
  (await call(t.app, 'messages', { session: borrower, query: { market: borrower.market } })).json().data.list as {
    kind: string;
    text: string;
  }[];

const sandbox = () => t.app.payoutGateways.byName('sandbox') as SandboxPayoutGateway;
/** The decision's time passes, then the payout job runs. */
const decideAndRun = async () => {
  return t.app.disbursal.run(t.clock.now());
};

describe('an approved loan is disbursed when its payout lands', () => {
  it.each([
    [Market.India, enIN],
    [Market.Indonesia, idID],
  ])(
    '%s: 151 with nothing owed until the payout job sends it; then the disbursement with its UTR, 170, the message and the SMS',
    async (market, pack) => {
      const borrower = await borrowerWith(market);
      const ids = await submit(borrower);
      // the outbox: a queued payout written with the order, its key stored before any call; no ledger row, no schedule
      const [queued] = await payoutsOf(ids.orderId);
      expect(queued).toMatchObject({ status: 'queued', attempt: 1, tries: 0, gatewayPayoutId: null, gateway: 'sandbox' });
      expect(queued!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(await ledgerOf(ids.orderId)).toEqual([]);
      expect(
        await t.database.db
          .select()
          .from(orderPeriods)
          .where(eq(orderPeriods.orderId, Number(ids.orderId))),
      ).toEqual([]);

      expect((await detailsOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursing);
      await t.app.disbursal.run(t.clock.now());

      const [landed] = await payoutsOf(ids.orderId);
      const today = t.clock.today(market);
      expect(landed).toMatchObject({ status: 'processed', processedOn: today, idempotencyKey: queued!.idempotencyKey });
      expect(landed!.utr).toMatch(/^\d{12}$/);
      const rows = await ledgerOf(ids.orderId);
      expect(rows.map((row) => [row.kind, row.amountMinor, row.businessDate])).toEqual([['disbursement', queued!.amountMinor, today]]);
      expect(rows[0]!.meta).toMatchObject({ utr: landed!.utr });
      expect(rows[0]!.idempotencyKey).toMatch(/^disbursement:KL/);

      const details = await detailsOf(borrower, ids);
      expect(details.orderStatus).toBe(OrderStatus.Disbursed);
      expect(details.disbursal).toEqual({
        state: 'sent',
        last4: '1234',
        amountMinor: queued!.amountMinor,
        sentOn: today,
        utr: landed!.utr,
        fixable: 0,
      });
      expect(details.userOrderDetail.detail).toEqual(
        expect.arrayContaining([
          { text: pack.loanSentTo, value: interpolate(pack.loanSentToValue, { last4: '1234' }) },
          { text: pack.loanDisbursedOn, value: today },
          { text: pack.loanUtr, value: landed!.utr },
        ]),
      );
      const [message] = await messagesOf(borrower);
      const order = (await t.app.orders.repository.findById(Number(ids.orderId)))!;
      const values = {
        orderNo: order.orderNo,
        last4: '1234',
        amount: formatMoney(queued!.amountMinor, market),
        date: today,
        utr: landed!.utr!,
      };
      expect(message).toMatchObject({ kind: 'disbursed', text: interpolate(pack.messageDisbursedText, values) });
      expect((await smsTo(borrower.phone)).map((sms) => sms.body)).toEqual([interpolate(pack.smsPayoutSent, values)]);

      // the job again: nothing more is sent or posted
      await t.app.disbursal.run(t.clock.now());
      expect(await ledgerOf(ids.orderId)).toHaveLength(1);
      expect(await smsTo(borrower.phone)).toHaveLength(1);
    },
  );

  it('counts interest and due dates from the day the payout landed, not from the approval (processing for two days)', async () => {
    const borrower = await borrowerWith(Market.India, '9003');
    const ids = await submit(borrower);
    const result = await decideAndRun();
    expect(result.processing).toBeGreaterThanOrEqual(1);
    const approvedOn = t.clock.today(Market.India);
    expect((await payoutsOf(ids.orderId))[0]!.status).toBe('processing');
    expect((await detailsOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursing);
    expect(await ledgerOf(ids.orderId)).toEqual([]);

    // a day later the gateway still has it: the job asks and nothing changes
    t.clock.advance(DAY);
    await t.app.disbursal.run(t.clock.now());
    expect((await payoutsOf(ids.orderId))[0]!.status).toBe('processing');

    t.clock.advance(SandboxPayoutTimings.slowProcessingMs - DAY + SECOND);
    await t.app.disbursal.run(t.clock.now());
    const [landed] = await payoutsOf(ids.orderId);
    expect(landed!.status).toBe('processed');
    // two days after the approval, every date follows
    expect(landed!.processedOn).toBe(addDays(approvedOn, 2));
    const product = await firstProduct(Market.India);
    const [period] = await t.database.db
      .select()
      .from(orderPeriods)
      .where(eq(orderPeriods.orderId, Number(ids.orderId)));
    expect(period!.dueDate).toBe(addDays(landed!.processedOn!, product.termDays));
    expect(period!.dueDate).toBe(addDays(approvedOn, product.termDays + 2));
    const [disbursement] = await ledgerOf(ids.orderId);
    expect(disbursement!.businessDate).toBe(landed!.processedOn);
    const order = (await t.app.orders.repository.findById(Number(ids.orderId)))!;
    expect(order.dueDate).toBe(period!.dueDate);
    expect(businessDateAt(order.disbursedAt!, Market.India)).toBe(landed!.processedOn);
    // interest is the whole term's from the payout's day: the order owes it as scheduled then
    const { replay } = await t.app.orders.withStatus(order);
    expect(replay.periods[0]!.dueDate).toBe(period!.dueDate);
    expect(replay.outstandingMinor).toBe(period!.principalMinor + period!.interestMinor + period!.feeMinor);
  });

  it("leaves the order honestly 'disbursing' while the lender's payout account is low (queued at the gateway)", async () => {
    const borrower = await borrowerWith(Market.Indonesia, '9007');
    const ids = await submit(borrower);
    await decideAndRun();
    expect((await payoutsOf(ids.orderId))[0]!.status).toBe('processing');
    const details = await detailsOf(borrower, ids);
    expect(details.orderStatus).toBe(OrderStatus.Disbursing);
    expect(details.disbursal.state).toBe('sending');
    expect(details.noticeStatusText).toBe(idID.loanNotice151);
    t.clock.advance(SandboxPayoutTimings.lowBalanceHeldMs + SECOND);
    await t.app.disbursal.run(t.clock.now());
    expect((await detailsOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursed);
  });

  it('refuses a submit without a validated disbursal account, in the borrower’s language, and stores nothing', async () => {
    const borrower = await borrowerWith(Market.Indonesia);
    await t.database.db.execute(sql`UPDATE disbursal_accounts SET replaced_at = now() WHERE borrower_id = ${Number(borrower.userId)}`);
    const product = await firstProduct(Market.Indonesia);
    const body = {
      productId: String(product.id),
      amount: String(product.amountMinMinor),
      periods: String(product.termDays),
      termUnit: '1',
    };
    const before = (
      await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.borrowerId, Number(borrower.userId)))
    ).length;
    const response = await call(t.app, 'loanPush', { session: borrower, query: { market: Market.Indonesia }, body });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: ResultCode.InvalidRequest, message: idID.loanNeedsDisbursalAccount, data: null });
    expect(
      (
        await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.borrowerId, Number(borrower.userId)))
      ).length,
    ).toBe(before);
  });
});

describe('when a payout fails', () => {
  it.each([
    ['9001', 'INVALID_DESTINATION', 'payoutReasonInvalid'],
    ['9006', 'ACCOUNT_CLOSED', 'payoutReasonClosed'],
  ] as const)(
    'a final failure (%s) stops: the borrower is told, gives another account and a new attempt with a new key lands',
    async (last4, code, reason) => {
      const borrower = await borrowerWith(Market.India, last4);
      const ids = await submit(borrower);
      await decideAndRun();
      const [failed] = await payoutsOf(ids.orderId);
      expect(failed).toMatchObject({ status: 'failed', failureCode: code, retryable: false });

      const details = await detailsOf(borrower, ids);
      expect(details.orderStatus).toBe(OrderStatus.Disbursing);
      expect(details.noticeStatusText).toBe(enIN.loanNoticePayoutFailed);
      expect(details.noticeDesText).toBe(interpolate(enIN.loanNoticeDesPayoutFailed, { last4, reason: enIN[reason] }));
      expect(details.disbursal).toMatchObject({ state: 'failed', fixable: 1, last4 });
      expect((await messagesOf(borrower))[0]!.kind).toBe('payoutFailed');
      const order = (await t.app.orders.repository.findById(Number(ids.orderId)))!;
      expect((await smsTo(borrower.phone)).map((sms) => sms.body)).toEqual([
        interpolate(enIN.smsPayoutFailed, { orderNo: order.orderNo, last4, amount: '', date: '', utr: '' }),
      ]);
      // nothing new until the borrower gives another account
      t.clock.advance(RETRY_WAITS_MS[4] + SECOND);
      await t.app.disbursal.run(t.clock.now());
      expect(await payoutsOf(ids.orderId)).toHaveLength(1);
      expect(await ledgerOf(ids.orderId)).toEqual([]);

      await giveDisbursalAccount(t, Number(borrower.userId), '4321');
      const result = await t.app.disbursal.run(t.clock.now());
      expect(result.requeued).toBeGreaterThanOrEqual(1);
      const [first, second] = await payoutsOf(ids.orderId);
      expect(first!.status).toBe('failed');
      expect(second).toMatchObject({ attempt: 2, status: 'processed' });
      expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
      expect((await ledgerOf(ids.orderId)).map((row) => row.kind)).toEqual(['disbursement']);
      expect((await detailsOf(borrower, ids)).disbursal).toMatchObject({ state: 'sent', last4: '4321' });
    },
  );

  it('a retryable failure (TEMPORARY_TRANSFER_ERROR) is tried again after the documented wait: the failed payout is final for its key, the next attempt has its own', async () => {
    const borrower = await borrowerWith(Market.Indonesia, '9005');
    const ids = await submit(borrower);
    await decideAndRun();
    const [failed, next] = await payoutsOf(ids.orderId);
    expect(failed).toMatchObject({ status: 'failed', retryable: true, failureCode: 'TEMPORARY_TRANSFER_ERROR', tries: 1 });
    expect(next).toMatchObject({ status: 'queued', attempt: 2, tries: 0, disbursalAccountId: failed!.disbursalAccountId });
    expect(next!.idempotencyKey).not.toBe(failed!.idempotencyKey);
    expect(next!.nextTryAt.getTime()).toBe(t.clock.now().getTime() + RETRY_WAITS_MS[0]);
    // the borrower sees the money on its way, and is not told of a failure that is being retried
    const details = await detailsOf(borrower, ids);
    expect(details.orderStatus).toBe(OrderStatus.Disbursing);
    expect(details.disbursal.state).toBe('sending');
    expect(await smsTo(borrower.phone)).toEqual([]);

    // not before the wait
    const create = vi.spyOn(sandbox(), 'createPayout');
    t.clock.advance(RETRY_WAITS_MS[0] - SECOND);
    await t.app.disbursal.run(t.clock.now());
    expect(create).not.toHaveBeenCalled();

    t.clock.advance(2 * SECOND);
    await t.app.disbursal.run(t.clock.now());
    const [, landed] = await payoutsOf(ids.orderId);
    expect(landed).toMatchObject({ status: 'processed', attempt: 2, tries: 1, idempotencyKey: next!.idempotencyKey });
    // the key stored before the call is the key the gateway got
    expect(create.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([next!.idempotencyKey]);
    create.mockRestore();
    expect((await detailsOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursed);
    expect((await ledgerOf(ids.orderId)).map((row) => row.idempotencyKey)).toEqual([`disbursement:${landed!.publicId.replace(/-2$/, '')}`]);
  });

  it('a call that gets no answer is tried again after the wait with the same key', async () => {
    const borrower = await borrowerWith(Market.India);
    const ids = await submit(borrower);
    const gateway = sandbox();
    const create = vi.spyOn(gateway, 'createPayout').mockRejectedValueOnce(new Error('gateway timeout'));
    await decideAndRun();
    const [waiting] = await payoutsOf(ids.orderId);
    expect(waiting).toMatchObject({ status: 'queued', attempt: 1, tries: 1, claimedUntil: null });
    expect(waiting!.nextTryAt.getTime()).toBe(t.clock.now().getTime() + RETRY_WAITS_MS[0]);
    t.clock.advance(RETRY_WAITS_MS[0] + SECOND);
    await t.app.disbursal.run(t.clock.now());
    const [landed] = await payoutsOf(ids.orderId);
    expect(landed).toMatchObject({ status: 'processed', attempt: 1, idempotencyKey: waiting!.idempotencyKey });
    expect(create.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([waiting!.idempotencyKey, waiting!.idempotencyKey]);
    create.mockRestore();
  });

  it('a borrower whose payout failed may cancel at no cost; the order is closed (110) and no new attempt is made', async () => {
    const borrower = await borrowerWith(Market.India, '9006');
    const ids = await submit(borrower);
    // while the payout is on its way the loan cannot be cancelled
    const early = await call(t.app, 'loanCancel', { session: borrower, query: { market: Market.India }, body: ids });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(enIN.loanCancelUnavailable);
    await decideAndRun();
    const cancelled = await call(t.app, 'loanCancel', { session: borrower, query: { market: Market.India }, body: ids });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const details = await detailsOf(borrower, ids);
    expect(details.orderStatus).toBe(OrderStatus.Rejected);
    expect(details.noticeStatusText).toBe(enIN.loanNoticeCancelled);
    expect(details.disbursal).toMatchObject({ state: 'cancelled', fixable: 0 });
    expect((await messagesOf(borrower))[0]!.kind).toBe('cancelled');
    // a new account now queues nothing for the cancelled loan
    await giveDisbursalAccount(t, Number(borrower.userId), '4321');
    await t.app.disbursal.run(t.clock.now());
    expect(await payoutsOf(ids.orderId)).toHaveLength(1);
    expect(await ledgerOf(ids.orderId)).toEqual([]);
    // another borrower cannot cancel it
    const other = await borrowerWith(Market.India);
    const forbidden = await call(t.app, 'loanCancel', { session: other, query: { market: Market.India }, body: ids });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('a payout reversed after it landed', () => {
  it('undoes the disbursal: the reversal is posted, nothing is owed, the order is disbursing again and the borrower is told', async () => {
    const borrower = await borrowerWith(Market.India, '9004');
    const ids = await submit(borrower);
    await decideAndRun();
    const [landed] = await payoutsOf(ids.orderId);
    expect(landed!.status).toBe('processed');
    expect((await detailsOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursed);

    t.clock.advance(SandboxPayoutTimings.reversedAfterMs + SECOND);
    // the sandbox tells its event to the application function the webhook route calls
    await sandbox().announce({ reference: landed!.publicId, gatewayPayoutId: landed!.gatewayPayoutId! });
    const [reversed] = await payoutsOf(ids.orderId);
    expect(reversed).toMatchObject({ status: 'reversed', reversedOn: t.clock.today(Market.India) });
    const rows = await ledgerOf(ids.orderId);
    expect(rows.map((row) => [row.kind, row.amountMinor])).toEqual([
      ['disbursement', landed!.amountMinor],
      ['disbursement_reversal', landed!.amountMinor],
    ]);
    const details = await detailsOf(borrower, ids);
    expect(details.orderStatus).toBe(OrderStatus.Disbursing);
    expect(details.noticeStatusText).toBe(enIN.loanNoticePayoutReversed);
    expect(details.disbursal).toMatchObject({ state: 'reversed', fixable: 1 });
    const order = (await t.app.orders.repository.findById(Number(ids.orderId)))!;
    const state = await t.app.orders.withStatus(order);
    expect(state.replay.outstandingMinor).toBe(0);
    expect(state.facts.disbursed).toBe(false);
    expect((await messagesOf(borrower))[0]!.kind).toBe('payoutReversed');
    expect((await smsTo(borrower.phone)).map((sms) => sms.body.startsWith('Kilat: your bank returned'))).toEqual([false, true]);
    // long after, no penalty and no interest for days without the money
    t.clock.advance(120 * DAY);
    const later = await t.app.orders.withStatus((await t.app.orders.repository.findById(Number(ids.orderId)))!);
    expect(later.status).toBe(OrderStatus.Disbursing);
    expect(later.replay.outstandingMinor).toBe(0);
    expect(later.replay.penaltiesChargedMinor).toBe(0);

    // another account: the money is sent again, and the loan starts from that day
    await giveDisbursalAccount(t, Number(borrower.userId), '4321');
    await t.app.disbursal.run(t.clock.now());
    const [, again] = await payoutsOf(ids.orderId);
    expect(again).toMatchObject({ attempt: 2, status: 'processed', processedOn: t.clock.today(Market.India) });
    const after = await t.app.orders.withStatus((await t.app.orders.repository.findById(Number(ids.orderId)))!);
    expect(after.status).toBe(OrderStatus.Disbursed);
    expect(after.replay.periods[0]!.dueDate).toBe(addDays(t.clock.today(Market.India), (await firstProduct(Market.India)).termDays));
    expect(
      (await ledgerOf(ids.orderId)).map((row) => row.idempotencyKey.split(':').slice(0, 1).concat(row.idempotencyKey.split(':').slice(2))),
    ).toEqual([['disbursement'], ['disbursement_reversal', '1'], ['disbursement', '2']]);
  });
});

describe('payout webhooks through POST /webhooks/payouts/sandbox', () => {
  const deliver = (event: Parameters<SandboxPayoutGateway['signedDelivery']>[0]) => {
    const { rawBody, headers } = sandbox().signedDelivery(event);
    return t.app.inject({ method: 'POST', url: '/webhooks/payouts/sandbox', payload: rawBody, headers });
  };

  it('accepts duplicates and events out of order: one disbursement; processing after processed and processed after reversed change nothing', async () => {
    const borrower = await borrowerWith(Market.India, '9003');
    const ids = await submit(borrower);
    await decideAndRun();
    const [processing] = await payoutsOf(ids.orderId);
    expect(processing!.status).toBe('processing');
    const at = t.clock.now().toISOString();
    const processed = {
      id: 'evt_processed_1',
      reference: processing!.publicId,
      state: {
        status: 'processed' as const,
        gatewayPayoutId: processing!.gatewayPayoutId!,
        utr: '123456789012',
        failureCode: null,
        failureReason: null,
        retryable: false,
        occurredAt: at,
      },
    };
    for (const response of [await deliver(processed), await deliver(processed)]) expect(response.statusCode, response.body).toBe(200);
    // the same state under another event id is still one disbursement
    expect((await deliver({ ...processed, id: 'evt_processed_2' })).statusCode).toBe(200);
    expect((await ledgerOf(ids.orderId)).map((row) => row.kind)).toEqual(['disbursement']);
    const stored = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.gateway, 'payouts/sandbox'));
    expect(stored.filter((row) => row.eventId.startsWith('evt_processed_'))).toHaveLength(2);

    const late = { ...processed, id: 'evt_processing_late', state: { ...processed.state, status: 'processing' as const, utr: null } };
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await payoutsOf(ids.orderId))[0]).toMatchObject({ status: 'processed', utr: '123456789012' });

    const reversed = { ...processed, id: 'evt_reversed', state: { ...processed.state, status: 'reversed' as const } };
    expect((await deliver(reversed)).statusCode).toBe(200);
    const again = { ...processed, id: 'evt_processed_3' };
    expect((await deliver(again)).statusCode).toBe(200);
    expect((await payoutsOf(ids.orderId))[0]!.status).toBe('reversed');
    expect((await ledgerOf(ids.orderId)).map((row) => row.kind)).toEqual(['disbursement', 'disbursement_reversal']);
    expect((await detailsOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursing);
  });

  it('refuses a delivery whose signature does not hold and an unknown gateway, changing nothing', async () => {
    const { rawBody, headers } = sandbox().signedDelivery({
      id: 'evt_forged',
      reference: 'KLIN-nothing-1',
      state: {
        status: 'processed',
        gatewayPayoutId: 'x',
        utr: null,
        failureCode: null,
        failureReason: null,
        retryable: false,
        occurredAt: null,
      },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/webhooks/payouts/sandbox',
      payload: rawBody.replace('evt_forged', 'evt_forgee'),
      headers,
    });
    expect(forged.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/webhooks/payouts/nogateway', payload: rawBody, headers })).statusCode).toBe(404);
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_forgee'))).toEqual([]);
  });
});

describe('the outbox and crash safety', () => {
  it('a rolled-back approval creates no payout, and the job sends nothing for it', async () => {
    const borrower = await borrowerWith(Market.India);
    const before = await t.database.db.select({ id: payouts.id }).from(payouts);
    // the approval's transaction fails after its payout row was written (a real database error)
    await t.database.db.execute(sql`CREATE FUNCTION fail_approval() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'approval failed'; END; $$`);
    await t.database.db.execute(sql`CREATE TRIGGER fail_approval AFTER INSERT ON payouts FOR EACH ROW EXECUTE FUNCTION fail_approval()`);
    try {
      const product = await firstProduct(Market.India);
      const body = {
        productId: String(product.id),
        amount: String(product.amountMinMinor),
        periods: String(product.termDays),
        termUnit: '1',
      };
      const response = await call(t.app, 'loanPush', { session: borrower, query: { market: Market.India }, body });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER fail_approval ON payouts`);
      await t.database.db.execute(sql`DROP FUNCTION fail_approval()`);
    }
    expect(await t.database.db.select({ id: payouts.id }).from(payouts)).toEqual(before);
    // no order either: the borrower has only the loan they had
    expect(
      (
        await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.borrowerId, Number(borrower.userId)))
      ).length,
    ).toBe(1);
    const create = vi.spyOn(sandbox(), 'createPayout');
    await decideAndRun();
    // every payout the job made is one of the stored attempts
    const references = new Set((await t.database.db.select({ publicId: payouts.publicId }).from(payouts)).map((row) => row.publicId));
    for (const [input] of create.mock.calls) expect(references.has(input.reference)).toBe(true);
    create.mockRestore();
  });

  it('a process killed between the gateway call and its commit leaves exactly one payout: the next run looks it up by reference', async () => {
    const borrower = await borrowerWith(Market.Indonesia);
    const ids = await submit(borrower);
    // the gateway takes the payout, then writing its answer fails (a real database error, as a process dying would leave it)
    await t.database.db.execute(sql`CREATE FUNCTION fail_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status <> OLD.status THEN RAISE EXCEPTION 'killed'; END IF; RETURN NEW; END; $$`);
    await t.database.db.execute(sql`CREATE TRIGGER fail_record BEFORE UPDATE ON payouts FOR EACH ROW EXECUTE FUNCTION fail_record()`);
    const create = vi.spyOn(sandbox(), 'createPayout');
    const lookup = vi.spyOn(sandbox(), 'lookupPayout');
    try {
      const crashed = await t.app.disbursal.run(t.clock.now());
      expect(crashed.errors).toBeGreaterThanOrEqual(1);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER fail_record ON payouts`);
      await t.database.db.execute(sql`DROP FUNCTION fail_record()`);
    }
    const [left] = await payoutsOf(ids.orderId);
    expect(left).toMatchObject({ status: 'queued', gatewayPayoutId: null, tries: 1 });
    expect(create.mock.calls.filter(([input]) => input.reference === left!.publicId)).toHaveLength(1);

    // before the lease runs out no other run takes it
    await t.app.disbursal.run(t.clock.now());
    expect(create.mock.calls.filter(([input]) => input.reference === left!.publicId)).toHaveLength(1);

    t.clock.advance(PAYOUT_LEASE_MS + SECOND);
    await t.app.disbursal.run(t.clock.now());
    const [landed] = await payoutsOf(ids.orderId);
    expect(landed).toMatchObject({ status: 'processed', idempotencyKey: left!.idempotencyKey });
    // found by its reference, not made again
    expect(lookup.mock.calls.some(([input]) => input.reference === left!.publicId && input.idempotencyKey === left!.idempotencyKey)).toBe(
      true,
    );
    expect(create.mock.calls.filter(([input]) => input.reference === left!.publicId)).toHaveLength(1);
    expect((await ledgerOf(ids.orderId)).map((row) => row.kind)).toEqual(['disbursement']);
    create.mockRestore();
    lookup.mockRestore();
  });
});
