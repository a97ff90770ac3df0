import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema.js';
import { useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower, TestCards } from '../../test/card-flow.js';
import { RECONCILE_AFTER_MS, RECONCILIATION_JOB, reconcileEventId } from './reconciliation.js';
import { sandboxTransport } from './webhook-routes.js';

/**
 * How the gateway's webhook fails to arrive: 'lost' answers 200 without taking it (the callback
 * went missing after the gateway charged), 'down' answers 503 (the process died before the
 * gateway's answer came back, so the payment never learnt its charge id).
 */
let webhooks: 'deliver' | 'lost' | 'down' = 'deliver';

const t = useTestApp({
  extend: (app) => {
    // the sandbox's deliveries pass through here once the app is ready: lost (a 200 that took nothing) or down (a 503)
    app.addHook('onReady', async () => {
      const { gateway: sandbox, payments } = app.payments;
      const deliver = sandboxTransport(payments, sandbox, app.log);
      sandbox.connect(async (rawBody, headers) => {
        if (webhooks === 'deliver') return deliver(rawBody, headers);
        return webhooks === 'lost' ? 200 : 503;
      });
    });
  },
});
const flow = cardFlow(t);

/** A card repayment of the borrower's overdue order confirmed while the webhook does not come through. */
const stuckPayment = async (borrower: FreshBorrower, card: string, failure: 'lost' | 'down') => {
  const order = flow.orderIn(borrower, OrderStatus.Overdue);
  const { way, cardId, repaymentRecordId, code } = await flow.awaitingCode(borrower, order, card);
  webhooks = failure;
  try {
    const confirmed = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    if (failure === 'lost') expect(confirmed.json().code).toBe('00');
    else expect(confirmed.statusCode).toBe(500);
  } finally {
    webhooks = 'deliver';
  }
  const [payment] = (await flow.paymentsOf(order.orderId)).filter((each) => each.publicId === repaymentRecordId);
  expect(payment!.status).toBe('submitted');
  // the borrower tapping pay again with the same token is told the payment is on its way
  const again = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
  expect(again.json().code).toBe(ResultCode.RepeatedRepayment);
  return { order, way, cardId, payment: payment! };
};

const paymentNow = async (orderId: string, publicId: string) =>
  (await flow.paymentsOf(orderId)).find((each) => each.publicId === publicId)!;

const reconcile = () => t.app.jobs.runNow(RECONCILIATION_JOB);

describe('payment reconciliation', () => {
  it('asks the gateway after 5 minutes; a charge that succeeded is posted once, as its webhook would have', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const { order, payment } = await stuckPayment(borrower, TestCards.withCode, 'lost');
    expect(payment.gatewayRef).toMatch(/^ch_ok_/);

    t.clock.advance(RECONCILE_AFTER_MS - 60_000);
    await reconcile();
    expect((await paymentNow(order.orderId, payment.publicId)).status).toBe('submitted');
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);

    t.clock.advance(2 * 60_000);
    const run = await reconcile();
    expect(run?.result).toMatchObject({ posted: 1 });
    expect((await paymentNow(order.orderId, payment.publicId)).status).toBe('paid');
    const rows = await flow.repaymentRows(order.orderId);
    expect(rows.map((row) => [row.amountMinor, row.idempotencyKey])).toEqual([[payment.amountMinor, `payment:${payment.publicId}`]]);
    const events = await t.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.gateway, 'sandbox'), eq(webhookEvents.eventId, reconcileEventId(payment))));
    expect(events).toHaveLength(1);

    // a second run posts nothing more: the payment is paid, and the event's key is taken
    t.clock.advance(10 * 60_000);
    await reconcile();
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });

  it('fails a payment the gateway never received (not_charged), and the borrower can then pay again', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const { order, payment } = await stuckPayment(borrower, TestCards.withCode, 'down');
    expect(payment.gatewayRef).toBeNull();

    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    const run = await reconcile();
    expect(run?.result).toMatchObject({ failed: 1 });
    expect(await paymentNow(order.orderId, payment.publicId)).toMatchObject({ status: 'failed', failureReason: 'not_charged' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);

    // a new attempt: a new repay token, committed with a card that needs no code, is paid
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const paid = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    expect(paid.json().code, paid.body).toBe('00');
    expect(await paymentNow(order.orderId, paid.json().data.repayRecordId)).toMatchObject({ status: 'paid' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });

  it('fails a charge the bank declined without its webhook, posting nothing', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const { order, payment } = await stuckPayment(borrower, TestCards.declined, 'lost');
    expect(payment.gatewayRef).toMatch(/^ch_no_/);

    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    await reconcile();
    expect(await paymentNow(order.orderId, payment.publicId)).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
  });
});
