/**
 * Payment reconciliation (issue 12): a card payment left 'submitted' for more than 5 minutes
 * lost its webhook (the process died between the database and the gateway, or the delivery
 * never came). The gateway is asked what became of it; its answer goes through the same path as
 * a webhook (PaymentsService.applyWebhookEvent, event id `reconcile:<public id>`), so a success
 * is posted once whatever arrives later, and a failure ('not_charged' when the gateway never saw
 * the debit) frees the order for the borrower's next attempt.
 *
 * With a real gateway (issue 16) a checkout, virtual account or mini-market payment can lose its
 * webhook too: open ones are asked about every 5 minutes; a paid one is posted, an expired one
 * closed, one still open left for the next time. (The sandbox confirms those by hand, so they
 * are not asked of it.)
 */
import { and, asc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { type Payment, payments } from '../../db/schema.js';
import { SANDBOX_GATEWAY } from './gateways/sandbox/sandbox-gateway.js';
import type { WebhookEvent } from './ports.js';
import type { PaymentsService, WebhookOutcome } from './service.js';

export const RECONCILIATION_JOB = 'payment-reconciliation';

/** A submitted card payment is asked about once it has waited this long for its webhook. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** Payments asked about per run; the next run takes the rest. */
const BATCH = 100;

export const reconcileEventId = (payment: Pick<Payment, 'publicId'>) => `reconcile:${payment.publicId}`;

export class PaymentReconciliation {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentsService,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  async run(now: Date): Promise<Record<string, number>> {
    const stuck = await this.db
      .select()
      .from(payments)
      .where(
        and(
          or(
            eq(payments.method, 'card'),
            and(
              ne(payments.gateway, SANDBOX_GATEWAY),
              inArray(payments.method, ['checkout', 'virtual_account', 'mini_market', 'upi', 'ewallet', 'qris']),
            ),
          ),
          eq(payments.status, 'submitted'),
          lte(payments.updatedAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(BATCH);
    const counts: Record<string, number> = { checked: stuck.length, posted: 0, failed: 0, unchanged: 0, errors: 0 };
    for (const payment of stuck) {
      try {
        const outcome = await this.reconcile(payment, now);
        if (outcome === 'posted') counts.posted! += 1;
        else if (outcome === 'applied') counts.failed! += 1;
        else counts.unchanged! += 1;
      } catch (error) {
        // one gateway that does not answer leaves the others to be reconciled; the next run asks again
        counts.errors! += 1;
        this.log.error({ err: error, paymentRef: payment.publicId }, 'payment reconciliation failed');
      }
    }
    return counts;
  }

  private async reconcile(payment: Payment, now: Date): Promise<WebhookOutcome> {
    const gateway = this.payments.gatewayNamed(payment.gateway);
    if (!gateway) throw new Error(`payment gateway ${payment.gateway} is not registered`);
    const found = await gateway.lookupPayment({ paymentRef: payment.publicId, gatewayRef: payment.gatewayRef, method: payment.method });
    const card = payment.method === 'card';
    if (found === 'pending' || (!card && found === 'not_found')) {
      // still open at the gateway (or, for a code or checkout, not known there: an operator's question): asked again in 5 minutes
      if (found === 'not_found') this.log.warn({ paymentRef: payment.publicId }, 'the gateway does not know an open payment');
      await this.db.update(payments).set({ updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      return 'unchanged';
    }
    const event: WebhookEvent = {
      id: reconcileEventId(payment),
      type: found === 'succeeded' ? 'payment.succeeded' : card ? 'payment.failed' : 'payment.expired',
      gatewayRef: payment.gatewayRef ?? payment.publicId,
      paymentRef: payment.publicId,
      amountMinor: payment.amountMinor,
      occurredAt: now.toISOString(),
      ...(found === 'succeeded' ? {} : { failureReason: !card ? 'expired' : found === 'failed' ? 'card_declined' : 'not_charged' }),
    };
    const outcome = await this.payments.applyWebhookEvent(payment.gateway, event);
    if (outcome === 'duplicate' || outcome === 'amount-mismatch' || outcome === 'unknown-payment') {
      this.log.warn({ paymentRef: payment.publicId, outcome }, 'reconciliation left a submitted payment as it was');
    }
    return outcome;
  }
}
