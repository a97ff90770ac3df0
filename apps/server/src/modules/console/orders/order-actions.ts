/**
 * The order page's actions (issue 31 item 2, decisions 163 and 164), each with a reason, audited in
 * the transaction of its change, posted through the ledger module, under the order's row lock:
 *
 * - a write-off of everything the order owes: at once at or under the market's configured amount,
 *   above it approved by another operator (the order approvals' machinery, as waivers are);
 * - an offline repayment against the bank's reference: once per order and reference (a second
 *   recording answers the first), allocated by the one waterfall, never more than the order may take;
 * - a refund of an overpayment to the borrower's validated account: always approved by another
 *   operator; the approval queues a refund payout that the payout job sends through the payout
 *   port, and the ledger posts the refund when the gateway confirms it;
 * - a due reminder resent through the SMS outbox: once per order and day, in the market's sending hours.
 */
import { formatMoney, interpolate, localeOf, type MessageKey, OrderStatus } from '@kilat/contract';
import {
  consoleDate,
  consoleDateTime,
  type OfflineRepaymentResult,
  type OfflineRepaymentView,
  type OrderActionsView,
  type RefundView,
  type ReversibleKind,
  type WaiverView,
} from '@kilat/contract/console';
import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/errors.js';
import {
  borrowers,
  disbursalAccounts,
  type LedgerEntry,
  ledgerEntries,
  type Order,
  orderApprovals,
  orders,
  refundPayouts,
} from '../../../db/schema.js';
import { textIn } from '../../../http/language.js';
import type { AllocationLine } from '../../../lending/allocation.js';
import { amountRefusal, isRefusal, repaymentDue } from '../../../lending/amount-rules.js';
import { businessDateAt, daysBetween } from '../../../lending/business-date.js';
import type { Clock } from '../../../lending/clock.js';
import { currentPeriod, liveRows } from '../../../lending/ledger-replay.js';
import { overdueFigures, reminderText, sendingWindow } from '../../jobs/due-reminders.js';
import {
  attachClaim,
  type BankCreditClaim,
  claimBankCredit,
  claimOfApproval,
  liveClaimOf,
  releaseClaim,
} from '../../ledger/bank-credits.js';
import type { ClosureNotice } from '../../ledger/closure-notice.js';
import { postOfflineRepayment, postWriteOff } from '../../ledger/posting.js';
import { isRecoveryRefusal, postRecovery, type RecoveryPlan, type RecoveryRefusal, recoveryPlanOf } from '../../ledger/recoveries.js';
import { quoteOf } from '../../ledger/replay.js';
import { entryByKey, offlineRepaymentKey } from '../../ledger/repository.js';
import { isReversalRefusal, postReversal, REVERSIBLE, type ReversalRefusal, reversalPlanOf } from '../../ledger/reversals.js';
import { isValueDatedRefusal, type ValueDatedRefusal, valueDatedPlanOf } from '../../ledger/value-dated.js';
import type { OrderState, OrdersService } from '../../orders/service.js';
import { queueRefundPayout } from '../../payouts/refunds.js';
import type { SmsOutbox } from '../../sms/outbox.js';
import { smsOutbox } from '../../sms/outbox-table.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { OperatorsRepository } from '../shared/operators-repository.js';
import type { Actor } from '../shared/session.js';
import type { ApprovalRow, OrderApprovals, PostApproved } from './order-approvals.js';

/** Statuses of an order that still owes (DESIGN §4): the ones a reminder is about. */
const OWING: ReadonlySet<number> = new Set([
  OrderStatus.Disbursed,
  OrderStatus.DueSoon,
  OrderStatus.Overdue,
  OrderStatus.InstallmentPartlyPaid,
  OrderStatus.Extended,
]);

/** Why a row cannot be reversed, in the operator's words. */
const reversalRefusal = (refusal: ReversalRefusal, market: Order['market']): ConsoleError => {
  switch (refusal.reason) {
    case 'notFound':
      return ConsoleError.invalid('ledgerId (a row of this order)');
    case 'notReversible':
      return ConsoleError.conflict(
        `A ${refusal.kind.replaceAll('_', ' ')} row is not reversed by hand: only a repayment, a recovery, a penalty waiver, a write-off or a settlement.`,
      );
    case 'reversedAlready':
      return ConsoleError.conflict('This row is reversed already.');
    case 'recoveredSince':
      return ConsoleError.conflict(
        `${formatMoney(refusal.recoveredMinor, market)} was recovered on this loan after the write-off: reverse the recovery first, then the write-off, and record the money again as a repayment.`,
      );
  }
};

/** How far ahead of the due date an operator may resend a reminder: the job's first is 3 days before (decision 046). */
const RESEND_DAYS_BEFORE_DUE = 3;

/** One resent reminder per order and business date: the outbox's dedupe key, so every instance agrees. */
const resendKey = (orderId: number, today: string) => `reminder-resend:${orderId}:${today}`;

export interface OrderActionsDeps {
  db: Db;
  orders: OrdersService;
  approvals: OrderApprovals;
  operators: OperatorsRepository;
  audit: AuditLog;
  clock: Clock;
  outbox: Pick<SmsOutbox, 'enqueue'>;
  /** the payout gateway a market's refunds go to */
  payoutGatewayOf: (market: Order['market']) => string;
  writeOffApprovalAboveMinor: Record<Order['market'], number>;
  /** each market's collection accounts, the first the default (decision 230) */
  collectionAccounts: Record<Order['market'], string[]>;
  /** told when an action closes an order: the closure letter's SMS (issue 49) */
  closureNotice?: ClosureNotice;
}

export class OrderActions {
  constructor(private readonly deps: OrderActionsDeps) {}

  // ---- the page

  async view(orderId: number): Promise<OrderActionsView> {
    const { db } = this.deps;
    const order = await this.order(db, orderId);
    const state = await this.deps.orders.withStatus(order);
    const money = (minor: number) => formatMoney(minor, order.market);
    const [writeOffs, refundRequests, reversalRequests, reversalDetails, offline, payouts, account, people, lastResent] = await Promise.all(
      [
        this.deps.approvals.ofOrder(orderId, 'write_off'),
        this.deps.approvals.ofOrder(orderId, 'refund'),
        this.deps.approvals.ofOrder(orderId, 'reversal'),
        db
          .select({ id: orderApprovals.id, details: orderApprovals.details, status: orderApprovals.status })
          .from(orderApprovals)
          .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.kind, 'reversal'))),
        db
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.orderId, orderId),
              eq(ledgerEntries.kind, 'repayment'),
              sql`${ledgerEntries.meta} ->> 'method' = 'offline'`,
            ),
          )
          .orderBy(ledgerEntries.id),
        db
          .select({ payout: refundPayouts, bankName: disbursalAccounts.bankName, last4: disbursalAccounts.last4 })
          .from(refundPayouts)
          .innerJoin(disbursalAccounts, eq(disbursalAccounts.id, refundPayouts.disbursalAccountId))
          .where(eq(refundPayouts.orderId, orderId)),
        this.refundAccount(db, order.borrowerId),
        this.deps.operators.list(),
        this.lastResent(orderId),
      ],
    );
    const payoutOf = new Map(payouts.map((row) => [row.payout.approvalId, row]));
    const refunds: RefundView[] = refundRequests.map((request) => {
      const found = payoutOf.get(request.id);
      return {
        ...request,
        payout: found
          ? {
              reference: found.payout.publicId,
              status: found.payout.status,
              account: `${found.bankName} •••• ${found.last4}`,
              utr: found.payout.utr ?? '',
              failure: found.payout.failureReason ?? found.payout.failureCode ?? '',
            }
          : null,
      };
    });
    const nameOf = (id: number) => people.find((operator) => operator.id === id)?.name ?? `operator ${id}`;
    const refundable = await this.refundableMinor(db, state);
    const max = this.offlineMax(state);
    return {
      orderId,
      market: order.market,
      today: this.deps.clock.today(order.market),
      writeOff: {
        owedMinor: this.owedMinor(state),
        owed: money(this.owedMinor(state)),
        approvalAboveMinor: this.deps.writeOffApprovalAboveMinor[order.market],
        writtenOff: state.replay.writtenOffMinor > 0 ? money(state.replay.writtenOffMinor) : null,
        requests: writeOffs,
      },
      offlineRepayment: {
        maxMinor: typeof max === 'number' ? max : 0,
        max: money(typeof max === 'number' ? max : 0),
        recorded: offline.map((entry) => this.offlineView(entry, order, nameOf)),
      },
      refund: {
        refundableMinor: refundable,
        refundable: money(refundable),
        account: account ? `${account.bankName} •••• ${account.last4}` : null,
        requests: refunds,
      },
      reversal: this.reversalView(state, reversalRequests, reversalDetails),
      reminder: {
        lastResentAt: lastResent?.toISOString() ?? null,
        refusal: this.reminderRefusal(state, lastResent),
      },
    };
  }

  // ---- write-off

  async requestWriteOff(actor: Actor, orderId: number, input: { reason: string }): Promise<{ id: number; status: ApprovalRow['status'] }> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.order(tx, orderId, true);
      const state = await this.deps.orders.withStatus(order, tx);
      const owed = this.owedMinor(state);
      if (owed <= 0) throw ConsoleError.conflict('This order owes nothing: there is nothing to write off.');
      const [waiting] = await tx
        .select({ id: orderApprovals.id })
        .from(orderApprovals)
        .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.kind, 'write_off'), eq(orderApprovals.status, 'pending')))
        .limit(1);
      if (waiting) throw ConsoleError.conflict('A write-off of this order is already waiting for approval.');
      const row = await this.deps.approvals.ask(tx, actor, {
        kind: 'write_off',
        order,
        amountMinor: owed,
        reason: input.reason,
        // at once while the control matrix's sums allow it (decision 232)
        immediate: true,
        post: this.postWriteOff,
      });
      return { id: row.id, status: row.status };
    });
  }

  async decideWriteOff(actor: Actor, id: number, approve: boolean, reason?: string): Promise<void> {
    await this.deps.approvals.decide(actor, id, 'write_off', approve, this.postWriteOff, undefined, reason);
  }

  /** Everything owed at the moment of posting (penalties to today included), once per approved request. */
  private readonly postWriteOff: PostApproved = async (tx, row, order, operatorId) => {
    const { result, amountMinor } = await postWriteOff(
      tx,
      this.deps.clock,
      order,
      { approvalId: row.id, operatorId },
      this.deps.closureNotice,
    );
    if (!result.posted) throw ConsoleError.conflict('This order owes nothing any more: there is nothing to write off.');
    return { writtenOffMinor: amountMinor };
  };

  // ---- offline repayment

  async recordOfflineRepayment(
    actor: Actor,
    orderId: number,
    input: { amountMinor: number; bankReference: string; receivedOn: string; reason: string; bankAccount?: string | undefined },
  ): Promise<OfflineRepaymentResult> {
    const people = await this.deps.operators.list();
    const nameOf = (id: number) => people.find((operator) => operator.id === id)?.name ?? `operator ${id}`;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const order = await this.order(tx, orderId, true);
        const accounts = this.deps.collectionAccounts[order.market];
        const bankAccount = input.bankAccount ?? accounts[0]!;
        if (!accounts.includes(bankAccount)) throw ConsoleError.invalid(`bankAccount (one of ${accounts.join(', ')})`);
        // one bank credit repays one loan (decision 230): the same reference again on this order answers the first; on another, refused
        const claim = await liveClaimOf(tx, order.market, bankAccount, input.bankReference);
        if (claim) return this.claimedAlready(tx, claim, order, nameOf);
        // on a written-off loan the money is a recovery (decision 238), else a repayment on its value date
        const valueDate = await this.offlineValueDate(tx, order, input);
        const now = this.deps.clock.now();
        const claimed = await claimBankCredit(tx, {
          market: order.market,
          bankAccount,
          bankReference: input.bankReference,
          orderId: order.id,
          amountMinor: input.amountMinor,
          receivedOn: valueDate,
          claimedBy: actor.operator.id,
          claimedAt: now,
        });
        const details = { bankReference: input.bankReference, bankAccount, receivedOn: valueDate, claimId: claimed.id };
        const row = await this.deps.approvals.ask(tx, actor, {
          kind: 'offline_repayment',
          order,
          amountMinor: input.amountMinor,
          reason: input.reason,
          // at once while the control matrix's sums allow it (decisions 231, 232)
          immediate: true,
          post: this.postOffline,
          details,
        });
        if (row.status === 'pending') {
          await attachClaim(tx, claimed.id, { approvalId: row.id });
          return {
            ...this.pendingOfflineView(row, details, order, nameOf),
            duplicate: false,
            status: 'pending' as const,
            approvalId: row.id,
          };
        }
        const entry = await entryByKey(tx, offlineRepaymentKey(order.id, input.bankReference));
        return { ...this.offlineView(entry!, order, nameOf), duplicate: false, status: 'posted' as const, approvalId: row.id };
      });
    } catch (error) {
      // two desks claiming one credit for two orders at once: the database keeps one (bank_credit_claims_live)
      if (isUniqueViolation(error))
        throw ConsoleError.conflict(
          `Bank reference ${input.bankReference} was recorded at the same moment on another order: one credit repays one loan.`,
        );
      throw error;
    }
  }

  async decideOfflineRepayment(actor: Actor, id: number, approve: boolean, reason?: string): Promise<void> {
    await this.deps.approvals.decide(
      actor,
      id,
      'offline_repayment',
      approve,
      this.postOffline,
      async (tx) => {
        // rejected: the credit is free to repay the loan it belongs to
        const claim = await claimOfApproval(tx, id);
        if (claim) await releaseClaim(tx, claim.id, this.deps.clock.now());
      },
      reason,
    );
  }

  /** The day an offline credit applies on: a recovery's on a written-off loan (decision 238), else a value-dated repayment's; refused in words. */
  private async offlineValueDate(tx: Db, order: Order, input: { amountMinor: number; receivedOn: string }): Promise<string> {
    const recovery = await recoveryPlanOf(tx, this.deps.clock, order, input);
    if (recovery !== null) {
      if (isRecoveryRefusal(recovery)) throw this.recoveryRefusal(recovery, order, input);
      return recovery.valueDate;
    }
    const plan = await valueDatedPlanOf(tx, this.deps.clock, order, input);
    if (isValueDatedRefusal(plan)) throw this.valueDatedRefusal(plan, order, input);
    return plan.valueDate;
  }

  /** A recovery's refusal in the operator's words (decision 238). */
  private recoveryRefusal(refusal: RecoveryRefusal, order: Order, input: { amountMinor: number; receivedOn: string }): ConsoleError {
    const money = (minor: number) => formatMoney(minor, order.market);
    switch (refusal.reason) {
      case 'notADate':
        return ConsoleError.invalid(`receivedOn (a date, not after today, ${this.deps.clock.today(order.market)})`);
      case 'afterToday':
        return ConsoleError.invalid(
          `receivedOn: ${input.receivedOn} is after today (${refusal.today}); money is recorded once the bank has it`,
        );
      case 'beforeWriteOff':
        return ConsoleError.conflict(
          `Received on ${input.receivedOn} is before the write-off posted on ${refusal.writtenOffOn}: reverse the write-off first, then record it as a repayment.`,
        );
      case 'tooMuch':
        return ConsoleError.invalid(
          `amountMinor: ${money(input.amountMinor)} is more than the ${money(refusal.maxMinor)} written off and not yet recovered; an overpayment is not recorded`,
        );
    }
  }

  /** A recovery posted once approved (or at once): nothing was owed before or after it; the loan stays closed. */
  private async postRecoveryOf(
    tx: Db,
    row: ApprovalRow,
    order: Order,
    operatorId: number,
    details: { bankReference: string; bankAccount: string; receivedOn: string; claimId: number },
    plan: RecoveryPlan,
  ) {
    const result = await postRecovery(tx, this.deps.clock, order, plan, {
      bankReference: details.bankReference,
      bankAccount: details.bankAccount,
      operatorId: row.requestedBy,
      reason: row.reason,
      ...(operatorId === row.requestedBy ? {} : { approvedBy: operatorId }),
    });
    if (!result.posted) throw ConsoleError.conflict('This bank reference was recorded at the same moment: open the order again.');
    await attachClaim(tx, details.claimId, { ledgerEntryId: result.entry.id });
    return {
      ledgerId: result.entry.id,
      valueDate: plan.valueDate,
      outstandingBeforeMinor: 0,
      outstandingAfterMinor: 0,
      restatedPenalties: 0,
      lines: [],
      recoveredMinor: plan.amountMinor,
    };
  }

  /** Posted on its value date as the ledger stands at the approval (decision 231): the plan is made again, and may now be refused. */
  private readonly postOffline: PostApproved = async (tx, row, order, operatorId) => {
    const details = row.details as { bankReference: string; bankAccount: string; receivedOn: string; claimId: number };
    const recovery = await recoveryPlanOf(tx, this.deps.clock, order, { amountMinor: row.amountMinor, receivedOn: details.receivedOn });
    if (recovery !== null) {
      if (isRecoveryRefusal(recovery))
        throw this.recoveryRefusal(recovery, order, { amountMinor: row.amountMinor, receivedOn: details.receivedOn });
      return this.postRecoveryOf(tx, row, order, operatorId, details, recovery);
    }
    const plan = await valueDatedPlanOf(tx, this.deps.clock, order, { amountMinor: row.amountMinor, receivedOn: details.receivedOn });
    if (isValueDatedRefusal(plan))
      throw this.valueDatedRefusal(plan, order, { amountMinor: row.amountMinor, receivedOn: details.receivedOn });
    const result = await postOfflineRepayment(
      tx,
      this.deps.clock,
      order,
      plan,
      {
        bankReference: details.bankReference,
        bankAccount: details.bankAccount,
        operatorId: row.requestedBy,
        reason: row.reason,
        ...(operatorId === row.requestedBy ? {} : { approvedBy: operatorId }),
      },
      this.deps.closureNotice,
    );
    if (!result.posted) throw ConsoleError.conflict('This bank reference was recorded at the same moment: open the order again.');
    await attachClaim(tx, details.claimId, { ledgerEntryId: result.entry.id });
    return {
      ledgerId: result.entry.id,
      valueDate: plan.valueDate,
      outstandingBeforeMinor: plan.before.outstandingMinor,
      outstandingAfterMinor: plan.after.outstandingMinor,
      restatedPenalties: plan.restated.length,
      lines: plan.allocation.lines,
    };
  };

  /** A reference claimed already: on this order the first result again; on another order refused, naming it. */
  private async claimedAlready(
    tx: Db,
    claim: BankCreditClaim,
    order: Order,
    nameOf: (id: number) => string,
  ): Promise<OfflineRepaymentResult> {
    if (claim.orderId !== order.id) {
      const [other] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, claim.orderId));
      throw ConsoleError.conflict(
        `Bank reference ${claim.bankReference} in account ${claim.bankAccount} was recorded on order ${other?.orderNo ?? claim.orderId}: one credit repays one loan. Reverse it there first if it was recorded on the wrong loan.`,
      );
    }
    if (claim.ledgerEntryId !== null) {
      const [entry] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, claim.ledgerEntryId));
      return { ...this.offlineView(entry!, order, nameOf), duplicate: true, status: 'posted', approvalId: null };
    }
    const [row] = await tx
      .select()
      .from(orderApprovals)
      .where(eq(orderApprovals.id, claim.approvalId ?? 0));
    return {
      ...this.pendingOfflineView(
        row!,
        { bankReference: claim.bankReference, bankAccount: claim.bankAccount, receivedOn: claim.receivedOn },
        order,
        nameOf,
      ),
      duplicate: true,
      status: 'pending',
      approvalId: claim.approvalId,
    };
  }

  private pendingOfflineView(
    row: ApprovalRow,
    details: { bankReference: string; bankAccount: string; receivedOn: string },
    order: Order,
    nameOf: (id: number) => string,
  ): OfflineRepaymentView {
    return {
      bankReference: details.bankReference,
      bankAccount: details.bankAccount,
      amount: formatMoney(row.amountMinor, order.market),
      amountMinor: row.amountMinor,
      receivedOn: details.receivedOn,
      recordedOn: businessDateAt(row.requestedAt, order.market),
      recordedBy: { id: row.requestedBy, name: nameOf(row.requestedBy) },
      reason: row.reason,
      allocation: [],
    };
  }

  /** A value-dated repayment's refusal in the operator's words (decision 231). */
  private valueDatedRefusal(refusal: ValueDatedRefusal, order: Order, input: { amountMinor: number; receivedOn: string }): ConsoleError {
    const money = (minor: number) => formatMoney(minor, order.market);
    const today = this.deps.clock.today(order.market);
    switch (refusal.reason) {
      case 'notADate':
        return ConsoleError.invalid(`receivedOn (a date, not after today, ${today})`);
      case 'afterToday':
        return ConsoleError.invalid(
          `receivedOn: ${input.receivedOn} is after today (${refusal.today}); money is recorded once the bank has it`,
        );
      case 'beforePayout':
        return ConsoleError.invalid(
          `receivedOn: ${input.receivedOn} is before the loan was paid out on ${refusal.payoutOn}; nothing was owed then`,
        );
      case 'beforeClosingPosting':
        return ConsoleError.conflict(
          `Received on ${input.receivedOn} is before a write-off, refund or returned payout posted on ${refusal.postedOn}: reverse that first.`,
        );
      case 'nothingToRepay':
        return ConsoleError.conflict('This order owes nothing: an offline repayment would be an overpayment.');
      case 'prepaymentNotYet':
        return ConsoleError.conflict(
          `Closing this loan early opens on ${refusal.opensOn}: an offline repayment now would be an overpayment.`,
        );
      case 'tooMuch':
        return ConsoleError.invalid(
          `amountMinor: ${money(input.amountMinor)} is more than the ${money(refusal.maxMinor)} this order may take ${input.receivedOn === today ? 'today' : `on ${input.receivedOn}`}; an overpayment is not recorded`,
        );
      case 'makesOverpayment':
        return ConsoleError.conflict(
          `Applied on ${input.receivedOn} it would leave ${money(refusal.overpaidMinor)} of a later payment paid beyond what was owed: check the date and the amount.`,
        );
    }
  }

  /** The most an offline repayment may be today: what a repayment may be (`repaymentDue`, the gateways' rule too); a string: why none. */
  private offlineMax(state: OrderState): number | string {
    const today = this.deps.clock.today(state.order.market);
    const due = repaymentDue({
      disbursed: state.facts.disbursed,
      outstandingMinor: state.replay.outstandingMinor,
      quote: state.facts.disbursed ? quoteOf(state.order, state.replay, today) : null,
    });
    if (!isRefusal(due)) {
      // in India's cooling-off period more than the ordinary amount is only the exit amount itself: the ordinary amount is the cap here
      return amountRefusal('repay', due.amountMinor, due) === null ? due.amountMinor : (due.ordinaryMaxMinor ?? 0);
    }
    return due.reason === 'prepaymentNotYet'
      ? `Closing this loan early opens on ${due.date}: an offline repayment now would be an overpayment.`
      : 'This order owes nothing: an offline repayment would be an overpayment.';
  }

  private offlineView(entry: LedgerEntry, order: Order, nameOf: (id: number) => string): OfflineRepaymentView {
    const meta = entry.meta as {
      bankReference?: string;
      bankAccount?: string;
      receivedOn?: string;
      recordedAt?: string;
      operatorId?: number;
      reason?: string;
      lines?: AllocationLine[];
    };
    const money = (minor: number) => formatMoney(minor, order.market);
    return {
      bankReference: meta.bankReference ?? '',
      bankAccount: meta.bankAccount ?? 'MAIN',
      amount: money(entry.amountMinor),
      amountMinor: entry.amountMinor,
      receivedOn: meta.receivedOn ?? entry.businessDate,
      // recorded on the day Kilat applied it; posted on its value date since decision 231
      recordedOn: meta.recordedAt ? businessDateAt(new Date(meta.recordedAt), order.market) : entry.businessDate,
      recordedBy: meta.operatorId ? { id: meta.operatorId, name: nameOf(meta.operatorId) } : null,
      reason: meta.reason ?? '',
      allocation: (meta.lines ?? []).map(
        (line) => `${line.periodNo === null ? '' : `period ${line.periodNo} `}${line.component} ${money(line.amountMinor)}`,
      ),
    };
  }

  // ---- reversal (decision 233)

  /** The rows in force that may be reversed, newest first, and the reversals asked with the row each reverses. */
  private reversalView(
    state: OrderState,
    requests: WaiverView[],
    details: { id: number; details: unknown; status: ApprovalRow['status'] }[],
  ): OrderActionsView['reversal'] {
    const detailOf = new Map(details.map((row) => [row.id, row.details as { ledgerId: number; reversedKind: ReversibleKind }]));
    const waiting = new Set(details.filter((row) => row.status === 'pending').map((row) => detailOf.get(row.id)!.ledgerId));
    const rows = liveRows(state.ledger.ledger)
      .filter((row) => REVERSIBLE.has(row.kind))
      .reverse()
      .map((row) => ({
        ledgerId: row.id,
        kind: row.kind as ReversibleKind,
        businessDate: row.businessDate,
        amount: formatMoney(row.amountMinor, state.order.market),
        waiting: waiting.has(row.id),
      }));
    return {
      rows,
      requests: requests.map((request) => ({ ...request, ...detailOf.get(request.id)! })),
    };
  }

  /** Asks to reverse one of the order's rows with a reason; always a second operator decides. */
  async requestReversal(
    actor: Actor,
    orderId: number,
    input: { ledgerId: number; reason: string },
  ): Promise<{ id: number; status: ApprovalRow['status'] }> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.order(tx, orderId, true);
      const plan = await reversalPlanOf(tx, this.deps.clock, order, input.ledgerId);
      if (isReversalRefusal(plan)) throw reversalRefusal(plan, order.market);
      const [waiting] = await tx
        .select({ id: orderApprovals.id })
        .from(orderApprovals)
        .where(
          and(
            eq(orderApprovals.orderId, orderId),
            eq(orderApprovals.kind, 'reversal'),
            eq(orderApprovals.status, 'pending'),
            sql`(${orderApprovals.details} ->> 'ledgerId')::bigint = ${input.ledgerId}`,
          ),
        )
        .limit(1);
      if (waiting) throw ConsoleError.conflict(`A reversal of this row is already waiting for approval (request ${waiting.id}).`);
      const row = await this.deps.approvals.ask(tx, actor, {
        kind: 'reversal',
        order,
        amountMinor: plan.reversed[0]!.amountMinor,
        reason: input.reason,
        immediate: false,
        post: this.postReversal,
        details: { ledgerId: input.ledgerId, reversedKind: plan.reversed[0]!.kind },
      });
      return { id: row.id, status: row.status };
    });
  }

  async decideReversal(actor: Actor, id: number, approve: boolean, reason?: string): Promise<void> {
    await this.deps.approvals.decide(actor, id, 'reversal', approve, this.postReversal, undefined, reason);
  }

  /** Planned again as the ledger stands at the approval, posted as reversing rows; the replay re-applies the rest. */
  private readonly postReversal: PostApproved = async (tx, row, order, operatorId) => {
    const { ledgerId } = row.details as { ledgerId: number };
    const plan = await reversalPlanOf(tx, this.deps.clock, order, ledgerId);
    if (isReversalRefusal(plan)) throw reversalRefusal(plan, order.market);
    const beforeMinor = (await this.deps.orders.withStatus(order, tx)).replay.outstandingMinor;
    const outstandingMinor = await postReversal(tx, this.deps.clock, order, plan, { approvalId: row.id, operatorId, reason: row.reason });
    // the borrower is told when it changes what they owe, in their market's language, once per reversal
    if (outstandingMinor !== beforeMinor) await this.tellOfCorrection(tx, order, outstandingMinor, `reversal-notice:${row.id}`);
    return {
      reversed: plan.reversed.map((reversed) => reversed.id),
      restatedPenalties: plan.restated.length,
      outstandingAfterMinor: outstandingMinor,
    };
  };

  /** An SMS to the borrower that a correction changed what they owe, with the new amount (issue 47, decision 274). */
  private async tellOfCorrection(tx: Db, order: Order, owedMinor: number, dedupeKey: string): Promise<void> {
    const [borrower] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, order.borrowerId));
    if (!borrower?.phone) return;
    const body = interpolate(textIn(localeOf(order.market), 'smsLoanCorrected'), {
      orderNo: order.orderNo,
      amount: formatMoney(owedMinor, order.market),
    });
    await this.deps.outbox.enqueue({ market: order.market, phone: borrower.phone, purpose: 'repayment', body }, { dedupeKey }, tx);
  }

  // ---- refund

  async requestRefund(
    actor: Actor,
    orderId: number,
    input: { amountMinor: number; reason: string },
  ): Promise<{ id: number; status: ApprovalRow['status'] }> {
    return this.deps.db.transaction(async (tx) => {
      const order = await this.order(tx, orderId, true);
      const state = await this.deps.orders.withStatus(order, tx);
      const refundable = await this.refundableMinor(tx, state);
      const money = (minor: number) => formatMoney(minor, order.market);
      if (refundable <= 0)
        throw ConsoleError.conflict('Nothing was paid beyond what this order owed (or it is refunded or asked already).');
      if (input.amountMinor > refundable)
        throw ConsoleError.invalid(
          `amountMinor (at most the ${money(refundable)} paid beyond what was owed and not yet refunded or asked)`,
        );
      if (!(await this.refundAccount(tx, order.borrowerId)))
        throw ConsoleError.conflict('The borrower has no validated disbursal account to refund to: ask them to add one in the app.');
      // money leaving Kilat: always a second operator (decision 164)
      const row = await this.deps.approvals.ask(tx, actor, {
        kind: 'refund',
        order,
        amountMinor: input.amountMinor,
        reason: input.reason,
        immediate: false,
        post: this.queueRefund,
      });
      return { id: row.id, status: row.status };
    });
  }

  async decideRefund(actor: Actor, id: number, approve: boolean, reason?: string): Promise<void> {
    await this.deps.approvals.decide(actor, id, 'refund', approve, this.queueRefund, undefined, reason);
  }

  /** The approval queues the refund's payout to the account the borrower has now; the ledger posts it when the gateway confirms. */
  private readonly queueRefund: PostApproved = async (tx, row, order) => {
    const state = await this.deps.orders.withStatus(order, tx);
    // this request is approved already, so it no longer counts as waiting: what is refundable must still cover it
    if (row.amountMinor > (await this.refundableMinor(tx, state)))
      throw ConsoleError.conflict('Less is refundable now than this refund asks: reject it and ask again.');
    const account = await this.refundAccount(tx, order.borrowerId);
    if (!account) throw ConsoleError.conflict('The borrower has no validated disbursal account to refund to any more.');
    const payout = await queueRefundPayout(tx, {
      approvalId: row.id,
      orderId: order.id,
      borrowerId: order.borrowerId,
      market: order.market,
      accountId: account.id,
      gateway: this.deps.payoutGatewayOf(order.market),
      amountMinor: row.amountMinor,
      now: this.deps.clock.now(),
    });
    return { payout: payout.publicId, idempotencyKey: payout.idempotencyKey, accountEnding: account.last4 };
  };

  /**
   * Paid beyond what was owed and not refunded (the replay), less what is asked or on its way: pending
   * requests and approved ones whose payout has not ended (a failed one gives its amount back).
   */
  private async refundableMinor(tx: Db, state: OrderState): Promise<number> {
    const [held] = await tx
      .select({ minor: sql<string>`coalesce(sum(${orderApprovals.amountMinor}), 0)` })
      .from(orderApprovals)
      .leftJoin(refundPayouts, eq(refundPayouts.approvalId, orderApprovals.id))
      .where(
        and(
          eq(orderApprovals.orderId, state.order.id),
          eq(orderApprovals.kind, 'refund'),
          sql`(${orderApprovals.status} = 'pending' OR (${orderApprovals.status} = 'approved' AND ${refundPayouts.status} IN ('queued', 'processing')))`,
        ),
      );
    return Math.max(0, state.replay.overpaidMinor - state.replay.refundedMinor - Number(held?.minor ?? 0));
  }

  /** The borrower's active account, validated (by the gateway, or by a payout that landed): where a refund may go. */
  private async refundAccount(tx: Db, borrowerId: number) {
    const [account] = await tx
      .select()
      .from(disbursalAccounts)
      .where(
        and(
          eq(disbursalAccounts.borrowerId, borrowerId),
          isNull(disbursalAccounts.replacedAt),
          eq(disbursalAccounts.validationStatus, 'valid'),
        ),
      )
      .limit(1);
    return account ?? null;
  }

  // ---- due reminder

  async resendReminder(actor: Actor, orderId: number, input: { reason: string }): Promise<{ sentAt: string }> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const order = await this.order(tx, orderId, true);
      const state = await this.deps.orders.withStatus(order, tx);
      const refusal = this.reminderRefusal(state, await this.lastResent(orderId, tx));
      if (refusal) throw ConsoleError.conflict(refusal);
      const [borrower] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, order.borrowerId));
      if (!borrower?.phone) throw ConsoleError.conflict('The borrower has no phone number to send to.');
      const today = this.deps.clock.today(order.market);
      const window = sendingWindow(now, order.market, today);
      const period = currentPeriod(state.replay)!;
      const days = daysBetween(today, period.dueDate);
      const key: MessageKey =
        days < 0 ? 'reminderOverdue' : days === 0 ? 'reminderDueToday' : days === 1 ? 'reminderDueTomorrow' : 'reminderDueOn';
      const locale = localeOf(order.market);
      // before the due date it states what is due on it; an overdue one what is owed today with its late fees (issue 47 item 10)
      const amountDue =
        days < 0 ? null : interpolate(textIn(locale, 'reminderAmountDue'), { amount: formatMoney(period.owedMinor, order.market) });
      // before the sending hours open it waits for them (India 08:00)
      const notBefore = new Date(Math.max(now.getTime(), window.opensAt.getTime()));
      const written = await this.deps.outbox.enqueue(
        {
          market: order.market,
          phone: borrower.phone,
          purpose: 'reminder',
          // an overdue one states what is owed and the late fees in it, as the job's does (issue 48)
          body: [reminderText(locale, key, order, period.dueDate, days < 0 ? overdueFigures(order, state.replay, today) : null), amountDue]
            .filter(Boolean)
            .join(' '),
        },
        { dedupeKey: resendKey(order.id, today), notBefore, notAfter: window.closesAt },
        tx,
      );
      if (!written) throw ConsoleError.conflict('A reminder was resent for this order today already: one a day.');
      await this.deps.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'reminder.resend',
        targetType: 'order',
        targetId: order.id,
        after: { text: key, dueDate: period.dueDate, amountDueMinor: days < 0 ? null : period.owedMinor, notBefore, reason: input.reason },
        requestId: actor.requestId,
      });
      return { sentAt: notBefore.toISOString() };
    });
  }

  /**
   * Why a reminder cannot be resent now: nothing owed, the due date further off than the job's first
   * reminder, the day's sending hours over, or one resent today already.
   */
  private reminderRefusal(state: OrderState, lastResent: Date | null): string | null {
    const { market } = state.order;
    const period = currentPeriod(state.replay);
    if (!OWING.has(state.status) || !period) return 'This order owes nothing: there is nothing to remind of.';
    const now = this.deps.clock.now();
    const today = this.deps.clock.today(market);
    const daysToDue = daysBetween(today, period.dueDate);
    if (daysToDue > RESEND_DAYS_BEFORE_DUE)
      return `The next repayment is due on ${consoleDate(period.dueDate)}, in ${daysToDue} days: a reminder can be resent from ${RESEND_DAYS_BEFORE_DUE} days before the due date, when the borrower's own reminders start.`;
    if (lastResent && businessDateAt(lastResent, market) === today)
      return `A reminder was resent for this order today already (${consoleDateTime(lastResent, market)}): one a day.`;
    if (sendingWindow(now, market, today).isClosedForTheDay)
      return `Reminders are sent between 08:00 and 19:00 ${market === 'IN' ? 'India' : 'Jakarta'} time only: resend it tomorrow.`;
    return null;
  }

  /** When the latest operator's reminder of this order was written. */
  private async lastResent(orderId: number, tx: Db = this.deps.db): Promise<Date | null> {
    const [row] = await tx
      .select({ createdAt: smsOutbox.createdAt })
      .from(smsOutbox)
      .where(like(smsOutbox.dedupeKey, `reminder-resend:${orderId}:%`))
      .orderBy(desc(smsOutbox.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  }

  private async order(tx: Db, orderId: number, lock = false): Promise<Order> {
    const query = tx.select().from(orders).where(eq(orders.id, orderId));
    const [order] = lock ? await query.for('update') : await query;
    if (!order) throw ConsoleError.notFound();
    return order;
  }

  /** Everything the order owes today: what a write-off takes off. */
  private owedMinor(state: OrderState): number {
    return state.facts.disbursed ? state.replay.outstandingMinor : 0;
  }
}
