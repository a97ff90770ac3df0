/**
 * Refunds of overpayments through the payout port (issue 31 item 2, decision 164). An approved
 * refund queues a refund payout in the approval's transaction (the outbox, `queueRefundPayout`):
 * its own reference (`RF<approval id>`) and idempotency key, stored before any call. The payout job
 * claims due refund payouts after the disbursals, with the same lease and the same key rules: a
 * payout that may have reached the gateway is looked up before it is created again; a call without
 * an answer is tried again with the same key. What the gateway says — from the job's call or a
 * webhook — is recorded here: processed posts the `refund` ledger row (once, by its reference);
 * a failure ends the refund (nothing was posted, so the overpayment can be refunded again); a
 * refund the bank returned after it landed posts `refund_reversal`.
 */
import { randomUUID } from 'node:crypto';
import { formatMoney, interpolate, localeOf } from '@kilat/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { borrowers, type DisbursalAccount, disbursalAccounts, orders, type RefundPayoutRow, refundPayouts } from '../../db/schema.js';
import { textIn } from '../../http/language.js';
import { businessDateAt } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { postRefund, postRefundReversal } from '../ledger/posting.js';
import { recordMessage } from '../messages/repository.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import type { PayoutAccounts } from './accounts.js';
import type { PayoutGateways } from './gateways.js';
import type { PayoutEvent, PayoutState } from './ports.js';

/** A refund payout's reference: the gateway's reference_id, and how a webhook finds it. */
export const refundReference = (approvalId: number) => `RF${approvalId}`;
export const isRefundReference = (reference: string) => /^RF\d+$/.test(reference);

/** A claimed refund payout may take this long (its gateway calls) before another instance may take it over. */
const LEASE_MS = 2 * 60_000;
/** A refund the gateway holds as processing is asked about again after this; a call without an answer is tried again after this. */
const POLL_MS = 10 * 60_000;
const BATCH = 50;

export type RefundOutcome = 'processing' | 'processed' | 'failed' | 'reversed' | 'ignored' | 'errors';

interface RefundLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface RefundPayoutsDeps {
  db: Db;
  clock: Clock;
  gateways: PayoutGateways;
  accounts: PayoutAccounts;
  sms: Pick<SmsProvider, 'send'>;
  log: RefundLog;
}

/** The refund's payout, queued in the approval's transaction: sent by the payout job once that commits. */
export const queueRefundPayout = async (
  tx: Db,
  input: {
    approvalId: number;
    orderId: number;
    borrowerId: number;
    market: RefundPayoutRow['market'];
    accountId: number;
    gateway: string;
    amountMinor: number;
    now: Date;
  },
): Promise<RefundPayoutRow> => {
  const [row] = await tx
    .insert(refundPayouts)
    .values({
      publicId: refundReference(input.approvalId),
      approvalId: input.approvalId,
      orderId: input.orderId,
      borrowerId: input.borrowerId,
      disbursalAccountId: input.accountId,
      market: input.market,
      gateway: input.gateway,
      amountMinor: input.amountMinor,
      idempotencyKey: randomUUID(),
      status: 'queued',
      nextTryAt: input.now,
    })
    .returning();
  return row!;
};

const isOpen = (row: Pick<RefundPayoutRow, 'status'>) => row.status === 'queued' || row.status === 'processing';

export class RefundPayouts {
  constructor(private readonly deps: RefundPayoutsDeps) {}

  /** The payout job's pass over due refund payouts: each claimed, called after the claim committed, its answer recorded. */
  async run(now: Date): Promise<Record<RefundOutcome | 'claimed', number>> {
    const result: Record<RefundOutcome | 'claimed', number> = {
      claimed: 0,
      processing: 0,
      processed: 0,
      failed: 0,
      reversed: 0,
      ignored: 0,
      errors: 0,
    };
    const claimed = rowsOf<{ id: string | number; tries: number }>(
      await this.deps.db.execute(sql`
        WITH due AS (
          SELECT id FROM refund_payouts
          WHERE status IN ('queued', 'processing') AND next_try_at <= ${now}
            AND (claimed_until IS NULL OR claimed_until <= ${now})
          ORDER BY next_try_at, id
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE refund_payouts r SET claimed_until = ${new Date(now.getTime() + LEASE_MS)}, tries = r.tries + 1, updated_at = ${now}
        FROM due WHERE r.id = due.id
        RETURNING r.id, r.tries`),
    );
    if (claimed.length === 0) return result;
    const rows = await this.deps.db
      .select({ refund: refundPayouts, account: disbursalAccounts, borrowerName: borrowers.name })
      .from(refundPayouts)
      .innerJoin(disbursalAccounts, eq(disbursalAccounts.id, refundPayouts.disbursalAccountId))
      .innerJoin(borrowers, eq(borrowers.id, refundPayouts.borrowerId))
      .where(
        inArray(
          refundPayouts.id,
          claimed.map((row) => Number(row.id)),
        ),
      );
    result.claimed = rows.length;
    for (const { refund, account, borrowerName } of rows) {
      try {
        const state = await this.call(refund, account, borrowerName);
        result[await this.deps.db.transaction((tx) => this.record(tx, refund.id, state, now))] += 1;
      } catch (error) {
        // nothing is known: the same key is tried after the wait (a second create with it makes no second payout)
        this.deps.log.warn({ err: error, refund: refund.publicId }, 'refund payout call failed; tried again with the same key');
        await this.deps.db
          .update(refundPayouts)
          .set({ claimedUntil: null, nextTryAt: new Date(now.getTime() + POLL_MS), updatedAt: now })
          .where(eq(refundPayouts.id, refund.id));
        result.errors += 1;
      }
    }
    return result;
  }

  private async call(refund: RefundPayoutRow, account: DisbursalAccount, borrowerName: string): Promise<PayoutState> {
    const gateway = this.deps.gateways.byName(refund.gateway);
    if (!gateway) throw new Error(`the payout gateway ${refund.gateway} is not configured`);
    if (refund.tries > 1 || refund.status === 'processing' || refund.gatewayPayoutId !== null) {
      // a try ran before: never a new payout while one may be on its way
      const found = await gateway.lookupPayout({
        reference: refund.publicId,
        idempotencyKey: refund.idempotencyKey,
        gatewayPayoutId: refund.gatewayPayoutId,
      });
      if (found !== 'not_found') return found;
    }
    return gateway.createPayout({
      idempotencyKey: refund.idempotencyKey,
      reference: refund.publicId,
      market: refund.market,
      amountMinor: refund.amountMinor,
      destination: this.deps.accounts.destinationOf(account),
      gatewayAccountId: account.gatewayAccountId,
      narration: borrowerName,
    });
  }

  /** A verified webhook event of a refund payout, in the webhook's transaction (which stored its event id). */
  async applyEvent(tx: Db, gatewayName: string, event: PayoutEvent): Promise<RefundOutcome | 'unknown'> {
    const [found] = await tx
      .select({ id: refundPayouts.id })
      .from(refundPayouts)
      .where(and(eq(refundPayouts.gateway, gatewayName), eq(refundPayouts.publicId, event.reference)))
      .limit(1);
    if (!found) return 'unknown';
    return this.record(tx, found.id, event.state, this.deps.clock.now());
  }

  /**
   * The borrower told, in the transaction that posts the refund — so only once the gateway confirmed
   * it: a message-centre message (rendered in the reader's language, once per refund by its key) and
   * an SMS in their market's language (the outbox sends it after commit).
   */
  private async tell(tx: Db, refund: RefundPayoutRow, day: string, utr: string | null, now: Date): Promise<void> {
    const [found] = await tx
      .select({ phone: borrowers.phone, orderNo: orders.orderNo, last4: disbursalAccounts.last4 })
      .from(orders)
      .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
      .innerJoin(disbursalAccounts, eq(disbursalAccounts.id, refund.disbursalAccountId))
      .where(eq(orders.id, refund.orderId));
    if (!found) return;
    await recordMessage(tx, {
      borrowerId: refund.borrowerId,
      orderId: refund.orderId,
      kind: 'refunded',
      params: { orderNo: found.orderNo, amountMinor: refund.amountMinor, last4: found.last4, date: day, utr: utr ?? '' },
      idempotencyKey: `refunded:${refund.publicId}`,
      shownAt: now,
    });
    if (!found.phone) return;
    const body = interpolate(textIn(localeOf(refund.market), 'smsRefundSent'), {
      amount: formatMoney(refund.amountMinor, refund.market),
      orderNo: found.orderNo,
      last4: found.last4,
      date: day,
      utr: utr ?? '',
    });
    await this.deps.sms.send({ market: refund.market, phone: found.phone, purpose: 'disbursal', body }, tx);
  }

  /** What the gateway said of one refund payout, under its row lock; states only move forward. */
  private async record(tx: Db, id: number, state: PayoutState, now: Date): Promise<RefundOutcome> {
    const [refund] = await tx.select().from(refundPayouts).where(eq(refundPayouts.id, id)).for('update');
    if (!refund) return 'ignored';
    const open = isOpen(refund);
    const at = state.occurredAt ? new Date(state.occurredAt) : now;
    const day = businessDateAt(Number.isNaN(at.getTime()) || at.getTime() > now.getTime() ? now : at, refund.market);
    const seen = { gatewayPayoutId: state.gatewayPayoutId || refund.gatewayPayoutId, claimedUntil: null, updatedAt: now };
    const ledger = {
      orderId: refund.orderId,
      reference: refund.publicId,
      amountMinor: refund.amountMinor,
      businessDate: day,
      gateway: refund.gateway,
      gatewayPayoutId: seen.gatewayPayoutId,
    };
    const set = (values: Partial<typeof refundPayouts.$inferInsert>) =>
      tx
        .update(refundPayouts)
        .set({ ...seen, ...values })
        .where(eq(refundPayouts.id, id));
    switch (state.status) {
      case 'processing':
        if (!open) return 'ignored';
        await set({ status: 'processing', nextTryAt: new Date(now.getTime() + POLL_MS) });
        return 'processing';
      case 'processed':
        if (!open) return 'ignored';
        // the money reached the borrower: the overpayment is paid back, in the ledger once
        await postRefund(tx, { ...ledger, utr: state.utr });
        await set({ status: 'processed', utr: state.utr, processedOn: day, failureCode: null, failureReason: null });
        await this.tell(tx, refund, day, state.utr, now);
        return 'processed';
      case 'failed':
      case 'cancelled':
        if (!open) return 'ignored';
        // nothing was posted: the overpayment stays refundable and an operator may ask again (a new request, a new key)
        await set({ status: 'failed', failureCode: state.failureCode, failureReason: state.failureReason });
        return 'failed';
      case 'reversed':
        if (refund.status === 'processed') {
          await postRefundReversal(tx, ledger);
          await set({ status: 'reversed', reversedOn: day });
          return 'reversed';
        }
        if (!open) return 'ignored';
        await set({ status: 'reversed', reversedOn: day, utr: state.utr });
        return 'reversed';
    }
  }
}
