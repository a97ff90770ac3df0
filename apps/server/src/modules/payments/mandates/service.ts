/**
 * India's AutoPay (issue 51 item 2, decisions 242–245): a UPI AutoPay or e-NACH mandate per loan,
 * set up by the borrower from loan details, capped at the loan's largest instalment and expiring
 * after its last due date. Its state moves only by the gateway's signed events (authorised,
 * rejected, paused or cancelled there) and by the borrower's own pause, resume and cancel, which the
 * server carries to the gateway. Every borrower call checks the order is the session borrower's.
 */
import { formatDate, formatMoney, Market, OrderStatus, ResultCode } from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.js';
import { payments as paymentsTable, webhookEvents } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { SessionBorrower } from '../../../http/session.js';
import { addDays, type BusinessDate } from '../../../lending/business-date.js';
import type { Clock } from '../../../lending/clock.js';
import { contactZoneOf, instantAt } from '../../../lending/contact-conduct.js';
import { currentPeriod } from '../../../lending/ledger-replay.js';
import type { OrderState, OrdersService } from '../../orders/service.js';
import type { MandateWebhookEvent, PaymentGateway } from '../ports.js';
import { randomBase32 } from '../random-codes.js';
import type { PaymentsService, WebhookOutcome } from '../service.js';
import { LIVE_MANDATE_STATUSES, type Mandate, type MandateDebit, type MandateStatus, mandateDebits, mandates } from './table.js';

/** A mandate outlives the last due date by this many days, so an instalment moved by an extension can still be collected. */
export const MANDATE_DAYS_AFTER_LAST_DUE = 30;

/** Orders that still owe and may have their instalments collected by a mandate. */
const OWING: ReadonlySet<OrderStatus> = new Set([
  OrderStatus.Disbursed,
  OrderStatus.DueSoon,
  OrderStatus.Overdue,
  OrderStatus.InstallmentPartlyPaid,
  OrderStatus.Extended,
]);

export const autopayUnavailable = () => new AppError(ResultCode.InvalidRequest, 'autopayUnavailable', 409);
export const autopayAlreadySetUp = () => new AppError(ResultCode.InvalidRequest, 'autopayAlreadySetUp', 409);
export const autopayNoMandate = () => new AppError(ResultCode.InvalidRequest, 'autopayNoMandate', 409);
export const autopayActionRefused = () => new AppError(ResultCode.InvalidRequest, 'autopayActionRefused', 409);

export type MandateAction = 'pause' | 'resume' | 'cancel';
/** What became of a debit: its row's state, or once presented its payment's. */
export type DebitOutcome = 'notified' | 'pending' | 'paid' | 'failed' | 'skipped' | 'missed';

/** The cap and the end of a loan's mandate: its largest instalment, and MANDATE_DAYS_AFTER_LAST_DUE after its last due date (IST). */
export const mandateTermsOf = (
  state: Pick<OrderState, 'replay' | 'order'>,
): { maxAmountMinor: number; expiresAt: Date; lastDue: BusinessDate } | null => {
  const periods = state.replay.periods;
  if (periods.length === 0) return null;
  const maxAmountMinor = Math.max(
    ...periods.map((period) => period.scheduled.feeMinor + period.scheduled.interestMinor + period.scheduled.principalMinor),
  );
  const lastDue = periods.at(-1)!.dueDate;
  return {
    maxAmountMinor,
    lastDue,
    expiresAt: instantAt(addDays(lastDue, MANDATE_DAYS_AFTER_LAST_DUE), 0, contactZoneOf(state.order.market, null)),
  };
};

export interface MandatesDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  payments: PaymentsService;
  log: FastifyBaseLogger;
}

export class MandatesService {
  constructor(private readonly deps: MandatesDeps) {}

  /** The market's gateway, if it registers mandates (Razorpay and the sandbox do; Xendit does not). */
  private gatewayOf(market: Market): (PaymentGateway & { mandates: NonNullable<PaymentGateway['mandates']> }) | null {
    if (market !== Market.India) return null;
    const gateway = this.deps.payments.gatewayFor(market);
    return gateway.mandates ? (gateway as PaymentGateway & { mandates: NonNullable<PaymentGateway['mandates']> }) : null;
  }

  gatewayNamed(name: string): NonNullable<PaymentGateway['mandates']> | null {
    return this.deps.payments.gatewayNamed(name)?.mandates ?? null;
  }

  /** The order's newest mandate, live or ended; null when it never had one. */
  async latestOf(orderId: number, tx: Db = this.deps.db): Promise<Mandate | null> {
    const [row] = await tx.select().from(mandates).where(eq(mandates.orderId, orderId)).orderBy(desc(mandates.id)).limit(1);
    return row ?? null;
  }

  /** /dev/payments: the live mandates of one gateway, newest first. */
  listLive(gateway: string, limit: number): Promise<Mandate[]> {
    return this.deps.db
      .select()
      .from(mandates)
      .where(and(eq(mandates.gateway, gateway), inArray(mandates.status, [...LIVE_MANDATE_STATUSES])))
      .orderBy(desc(mandates.id))
      .limit(limit);
  }

  async findByPublicId(publicId: string, tx: Db = this.deps.db): Promise<Mandate | null> {
    const [row] = await tx.select().from(mandates).where(eq(mandates.publicId, publicId)).limit(1);
    return row ?? null;
  }

  /** The borrower's view of the order's AutoPay: whether it may be set up, the mandate and its next and past debits. */
  async view(borrower: SessionBorrower, input: { orderId: string }): Promise<CallData<'autopayMandate'>> {
    const state = await this.deps.orders.requireOwnedState(borrower.id, input.orderId);
    return this.viewOf(state);
  }

  private async viewOf(state: OrderState): Promise<CallData<'autopayMandate'>> {
    const { order } = state;
    const market = order.market;
    const terms = mandateTermsOf(state);
    const mandate = await this.latestOf(order.id);
    const live = mandate && LIVE_MANDATE_STATUSES.includes(mandate.status) ? mandate : null;
    const canSetUp = !live && this.gatewayOf(market) !== null && OWING.has(state.status) && terms !== null;
    const debits = mandate ? await this.debitsOf(mandate.id) : [];
    return {
      available: this.gatewayOf(market) !== null && terms !== null && (mandate !== null || OWING.has(state.status)) ? 1 : 0,
      canSetUp: canSetUp ? 1 : 0,
      maxAmount: terms?.maxAmountMinor ?? 0,
      maxAmountText: terms ? formatMoney(terms.maxAmountMinor, market) : '',
      expiresOn: terms ? formatDate(terms.expiresAt, market) : '',
      mandate: mandate
        ? {
            mandateId: mandate.publicId,
            status: mandate.status,
            method: mandate.method,
            pausedBy: mandate.pausedBy ?? '',
            maxAmountText: formatMoney(mandate.maxAmountMinor, market),
            expiresOn: formatDate(mandate.expiresAt, market),
            authUrl: mandate.status === 'created' ? (mandate.authUrl ?? '') : '',
            debits: debits.map((debit) => ({
              dueDate: formatDate(`${debit.dueDate}T12:00:00Z`, market),
              amountText: formatMoney(debit.amountMinor, market),
              status: debit.outcome,
            })),
          }
        : null,
    };
  }

  /** Each debit of a mandate with what became of it: notified, pending, paid, failed, skipped or missed. */
  debitsOf(mandateId: number, tx: Db = this.deps.db) {
    return debitsOfMandate(tx, mandateId);
  }

  /**
   * A new mandate for the borrower's own loan that still owes: registered at the gateway with the
   * cap and the end of the loan's terms; the borrower authorises it at `authUrl` (their UPI app or
   * bank). One live mandate per loan (a second is refused; the index holds it across instances).
   */
  async setUp(borrower: SessionBorrower, input: { orderId: string; method: 'upi' | 'emandate' }): Promise<CallData<'autopaySetUp'>> {
    const state = await this.deps.orders.requireOwnedState(borrower.id, input.orderId);
    const gateway = this.gatewayOf(state.order.market);
    const terms = mandateTermsOf(state);
    if (!gateway || !terms || !OWING.has(state.status)) throw autopayUnavailable();
    const mandate = await this.deps.db.transaction(async (tx) => {
      await this.deps.orders.repository.lock(state.order.id, tx);
      const live = await tx
        .select({ id: mandates.id })
        .from(mandates)
        .where(and(eq(mandates.orderId, state.order.id), inArray(mandates.status, [...LIVE_MANDATE_STATUSES])))
        .limit(1);
      if (live.length > 0) throw autopayAlreadySetUp();
      const publicId = `MD${randomBase32(18)}`;
      // the gateway's round trip holds the order's lock, as opening a code does: a second tap waits and is refused
      const registered = await gateway.mandates.createMandate({
        mandateRef: publicId,
        market: state.order.market,
        method: input.method,
        maxAmountMinor: terms.maxAmountMinor,
        expiresAt: terms.expiresAt,
        customer: { name: borrower.name || borrower.phone, contact: borrower.phone, email: '' },
        description: `Kilat loan ${state.order.orderNo} AutoPay`,
      });
      const [row] = await tx
        .insert(mandates)
        .values({
          publicId,
          borrowerId: borrower.id,
          orderId: state.order.id,
          market: state.order.market,
          gateway: gateway.name,
          method: input.method,
          maxAmountMinor: terms.maxAmountMinor,
          expiresAt: terms.expiresAt,
          authUrl: registered.authUrl,
          gatewayRef: registered.gatewayRef,
          gatewayOrderRef: registered.gatewayOrderRef,
          customerRef: registered.customerRef,
        })
        .returning();
      return row!;
    });
    return { mandateId: mandate.publicId, authUrl: mandate.authUrl ?? '' };
  }

  /**
   * The borrower pauses, resumes or cancels their loan's mandate from loan details, at any time.
   * Cancel goes to the gateway first (its cancel API; the bank stops the mandate); pause and resume
   * hold or release Kilat's own debits (Razorpay offers no pause of a UPI mandate by the merchant,
   * decision 244). A mandate paused from the payer's UPI app is resumed there, not here.
   */
  async change(borrower: SessionBorrower, input: { orderId: string; action: MandateAction }): Promise<CallData<'autopayMandate'>> {
    const state = await this.deps.orders.requireOwnedState(borrower.id, input.orderId);
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.deps.orders.repository.lock(state.order.id, tx);
      const [mandate] = await tx
        .select()
        .from(mandates)
        .where(and(eq(mandates.orderId, state.order.id), inArray(mandates.status, [...LIVE_MANDATE_STATUSES])))
        .for('update')
        .limit(1);
      if (!mandate) throw autopayNoMandate();
      if (input.action === 'cancel') {
        const gateway = this.gatewayNamed(mandate.gateway);
        // a mandate never authorised has no token at the bank: ending it here is enough
        if (gateway && mandate.tokenRef) {
          await gateway.cancelMandate({ gatewayRef: mandate.gatewayRef, customerRef: mandate.customerRef, tokenRef: mandate.tokenRef });
        }
        await this.move(tx, mandate, 'cancelled', now, { failureReason: 'cancelled_by_borrower' });
        return;
      }
      if (input.action === 'pause') {
        if (mandate.status !== 'active') throw autopayActionRefused();
        await this.move(tx, mandate, 'paused', now, { pausedBy: 'borrower' });
        return;
      }
      if (mandate.status !== 'paused' || mandate.pausedBy !== 'borrower') throw autopayActionRefused();
      await this.move(tx, mandate, 'active', now, { pausedBy: null });
    });
    return this.viewOf(await this.deps.orders.withStatus(state.order));
  }

  private async move(
    tx: Db,
    mandate: Mandate,
    status: MandateStatus,
    now: Date,
    extra: Partial<Pick<Mandate, 'pausedBy' | 'failureReason' | 'tokenRef' | 'authorisedAt'>> = {},
  ): Promise<void> {
    const ends = status === 'cancelled' || status === 'rejected' || status === 'expired';
    await tx
      .update(mandates)
      .set({ status, ...extra, ...(ends ? { endedAt: now } : {}), updatedAt: sql`now()` })
      .where(eq(mandates.id, mandate.id));
  }

  /**
   * A gateway's signed mandate event, in one transaction with its key: a redelivery stops at the key.
   * An ended mandate (cancelled, rejected, expired) never comes back to life; a mandate the borrower
   * paused stays paused when the gateway confirms it again.
   */
  applyEvent(gateway: string, event: MandateWebhookEvent): Promise<WebhookOutcome> {
    const { mandate: change } = event;
    return this.deps.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(webhookEvents)
        .values({
          gateway,
          eventId: change.id,
          type: `mandate.${change.state}`,
          gatewayRef: change.tokenRef ?? change.orderRef ?? change.mandateRef ?? null,
          payload: { ...change },
        })
        .onConflictDoNothing({ target: [webhookEvents.gateway, webhookEvents.eventId] })
        .returning({ eventId: webhookEvents.eventId });
      if (inserted.length === 0) return 'duplicate';
      const found = await this.findForEvent(tx, gateway, change);
      if (!found) {
        this.deps.log.warn({ gateway, eventId: change.id, state: change.state }, 'mandate event for an unknown mandate');
        return 'unknown-mandate';
      }
      const [mandate] = await tx.select().from(mandates).where(eq(mandates.id, found.id)).for('update');
      if (!mandate) return 'unknown-mandate';
      const now = this.deps.clock.now();
      if (change.state !== 'linked') return this.applyState(tx, mandate, change.state, now, change.tokenRef ?? null, change.failureReason);
      if (mandate.tokenRef || !change.tokenRef) return 'unchanged';
      await tx.update(mandates).set({ tokenRef: change.tokenRef, updatedAt: sql`now()` }).where(eq(mandates.id, mandate.id));
      // the token's own events may have come first (Razorpay sends them independently): kept by their key, applied now in order
      const earlier = await tx
        .select({ type: webhookEvents.type, payload: webhookEvents.payload })
        .from(webhookEvents)
        .where(and(eq(webhookEvents.gateway, gateway), eq(webhookEvents.gatewayRef, change.tokenRef)))
        .orderBy(webhookEvents.receivedAt);
      for (const stored of earlier) {
        const state = stored.type.replace(/^mandate\./, '') as MandateWebhookEvent['mandate']['state'];
        if (state === 'linked' || !stored.type.startsWith('mandate.')) continue;
        const [current] = await tx.select().from(mandates).where(eq(mandates.id, mandate.id));
        const reason = typeof stored.payload.failureReason === 'string' ? stored.payload.failureReason : undefined;
        await this.applyState(tx, current!, state, now, change.tokenRef, reason);
      }
      return 'applied';
    });
  }

  /** A mandate's new state at its gateway, applied unless it would bring an ended mandate back or undo the borrower's pause. */
  private async applyState(
    tx: Db,
    mandate: Mandate,
    state: Exclude<MandateWebhookEvent['mandate']['state'], 'linked'>,
    now: Date,
    eventToken: string | null,
    failureReason: string | undefined,
  ): Promise<WebhookOutcome> {
    const ended = mandate.status === 'cancelled' || mandate.status === 'rejected' || mandate.status === 'expired';
    const tokenRef = mandate.tokenRef ?? eventToken;
    switch (state) {
      case 'active':
        if (ended || mandate.status === 'active') return 'unchanged';
        if (mandate.status === 'paused' && mandate.pausedBy === 'borrower') return 'unchanged';
        await this.move(tx, mandate, 'active', now, { tokenRef, pausedBy: null, authorisedAt: mandate.authorisedAt ?? now });
        return 'applied';
      case 'rejected':
        if (mandate.status !== 'created') return 'unchanged';
        await this.move(tx, mandate, 'rejected', now, { tokenRef, failureReason: failureReason ?? 'rejected' });
        return 'applied';
      case 'paused':
        if (mandate.status !== 'active') return 'unchanged';
        await this.move(tx, mandate, 'paused', now, { pausedBy: 'gateway' });
        return 'applied';
      case 'cancelled':
        if (ended) return 'unchanged';
        await this.move(tx, mandate, 'cancelled', now, { failureReason: failureReason ?? 'cancelled_at_gateway' });
        return 'applied';
    }
  }

  private async findForEvent(tx: Db, gateway: string, change: MandateWebhookEvent['mandate']): Promise<{ id: number } | null> {
    const by = change.mandateRef
      ? eq(mandates.publicId, change.mandateRef)
      : change.orderRef && change.state === 'linked'
        ? eq(mandates.gatewayOrderRef, change.orderRef)
        : change.tokenRef
          ? eq(mandates.tokenRef, change.tokenRef)
          : null;
    if (!by) return null;
    const [row] = await tx
      .select({ id: mandates.id })
      .from(mandates)
      .where(and(eq(mandates.gateway, gateway), by))
      .limit(1);
    return row ?? null;
  }
}

/** Each debit of a mandate, oldest first, with what became of it: its row's state, or once presented its payment's. */
export const debitsOfMandate = async (
  db: Db,
  mandateId: number,
): Promise<(MandateDebit & { outcome: DebitOutcome; paymentRef: string | null })[]> => {
  const rows = await db
    .select({ debit: mandateDebits, paymentStatus: paymentsTable.status, paymentRef: paymentsTable.publicId })
    .from(mandateDebits)
    .leftJoin(paymentsTable, eq(paymentsTable.id, mandateDebits.paymentId))
    .where(eq(mandateDebits.mandateId, mandateId))
    .orderBy(mandateDebits.dueDate, mandateDebits.id);
  return rows.map(({ debit, paymentStatus, paymentRef }) => ({
    ...debit,
    paymentRef,
    outcome: (debit.status !== 'presented'
      ? debit.status
      : paymentStatus === 'paid'
        ? 'paid'
        : paymentStatus === 'failed' || paymentStatus === 'expired'
          ? 'failed'
          : 'pending') as DebitOutcome,
  }));
};

/** The console's order page (read-only): every mandate of an order, newest first, with its debits. */
export const mandatesOfOrder = async (db: Db, orderId: number) => {
  const rows = await db.select().from(mandates).where(eq(mandates.orderId, orderId)).orderBy(desc(mandates.id));
  return Promise.all(rows.map(async (mandate) => ({ mandate, debits: await debitsOfMandate(db, mandate.id) })));
};

/** Today's instalment of an order as its replay has it: the oldest period still owed. */
export const owedPeriodOf = (state: OrderState) => currentPeriod(state.replay);
