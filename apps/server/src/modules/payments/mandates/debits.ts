/**
 * AutoPay's debits (issue 51 item 2, decision 243): each instalment of a loan with an active
 * mandate is collected on its due date (IST) through the mandate, after a pre-debit notice (SMS and
 * the message centre, in the borrower's language, with the amount and the date) sent at least 24
 * hours before. Two steps of one job, each idempotent on its own keys:
 *
 * 1. notice — on the day before the due date, within India's sending hours (08:00–19:00 IST, as the
 *    due reminders), a debit row per mandate, instalment and due date, with the amount owed for that
 *    instalment (at most the mandate's cap) and `debit_not_before` = the notice + 24 hours (a CHECK
 *    holds it); the gateway is told too (Razorpay sends its own notice to the payer's UPI app).
 * 2. debit — on the due date, from `debit_not_before`: with the order locked, the instalment must
 *    still owe at least the notified amount (never a different amount than the notice said; paid
 *    otherwise → skipped), the mandate must be active (paused or cancelled → skipped); the debit is
 *    a payment row (method 'autopay') through `createWith` (the at-most-owed rule), presented to the
 *    gateway after the transaction commits, and posted by the signed webhook as any payment.
 *
 * A debit not made on its due date is missed: no late debit, no retry (decision 243). The loan then
 * falls overdue exactly as without a mandate (nothing here touches the ledger but the payment's posting).
 */
import { formatDate, formatMoney, interpolate, localeOf, Market } from '@kilat/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { borrowers, orders, payments as paymentsTableRef } from '../../../db/schema.js';
import { textIn } from '../../../http/language.js';
import { addDays } from '../../../lending/business-date.js';
import type { Clock } from '../../../lending/clock.js';
import { contactZoneOf, instantAt } from '../../../lending/contact-conduct.js';
import { recordMessage } from '../../messages/repository.js';
import type { OrdersService } from '../../orders/service.js';
import type { SmsOutbox } from '../../sms/outbox.js';
import type { PaymentsService } from '../service.js';
import { type MandatesService, owedPeriodOf } from './service.js';
import { mandateDebits, mandates } from './table.js';

export const AUTOPAY_DEBITS_JOB = 'autopay-debits';

/** RBI's e-mandate rule: the notice goes at least this long before the debit. */
export const PRE_DEBIT_NOTICE_MS = 24 * 60 * 60_000;

export interface AutopayDebitsDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  payments: PaymentsService;
  mandates: MandatesService;
  outbox: SmsOutbox;
  log: FastifyBaseLogger;
}

/** India's one zone; notices go between 08:00 and 19:00 IST, the due reminders' hours (decision 046). */
const INDIA = contactZoneOf(Market.India, null);
const SEND_FROM_HOUR = 8;
const SEND_UNTIL_HOUR = 19;
export const istHourOn = (date: string, hour: number): Date => instantAt(date, hour, INDIA);

export const preDebitKey = (mandateId: number, periodNo: number, dueDate: string) => `autopay:${mandateId}:${periodNo}:${dueDate}`;

export class AutopayDebits {
  constructor(private readonly deps: AutopayDebitsDeps) {}

  async run(now: Date): Promise<Record<string, number>> {
    const result = { ended: 0, notified: 0, presented: 0, skipped: 0, missed: 0 };
    result.ended = await this.endExpired(now);
    result.missed = await this.markMissed();
    result.notified = await this.notify(now);
    const debited = await this.debit(now);
    result.presented = debited.presented;
    result.skipped = debited.skipped;
    return result;
  }

  /** A mandate past its end expires; one of a loan that owes nothing more is cancelled at the gateway and here. */
  private async endExpired(now: Date): Promise<number> {
    const expired = await this.deps.db
      .update(mandates)
      .set({ status: 'expired', endedAt: now, updatedAt: sql`now()` })
      .where(and(inArray(mandates.status, ['created', 'active', 'paused']), lte(mandates.expiresAt, now)))
      .returning({ id: mandates.id });
    const closed = await this.deps.db
      .select({ mandate: mandates })
      .from(mandates)
      .innerJoin(orders, eq(orders.id, mandates.orderId))
      .where(and(inArray(mandates.status, ['created', 'active', 'paused']), sql`${orders.closedOn} IS NOT NULL`));
    for (const { mandate } of closed) {
      try {
        if (mandate.tokenRef) {
          await this.deps.mandates
            .gatewayNamed(mandate.gateway)
            ?.cancelMandate({ gatewayRef: mandate.gatewayRef, customerRef: mandate.customerRef, tokenRef: mandate.tokenRef });
        }
        await this.deps.db
          .update(mandates)
          .set({ status: 'cancelled', failureReason: 'loan_closed', endedAt: now, updatedAt: sql`now()` })
          .where(eq(mandates.id, mandate.id));
      } catch (error) {
        this.deps.log.error({ err: error, mandate: mandate.publicId }, 'autopay: cancelling the mandate of a closed loan failed');
      }
    }
    return expired.length + closed.length;
  }

  /** A notified debit whose due date has passed (India's business date) is missed: never made late. */
  private async markMissed(): Promise<number> {
    const today = this.deps.clock.today(Market.India);
    const rows = await this.deps.db
      .update(mandateDebits)
      .set({ status: 'missed', updatedAt: sql`now()` })
      .where(and(eq(mandateDebits.status, 'notified'), sql`${mandateDebits.dueDate} < ${today}::date`))
      .returning({ id: mandateDebits.id });
    return rows.length;
  }

  /** Step 1: tomorrow's instalments of loans with an active mandate get their notice, once. */
  private async notify(now: Date): Promise<number> {
    const market = Market.India;
    const today = this.deps.clock.today(market);
    const window = { opensAt: istHourOn(today, SEND_FROM_HOUR), closesAt: istHourOn(today, SEND_UNTIL_HOUR) };
    if (now < window.opensAt || now >= window.closesAt) return 0;
    const tomorrow = addDays(today, 1);
    const candidates = await this.deps.db
      .select({ mandate: mandates, phone: borrowers.phone })
      .from(mandates)
      .innerJoin(borrowers, eq(borrowers.id, mandates.borrowerId))
      .innerJoin(orders, eq(orders.id, mandates.orderId))
      .where(and(eq(mandates.market, market), eq(mandates.status, 'active'), sql`${orders.closedOn} IS NULL`));
    let notified = 0;
    for (const { mandate, phone } of candidates) {
      const order = await this.deps.orders.repository.findById(mandate.orderId);
      if (!order) continue;
      const state = await this.deps.orders.withStatus(order);
      const period = owedPeriodOf(state);
      if (!period || period.dueDate !== tomorrow || !mandate.tokenRef) continue;
      const amountMinor = Math.min(period.owedMinor, mandate.maxAmountMinor);
      if (amountMinor <= 0) continue;
      const debitNotBefore = new Date(Math.max(now.getTime() + PRE_DEBIT_NOTICE_MS, istHourOn(tomorrow, 0).getTime()));
      const key = preDebitKey(mandate.id, period.periodNo, period.dueDate);
      const written = await this.deps.db.transaction(async (tx) => {
        const [debit] = await tx
          .insert(mandateDebits)
          .values({
            mandateId: mandate.id,
            orderId: order.id,
            periodNo: period.periodNo,
            dueDate: period.dueDate,
            amountMinor,
            notifiedAt: now,
            debitNotBefore,
          })
          .onConflictDoNothing()
          .returning();
        if (!debit) return null;
        const locale = localeOf(market);
        const values = { amount: formatMoney(amountMinor, market), date: formatDate(debitNotBefore, market), orderNo: order.orderNo };
        // the SMS and the message centre's message commit with the debit row (decision 108)
        await this.deps.outbox.enqueue(
          { market, phone, purpose: 'repayment', body: interpolate(textIn(locale, 'autopayDebitSms'), values) },
          { dedupeKey: key, notBefore: now, notAfter: window.closesAt },
          tx,
        );
        await recordMessage(tx, {
          borrowerId: order.borrowerId,
          orderId: order.id,
          kind: 'autopayDebit',
          params: { orderNo: order.orderNo, date: values.date, amountMinor },
          idempotencyKey: `message:${key}`,
          shownAt: now,
        });
        return debit;
      });
      if (!written) continue;
      notified += 1;
      // the gateway's own notice (Razorpay: an order carrying the notification object); a failure leaves the debit to be made without its reference
      try {
        const gateway = this.deps.mandates.gatewayNamed(mandate.gateway);
        const notice = await gateway?.notifyDebit({ debitRef: key, amountMinor, tokenRef: mandate.tokenRef, debitAfter: debitNotBefore });
        if (notice?.gatewayRef) {
          await this.deps.db.update(mandateDebits).set({ gatewayRef: notice.gatewayRef }).where(eq(mandateDebits.id, written.id));
        }
      } catch (error) {
        this.deps.log.error({ err: error, mandate: mandate.publicId }, 'autopay: the gateway refused the pre-debit notice');
      }
    }
    return notified;
  }

  /** Step 2: each notified debit whose time has come on its due date is presented, or skipped when it may not be made. */
  private async debit(now: Date): Promise<{ presented: number; skipped: number }> {
    const today = this.deps.clock.today(Market.India);
    const due = await this.deps.db
      .select({ debit: mandateDebits, mandate: mandates, phone: borrowers.phone, name: borrowers.name })
      .from(mandateDebits)
      .innerJoin(mandates, eq(mandates.id, mandateDebits.mandateId))
      .innerJoin(borrowers, eq(borrowers.id, mandates.borrowerId))
      .where(
        and(eq(mandateDebits.status, 'notified'), lte(mandateDebits.debitNotBefore, now), sql`${mandateDebits.dueDate} = ${today}::date`),
      );
    const counts = { presented: 0, skipped: 0 };
    for (const { debit, mandate, phone, name } of due) {
      const presented = await this.deps.db.transaction(async (tx) => {
        const order = await this.deps.orders.repository.lock(debit.orderId, tx);
        const [still] = await tx.select().from(mandateDebits).where(eq(mandateDebits.id, debit.id)).for('update');
        if (!order || still?.status !== 'notified') return null;
        const [current] = await tx.select().from(mandates).where(eq(mandates.id, mandate.id));
        const skip = async (reason: string) => {
          await tx
            .update(mandateDebits)
            .set({ status: 'skipped', skipReason: reason, updatedAt: sql`now()` })
            .where(eq(mandateDebits.id, debit.id));
          return 'skipped' as const;
        };
        if (current?.status !== 'active' || !current.tokenRef) return skip(current?.status ?? 'gone');
        const state = await this.deps.orders.withStatus(order, tx);
        const period = owedPeriodOf(state);
        // paid otherwise since the notice (a manual payment the same day): nothing is debited, nothing refunded
        if (!period || period.periodNo !== debit.periodNo || period.owedMinor < debit.amountMinor) return skip('paid_otherwise');
        const payment = await this.deps.payments.createWith(
          { borrowerId: order.borrowerId, order, purpose: 'repay', method: 'autopay', amountMinor: debit.amountMinor },
          { status: 'submitted', gatewayRef: null },
          tx,
        );
        await tx
          .update(mandateDebits)
          .set({ status: 'presented', paymentId: payment.id, updatedAt: sql`now()` })
          .where(eq(mandateDebits.id, debit.id));
        return { payment, tokenRef: current.tokenRef, customerRef: current.customerRef };
      });
      if (presented === null) continue;
      if (presented === 'skipped') {
        counts.skipped += 1;
        continue;
      }
      counts.presented += 1;
      // after the commit: the sandbox confirms through the webhook before answering, and that posting needs the payment's row
      try {
        const gateway = this.deps.mandates.gatewayNamed(mandate.gateway);
        if (!gateway) throw new Error(`gateway ${mandate.gateway} has no mandates`);
        const { gatewayRef } = await gateway.debit({
          paymentRef: presented.payment.publicId,
          market: presented.payment.market,
          amountMinor: presented.payment.amountMinor,
          tokenRef: presented.tokenRef,
          customerRef: presented.customerRef,
          noticeRef: debit.gatewayRef,
          customer: { name: name || phone, contact: phone, email: '' },
        });
        await this.deps.db
          .update(paymentsTableRef)
          .set({ gatewayRef, updatedAt: sql`now()` })
          .where(and(eq(paymentsTableRef.id, presented.payment.id), sql`${paymentsTableRef.gatewayRef} IS NULL`));
      } catch (error) {
        // never presented: the payment fails here, and the instalment is paid as without a mandate
        this.deps.log.error({ err: error, payment: presented.payment.publicId }, 'autopay: the gateway refused the debit');
        await this.deps.db
          .update(paymentsTableRef)
          .set({ status: 'failed', failureReason: 'gateway_refused', updatedAt: sql`now()` })
          .where(and(eq(paymentsTableRef.id, presented.payment.id), eq(paymentsTableRef.status, 'submitted')));
      }
    }
    return counts;
  }
}

/** The scheduler's job (modules/jobs/index.ts lists it). */
export const autopayDebitsJob = (debits: AutopayDebits, everyMs: number) => ({
  name: AUTOPAY_DEBITS_JOB,
  everyMs,
  run: ({ now }: { now: Date }) => debits.run(now),
});
