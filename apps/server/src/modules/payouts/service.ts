/**
 * The loan's life follows the money (issue 28, DESIGN §4, decisions 135-137). The approval queues a
 * payout in its own transaction (the outbox, modules/payouts/repository.ts); this service sends it
 * after that commit and records what the gateway says — from the job's call, its look-up, or a
 * webhook, all through one function (`applyPayoutEvent` / `record`):
 *
 * - processed (RazorpayX `processed`, Xendit `SUCCEEDED`): the disbursement is posted with the UTR
 *   on the business date the money landed, the schedule is rebuilt from that day, and the borrower
 *   is told (message centre and SMS) — the order becomes 170;
 * - failed, retryable (bank offline, TEMPORARY_TRANSFER_ERROR): the gateway's failed payout is final
 *   for its key, so a next attempt with a new key (stored before its call) is queued after the
 *   documented wait; a call that got no answer (timeout, 5xx) is tried again with the SAME key;
 * - failed, final (account closed, invalid, dormant, name mismatch): the borrower is told and may
 *   give another account (a new attempt, a new key) or cancel at no cost;
 * - reversed after processed: the disbursal is undone in the ledger and the borrower is told;
 * - processing (pending, queued for low balance): nothing changes; the job asks again later.
 *
 * States only move forward: a 'processed' after 'reversed', or a 'processing' after 'processed',
 * changes nothing, so events may come in any order and more than once.
 */
import { formatMoney, interpolate, localeOf, type MessageKey, ResultCode } from '@kilat/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ledgerEntries, type Order, orderPeriods, orders, type PayoutRow, payouts, webhookEvents } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { textIn } from '../../http/language.js';
import { type BusinessDate, businessDateAt } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { scheduleOf } from '../../lending/pricing-view.js';
import { postDisbursementReversal, postDisbursements } from '../ledger/posting.js';
import { recordMessage, recordMessages } from '../messages/repository.js';
import type { MessageKind } from '../messages/table.js';
import { orderKey, owned } from '../orders/service.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import type { PayoutAccounts } from './accounts.js';
import { cancelDecision, type RetryDecision, retryDecision } from './actions.js';
import type { PayoutGateways } from './gateways.js';
import type { PayoutEvent, PayoutGateway, PayoutState } from './ports.js';
import { isRefundReference, RefundPayouts } from './refunds.js';
import { type ClaimedPayout, type Locked, type PayoutsRepository, payoutReference, type QueuedPayout, queuePayout } from './repository.js';

export const PAYOUT_JOB = 'payouts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A claimed payout may take this long (its gateway calls) before another instance may take it over. */
export const PAYOUT_LEASE_MS = 2 * MINUTE;
/** Rows claimed per statement; a run claims batches until none is due (or MAX_BATCHES). */
export const PAYOUT_BATCH = 200;
const MAX_BATCHES = 100;
/** Gateway calls in flight at once within a batch. */
const CALLS_AT_ONCE = 16;
/** A payout the gateway holds as processing (pending, queued for low balance) is asked about again after this. */
export const PROCESSING_POLL_MS = 10 * MINUTE;
/**
 * The waits before a retryable failure is tried again (decision 135): 5 minutes, 15 minutes, 1 hour,
 * 4 hours, then every 12 hours — counted by the order's retryable failures so far (a failed answer:
 * a new attempt and key) or by the attempt's tries (no answer: the same key).
 */
export const RETRY_WAITS_MS = [5 * MINUTE, 15 * MINUTE, HOUR, 4 * HOUR, 12 * HOUR] as const;
export const retryWait = (tries: number): number => RETRY_WAITS_MS[Math.min(Math.max(tries, 1), RETRY_WAITS_MS.length) - 1]!;

export type PayoutOutcome = 'processing' | 'processed' | 'retrying' | 'failed' | 'reversed' | 'ignored' | 'unknown' | 'duplicate';

export interface PayoutLog {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface PayoutsDeps {
  db: Db;
  clock: Clock;
  repository: PayoutsRepository;
  gateways: PayoutGateways;
  accounts: PayoutAccounts;
  sms: SmsProvider;
  log: PayoutLog;
}

/** What the gateway answered about one claimed payout, recorded with its batch. */
interface Answer {
  gatewayName: string;
  payoutId: number;
  reference: string;
  state: PayoutState;
}

interface Landing {
  locked: Locked;
  state: PayoutState;
}

/** An attempt still on its way: queued, or held by the gateway. */
const isOpen = (payout: Pick<PayoutRow, 'status'>) => payout.status === 'queued' || payout.status === 'processing';

/** Runs `work` over `items`, at most `limit` at once. */
const eachLimited = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
};

/** An operator's payout action refused: the order does not exist, or its state does not allow it (the explanation says why). */
export class PayoutActionRefused {
  constructor(
    readonly kind: 'notFound' | 'conflict',
    readonly explanation: string,
  ) {}
}

export class PayoutsService {
  /** refunds of overpayments go through the same gateways, job and webhook (decision 164) */
  readonly refunds: RefundPayouts;

  constructor(private readonly deps: PayoutsDeps) {
    this.refunds = new RefundPayouts(deps);
  }

  /** The gateway a market's new payouts go to (a refund's payout is queued to it). */
  gatewayOf(market: Order['market']): string {
    return this.deps.gateways.for(market).name;
  }

  /** The borrower's account a loan is sent to (submit asks it). */
  activeValidAccount(borrowerId: number, tx: Db) {
    return this.deps.accounts.activeValidAccount(borrowerId, tx);
  }

  /** The approval's outbox: the first payout of an approved order, queued in the submit's transaction, sent once the decision shows. */
  queueFirst(tx: Db, order: QueuedPayout['order'], accountId: number, nextTryAt: Date) {
    return queuePayout(tx, { order, accountId, gateway: this.deps.gateways.for(order.market).name, attempt: 1, nextTryAt });
  }

  /**
   * The payout job: queues a new attempt for every order whose borrower gave another account after a
   * final failure or a reversal, then claims due payouts batch by batch and calls their gateway
   * after each claim has committed.
   */
  async run(
    now: Date = this.deps.clock.now(),
  ): Promise<Record<PayoutOutcome | 'requeued' | 'claimed' | 'errors' | 'refundsClaimed' | 'refundsProcessed' | 'refundsFailed', number>> {
    const result: Record<PayoutOutcome | 'requeued' | 'claimed' | 'errors', number> = {
      requeued: await this.deps.repository.queueForNewAccounts(
        now,
        (market) => this.deps.gateways.for(market).name,
        (account) => this.deps.accounts.usable(account),
      ),
      claimed: 0,
      processing: 0,
      processed: 0,
      retrying: 0,
      failed: 0,
      reversed: 0,
      ignored: 0,
      unknown: 0,
      duplicate: 0,
      errors: 0,
    };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const claimed = await this.deps.repository.claimDue(now, new Date(now.getTime() + PAYOUT_LEASE_MS), PAYOUT_BATCH);
      if (claimed.length === 0) break;
      result.claimed += claimed.length;
      const answers: Answer[] = [];
      await eachLimited(claimed, CALLS_AT_ONCE, async (item) => {
        const called = await this.call(item, now);
        if ('outcome' in called) result[called.outcome] += 1;
        else answers.push(called);
      });
      // the batch's answers are written together: one statement per kind of write, not a transaction per order
      for (const outcome of await this.recordAnswers(answers, now)) result[outcome] += 1;
      if (claimed.length < PAYOUT_BATCH) break;
    }
    // refunds of overpayments after the loans' own payouts (decision 164)
    const refunds = await this.refunds.run(now);
    return { ...result, refundsClaimed: refunds.claimed, refundsProcessed: refunds.processed, refundsFailed: refunds.failed };
  }

  /** One claimed payout: asked about first when it may have reached the gateway, sent with its stored key otherwise. */
  private async call(item: ClaimedPayout, now: Date): Promise<Answer | { outcome: 'retrying' | 'errors' }> {
    const { payout } = item;
    const gateway = this.deps.gateways.byName(payout.gateway);
    if (!gateway) {
      this.deps.log.error({ payout: payout.publicId, gateway: payout.gateway }, 'payout gateway not configured; the payout waits');
      await this.deps.repository.release(payout.id, new Date(now.getTime() + PROCESSING_POLL_MS), now);
      return { outcome: 'errors' };
    }
    try {
      return { gatewayName: gateway.name, payoutId: payout.id, reference: payout.publicId, state: await this.callGateway(gateway, item) };
    } catch (error) {
      // a timeout or an error answer: nothing is known, so the same key is tried after the wait (a second create with it makes no second payout)
      this.deps.log.warn({ err: error, payout: payout.publicId }, 'payout call failed; tried again with the same key');
      await this.deps.repository.release(payout.id, new Date(now.getTime() + retryWait(payout.tries)), now);
      return { outcome: 'retrying' };
    }
  }

  /**
   * A batch's answers in one transaction: the batch locked in four statements, the payouts that
   * landed recorded together (`landMany`), the rarer answers one by one, the claims let go in one
   * statement. Should the batch fail as a whole, each answer is recorded on its own, so one that
   * cannot be written does not hold back the others.
   */
  private async recordAnswers(answers: readonly Answer[], now: Date): Promise<(PayoutOutcome | 'errors')[]> {
    if (answers.length === 0) return [];
    try {
      return await this.deps.db.transaction(async (tx) => {
        const locked = await this.deps.repository.lockMany(
          tx,
          answers.map((answer) => answer.payoutId),
        );
        const outcomes: PayoutOutcome[] = [];
        const landing: Landing[] = [];
        const held: Parameters<PayoutsRepository['markProcessing']>[1][number][] = [];
        for (const answer of answers) {
          const found = locked.get(answer.payoutId);
          if (!found || found.payout.gateway !== answer.gatewayName) outcomes.push('unknown');
          else if (answer.state.status === 'processed' && isOpen(found.payout)) {
            landing.push({ locked: found, state: answer.state });
            outcomes.push('processed');
          } else if (answer.state.status === 'processing' && isOpen(found.payout)) {
            // still on its way (pending, queued for the lender's low balance): the order stays "disbursing"
            held.push({
              id: found.payout.id,
              gatewayPayoutId: answer.state.gatewayPayoutId || found.payout.gatewayPayoutId,
              failureReason: answer.state.failureReason,
            });
            outcomes.push('processing');
          } else outcomes.push(await this.apply(tx, found, answer.state, now));
        }
        await this.landMany(tx, landing, now);
        await this.deps.repository.markProcessing(tx, held, new Date(now.getTime() + PROCESSING_POLL_MS), now);
        await this.deps.repository.releaseClaims(
          tx,
          answers.map((answer) => answer.payoutId),
        );
        return outcomes;
      });
    } catch (error) {
      this.deps.log.warn({ err: error, payouts: answers.length }, 'payout batch not recorded as one; each answer is recorded on its own');
      const outcomes: (PayoutOutcome | 'errors')[] = [];
      for (const answer of answers) {
        try {
          outcomes.push(await this.record(answer.gatewayName, answer.payoutId, answer.state, now));
        } catch (single) {
          // the gateway has it, we could not write it down: the lease runs out and the next run looks it up by reference
          this.deps.log.error(
            { err: single, payout: answer.reference },
            'payout answer not recorded; it is looked up by reference next time',
          );
          outcomes.push('errors');
        }
      }
      return outcomes;
    }
  }

  private async callGateway(gateway: PayoutGateway, { payout, account, borrowerName, triedBefore }: ClaimedPayout): Promise<PayoutState> {
    const reference = payout.publicId;
    if (triedBefore || payout.status === 'processing') {
      // a try ran before (or a process died after its call): never a new payout while one may be on its way
      const found = await gateway.lookupPayout({
        reference,
        idempotencyKey: payout.idempotencyKey,
        gatewayPayoutId: payout.gatewayPayoutId,
      });
      // not found: the gateway never received it, so it is sent now with the key stored for it (a second create with it makes no second payout)
      if (found !== 'not_found') return found;
    }
    return gateway.createPayout({
      idempotencyKey: payout.idempotencyKey,
      reference,
      market: payout.market,
      amountMinor: payout.amountMinor,
      destination: this.deps.accounts.destinationOf(account),
      gatewayAccountId: account.gatewayAccountId,
      narration: borrowerName,
    });
  }

  /**
   * A verified payout event, from the webhook route or the sandbox's sink: its id is stored in
   * webhook_events in the transaction of what it changes, so a redelivery changes nothing.
   */
  async applyPayoutEvent(gatewayName: string, event: PayoutEvent): Promise<PayoutOutcome> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const taken = await tx
        .insert(webhookEvents)
        .values({
          // payouts' events are kept apart from payments' events of the same gateway
          gateway: `payouts/${gatewayName}`,
          eventId: event.id,
          type: `payout.${event.state.status}`,
          gatewayRef: event.state.gatewayPayoutId,
          payload: event as unknown as Record<string, unknown>,
          receivedAt: now,
        })
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      if (taken.length === 0) return 'duplicate';
      // a refund's payout answers through the same webhook (decision 164)
      if (isRefundReference(event.reference)) {
        const outcome = await this.refunds.applyEvent(tx, gatewayName, event);
        return outcome === 'errors' ? 'unknown' : outcome;
      }
      const locked = await this.deps.repository.lockByReference(tx, gatewayName, event.reference, event.state.gatewayPayoutId);
      if (!locked) {
        this.deps.log.warn({ gateway: gatewayName, reference: event.reference }, 'payout event for no payout of ours');
        return 'unknown';
      }
      return this.apply(tx, locked, event.state, now);
    });
  }

  /** What the gateway answered the job, recorded in one transaction. */
  async record(gatewayName: string, payoutId: number, state: PayoutState, now: Date): Promise<PayoutOutcome> {
    return this.deps.db.transaction(async (tx) => {
      const locked = await this.deps.repository.lock(tx, payoutId);
      if (!locked || locked.payout.gateway !== gatewayName) return 'unknown';
      const outcome = await this.apply(tx, locked, state, now);
      await this.deps.repository.update(tx, payoutId, { claimedUntil: null });
      return outcome;
    });
  }

  private async apply(tx: Db, locked: Locked, state: PayoutState, now: Date): Promise<PayoutOutcome> {
    const { payout } = locked;
    const open = isOpen(payout);
    const seen = { gatewayPayoutId: state.gatewayPayoutId || payout.gatewayPayoutId, updatedAt: now };
    switch (state.status) {
      case 'processing':
        if (!open) return 'ignored';
        // pending at the gateway, or queued there for the lender's low balance: the order stays "disbursing"
        await this.deps.repository.markProcessing(
          tx,
          [{ id: payout.id, gatewayPayoutId: seen.gatewayPayoutId, failureReason: state.failureReason }],
          new Date(now.getTime() + PROCESSING_POLL_MS),
          now,
        );
        return 'processing';
      case 'processed':
        if (!open) {
          if (payout.status === 'processed' && payout.utr === null && state.utr)
            await this.deps.repository.update(tx, payout.id, { utr: state.utr });
          return 'ignored';
        }
        await this.landMany(tx, [{ locked, state }], now);
        return 'processed';
      case 'failed':
      case 'cancelled':
        if (!open) return 'ignored';
        if (state.retryable) {
          // the gateway's failed payout is final for its key (RazorpayX): this attempt ends, and the next one — a new
          // key, stored now — is tried after the documented wait; the order stays disbursing (decision 135)
          await this.deps.repository.update(tx, payout.id, {
            ...seen,
            status: 'failed',
            retryable: true,
            failureCode: state.failureCode,
            failureReason: state.failureReason,
          });
          const retries = await this.deps.repository.retryableFailures(tx, payout.orderId);
          await queuePayout(tx, {
            order: locked.order,
            accountId: payout.disbursalAccountId,
            gateway: payout.gateway,
            attempt: payout.attempt + 1,
            nextTryAt: new Date(now.getTime() + retryWait(retries)),
          });
          return 'retrying';
        }
        await this.deps.repository.update(tx, payout.id, {
          ...seen,
          status: 'failed',
          retryable: false,
          failureCode: state.failureCode,
          failureReason: state.failureReason,
        });
        await this.touchOrder(tx, locked.order.id);
        if (state.failureCode === 'INVALID_DESTINATION') await this.deps.accounts.confirmByPayout(payout.disbursalAccountId, 'invalid', tx);
        await this.tell(tx, locked, 'payoutFailed', now, {});
        return 'failed';
      case 'reversed':
        if (payout.status === 'processed') {
          await this.reverse(tx, locked, state, now);
          return 'reversed';
        }
        if (!open) return 'ignored';
        // told only of the return: the money went and came back before we heard it landed, so nothing is posted
        await this.deps.repository.update(tx, payout.id, {
          ...seen,
          status: 'reversed',
          utr: state.utr,
          reversedOn: this.dayOf(state, locked, now),
        });
        await this.touchOrder(tx, locked.order.id);
        await this.tell(tx, locked, 'payoutReversed', now, {});
        return 'reversed';
    }
  }

  /** The business date of the gateway's instant (never after now), in the order's market. */
  private dayOf(state: PayoutState, locked: Locked, now: Date): BusinessDate {
    const at = state.occurredAt ? new Date(state.occurredAt) : now;
    const instant = Number.isNaN(at.getTime()) || at.getTime() > now.getTime() ? now : at;
    return businessDateAt(instant, locked.order.market);
  }

  /**
   * The money landed: the disbursement on that day with its UTR, the schedule from that day, the
   * borrower told — for one payout (a webhook) or a batch (the job), one statement per kind of write.
   */
  private async landMany(tx: Db, landings: readonly Landing[], now: Date): Promise<void> {
    if (landings.length === 0) return;
    const orderIds = landings.map(({ locked }) => locked.order.id);
    const landedBefore = new Set(
      (
        await tx
          .select({ orderId: ledgerEntries.orderId })
          .from(ledgerEntries)
          .where(and(inArray(ledgerEntries.orderId, orderIds), eq(ledgerEntries.kind, 'disbursement')))
      ).map((row) => row.orderId),
    );
    const plans = landings.map(({ locked, state }) => {
      const { order, payout } = locked;
      const at = state.occurredAt ? new Date(state.occurredAt) : now;
      const landedAt = Number.isNaN(at.getTime()) || at.getTime() > now.getTime() ? now : at;
      const startDate = businessDateAt(landedAt, order.market);
      // interest and due dates count from the day the money landed (RBI, April 2024), not from the approval
      const schedule = scheduleOf(
        {
          market: order.market,
          principalMinor: order.principalMinor,
          termDays: order.termDays,
          periods: order.periods,
          pricing: order.pricing,
        },
        startDate,
      );
      return { locked, state, landedAt, startDate, schedule, gatewayPayoutId: state.gatewayPayoutId || payout.gatewayPayoutId };
    });
    await postDisbursements(
      tx,
      plans.map(({ locked: { order, payout }, state, startDate, gatewayPayoutId }) => ({
        orderId: order.id,
        orderNo: order.orderNo,
        attempt: payout.attempt,
        amountMinor: payout.amountMinor,
        businessDate: startDate,
        utr: state.utr,
        gateway: payout.gateway,
        gatewayPayoutId,
        landedBefore: landedBefore.has(order.id),
      })),
    );
    await tx.delete(orderPeriods).where(inArray(orderPeriods.orderId, orderIds));
    await tx
      .insert(orderPeriods)
      .values(plans.flatMap((plan) => plan.schedule.map((period) => ({ ...period, orderId: plan.locked.order.id }))));
    const dates = sql.join(
      plans.map((plan) => sql`(${plan.locked.order.id}::bigint, ${plan.landedAt}::timestamptz, ${plan.schedule.at(-1)!.dueDate}::date)`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE orders o SET disbursed_at = v.disbursed_at, due_date = v.due_date
      FROM (VALUES ${dates}) AS v (id, disbursed_at, due_date) WHERE o.id = v.id`);
    await this.deps.repository.markProcessed(
      tx,
      plans.map((plan) => ({
        id: plan.locked.payout.id,
        gatewayPayoutId: plan.gatewayPayoutId,
        utr: plan.state.utr,
        processedOn: plan.startDate,
      })),
      now,
    );
    // an account its gateway could check only by paying it is valid now (decision 127); a valid one is left alone
    for (const { locked } of plans)
      if (locked.account.validationStatus === 'pending')
        await this.deps.accounts.confirmByPayout(locked.payout.disbursalAccountId, 'valid', tx);
    await this.tellMany(
      tx,
      plans.map((plan) => ({
        locked: plan.locked,
        kind: 'disbursed' as const,
        extra: { date: plan.startDate, utr: plan.state.utr ?? '' },
      })),
      now,
    );
  }

  /** The payout came back: the disbursal is undone, the order owes nothing and is disbursing again, the borrower told. */
  private async reverse(tx: Db, locked: Locked, state: PayoutState, now: Date): Promise<void> {
    const { order, payout } = locked;
    const day = this.dayOf(state, locked, now);
    await postDisbursementReversal(tx, {
      orderId: order.id,
      orderNo: order.orderNo,
      attempt: payout.attempt,
      amountMinor: payout.amountMinor,
      businessDate: day,
      utr: state.utr ?? payout.utr,
      gateway: payout.gateway,
      gatewayPayoutId: payout.gatewayPayoutId,
    });
    await tx.update(orders).set({ disbursedAt: null }).where(eq(orders.id, order.id));
    await this.deps.repository.update(tx, payout.id, {
      status: 'reversed',
      reversedOn: day,
      failureReason: state.failureReason,
      updatedAt: now,
    });
    await this.tell(tx, locked, 'payoutReversed', now, { date: day });
  }

  /** A change the order's views show that touches no row of the order itself: its revision moves (decision 115). */
  private async touchOrder(tx: Db, orderId: number) {
    await tx
      .update(orders)
      .set({ revision: sql`${orders.revision} + 1` })
      .where(eq(orders.id, orderId));
  }

  /** The message centre's message and the SMS, in the borrower's language, in the transaction of the event. */
  private tell(tx: Db, locked: Locked, kind: MessageKind, now: Date, extra: { date?: string; utr?: string }) {
    return this.tellMany(tx, [{ locked, kind, extra }], now);
  }

  /** Several borrowers told at once: one statement for the messages, one for the SMS. */
  private async tellMany(
    tx: Db,
    items: readonly { locked: Locked; kind: MessageKind; extra: { date?: string; utr?: string } }[],
    now: Date,
  ) {
    await recordMessages(
      tx,
      items.map(({ locked: { order, payout, account }, kind, extra }) => ({
        borrowerId: order.borrowerId,
        orderId: order.id,
        kind,
        params: { orderNo: order.orderNo, last4: account.last4, amountMinor: payout.amountMinor, ...extra },
        idempotencyKey: `${kind}:${order.id}:${payout.attempt}`,
        shownAt: now,
      })),
    );
    const texts = items.flatMap(({ locked: { order, payout, account, phone }, kind, extra }) => {
      if (!phone) return [];
      const key: MessageKey = kind === 'disbursed' ? 'smsPayoutSent' : kind === 'payoutFailed' ? 'smsPayoutFailed' : 'smsPayoutReversed';
      const body = interpolate(textIn(localeOf(order.market), key), {
        orderNo: order.orderNo,
        last4: account.last4,
        amount: formatMoney(payout.amountMinor, order.market),
        date: extra.date ?? '',
        utr: extra.utr ?? '',
      });
      return [{ market: order.market, phone, purpose: 'disbursal' as const, body }];
    });
    await this.deps.sms.sendMany(texts, tx);
  }

  /**
   * The borrower cancels an approved loan whose money did not arrive (its payout failed for good or
   * came back): closed at no cost (decision 136). Cancelling again changes nothing; a loan whose
   * payout is on its way or landed cannot be cancelled.
   */
  async cancel(borrowerId: number, input: { productId: string; orderId: string }): Promise<null> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const locked = await this.lockOrder(tx, orderKey(input.orderId));
      owned(borrowerId, locked?.order ?? null);
      const { order, latest } = locked!;
      if (String(order.productId) !== input.productId.trim()) throw new AppError(ResultCode.InvalidRequest, 'loanProductMismatch', 400);
      if (order.cancelledAt !== null) return;
      if (cancelDecision(order, latest, now, 'borrower').kind !== 'stopped')
        throw new AppError(ResultCode.InvalidRequest, 'loanCancelUnavailable', 409);
      await this.closeCancelled(tx, order, now);
    });
    return null;
  }

  /** The order and its latest attempt, both locked until the transaction ends (the order first, as every writer of it locks). */
  async lockOrder(tx: Db, orderId: number): Promise<{ order: Order; latest: PayoutRow | undefined } | null> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) return null;
    const [latest] = await tx
      .select()
      .from(payouts)
      .where(eq(payouts.orderId, orderId))
      .orderBy(desc(payouts.attempt))
      .limit(1)
      .for('update');
    return { order, latest };
  }

  /** What a retry of the order's payout would do now (decision 143); the console shows it beside the button. */
  async retryDecisionOf(tx: Db, order: Order, latest: PayoutRow | undefined, now: Date): Promise<RetryDecision> {
    const account = await this.deps.accounts.activeValidAccount(order.borrowerId, tx);
    return retryDecision(order, latest, account, account !== null && this.deps.accounts.usable(account), now);
  }

  /**
   * An operator's retry, in the caller's transaction (which also writes the audit row): an attempt
   * waiting out its wait is sent now with its stored key; after a final failure or a return, a new
   * attempt with a new key goes to the account the borrower gave since. Anything else is refused.
   */
  async retryByOperator(tx: Db, orderId: number, now: Date): Promise<{ before: object; after: object } | PayoutActionRefused> {
    const locked = await this.lockOrder(tx, orderId);
    if (!locked) return new PayoutActionRefused('notFound', 'No such order.');
    const { order, latest } = locked;
    const decision = await this.retryDecisionOf(tx, order, latest, now);
    const before = latest && {
      attempt: latest.attempt,
      status: latest.status,
      idempotencyKey: latest.idempotencyKey,
      nextTryAt: latest.nextTryAt,
    };
    switch (decision.kind) {
      case 'refused':
        return new PayoutActionRefused('conflict', decision.explanation);
      case 'now':
        await this.deps.repository.update(tx, decision.payout.id, { nextTryAt: now, updatedAt: now });
        return { before: before!, after: { ...before, nextTryAt: now } };
      case 'new-attempt': {
        const queued = await queuePayout(tx, {
          order,
          accountId: decision.account.id,
          gateway: this.deps.gateways.for(order.market).name,
          attempt: decision.attempt,
          nextTryAt: now,
        });
        await this.touchOrder(tx, order.id);
        return {
          before: before ?? {},
          after: {
            attempt: queued.attempt,
            status: queued.status,
            idempotencyKey: queued.idempotencyKey,
            accountEnding: decision.account.last4,
          },
        };
      }
    }
  }

  /** An operator cancels a loan whose money did not arrive (or whose next attempt no gateway has seen), in the caller's transaction. */
  async cancelByOperator(tx: Db, orderId: number, now: Date): Promise<{ before: object; after: object } | PayoutActionRefused> {
    const locked = await this.lockOrder(tx, orderId);
    if (!locked) return new PayoutActionRefused('notFound', 'No such order.');
    const { order, latest } = locked;
    const decision = cancelDecision(order, latest, now, 'operator');
    if (decision.kind === 'refused') return new PayoutActionRefused('conflict', decision.explanation);
    if (decision.kind === 'unsent')
      await this.deps.repository.update(tx, decision.payout.id, {
        status: 'cancelled',
        failureReason: 'cancelled with the loan by an operator',
        updatedAt: now,
      });
    await this.closeCancelled(tx, order, now);
    return {
      before: { cancelledAt: null, payout: latest && { attempt: latest.attempt, status: latest.status } },
      after: {
        cancelledAt: now,
        payout: latest && { attempt: latest.attempt, status: decision.kind === 'unsent' ? 'cancelled' : latest.status },
      },
    };
  }

  /** Closed at no cost, the borrower told in the message centre. */
  private async closeCancelled(tx: Db, order: Order, now: Date) {
    await tx.update(orders).set({ cancelledAt: now }).where(eq(orders.id, order.id));
    await recordMessage(tx, {
      borrowerId: order.borrowerId,
      orderId: order.id,
      kind: 'cancelled',
      params: { orderNo: order.orderNo },
      idempotencyKey: `cancelled:${order.id}`,
      shownAt: now,
    });
  }

  /** The reference a payout of this order and attempt carries (tests and the dev routes). */
  static referenceOf(orderNo: string, attempt: number) {
    return payoutReference(orderNo, attempt);
  }
}
