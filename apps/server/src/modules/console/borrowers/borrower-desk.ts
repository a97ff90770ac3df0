/**
 * Borrowers and orders for operators (issue 31 item 1, decision 156): search with keyset pages, a
 * borrower's page, an order's page with the ledger module's replay (the same numbers the borrower's
 * loan details show), and ending a borrower's sessions through the revocation bus (decision 129).
 */
import { actionsOf, formatMoney, type Market, OrderStatus, parsePhone } from '@kilat/contract';
import type { BorrowerPageView, BorrowerSearchPage, OrderPageView, WaiverView } from '@kilat/contract/console';
import type { Db } from '../../../db/database.js';
import type { Order } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import type { SessionService } from '../../auth/session-service.js';
import { chatRecordViews } from '../../chatbot/records.js';
import { ComplaintTab, complaintTabOf } from '../../complaints/repository.js';
import { identityOf } from '../../identity/identity-of.js';
import { quoteOf } from '../../ledger/replay.js';
import { ledgerViewOf } from '../../orders/ledger-view.js';
import type { OrderState, OrdersService } from '../../orders/service.js';
import { mandatesOfOrder } from '../../payments/mandates/service.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import { mainReasonText, ruleResultView } from '../shared/rule-results.js';
import type { Actor } from '../shared/session.js';
import { type BorrowerRepository, SEARCH_PAGE_SIZE } from './borrower-repository.js';

export const maskPhone = (phone: string) =>
  phone.length > 6 ? `${phone.slice(0, 3)}${'•'.repeat(phone.length - 7)}${phone.slice(-4)}` : phone;
const maskNumber = (last4: string) => `•••• ${last4}`;
// a one-time code is the borrower's alone: its SMS is listed without its text
const CODE_PURPOSES = new Set(['login', 'registration', 'repayment', 'disbursal-account']);
const DESK_STATUS = { [ComplaintTab.Processing]: 'open', [ComplaintTab.Replied]: 'replied', [ComplaintTab.Closed]: 'closed' } as const;

/** What a search text can be: a phone of either market, an order number in any case, any words of a name, four last digits. */
const termsOf = (text: string) => {
  const q = text.trim();
  const phones = (['IN', 'ID'] as Market[]).flatMap((market) => {
    const phone = parsePhone(q, market);
    return phone ? [{ market, phone }] : [];
  });
  return {
    phones,
    orderNo: /^[A-Za-z0-9_-]{4,40}$/.test(q) ? q : null,
    nameWords: /\p{L}/u.test(q) ? q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5) : [],
    last4: /^\d{4}$/.test(q) ? q : null,
  };
};

/** The order's penalty waivers, as the orders room keeps them (handed in by the console's module). */
export interface OrderWaivers {
  ofOrder(orderId: number): Promise<WaiverView[]>;
}

export class BorrowerDesk {
  constructor(
    private readonly db: Db,
    private readonly repository: BorrowerRepository,
    private readonly orders: OrdersService,
    private readonly sessions: SessionService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly waivers: OrderWaivers,
    private readonly waiverApprovalAboveMinor: Record<Market, number>,
  ) {}

  async search(query: { q: string; market?: Market | undefined; after: number }): Promise<BorrowerSearchPage> {
    const rows = await this.repository.search({ ...termsOf(query.q), market: query.market, after: query.after });
    const page = rows.slice(0, SEARCH_PAGE_SIZE);
    return {
      items: page.map((row) => ({
        id: row.id,
        name: row.name,
        phone: maskPhone(row.phone),
        market: row.market,
        createdAt: row.createdAt.toISOString(),
        matched: row.matched,
      })),
      next: rows.length > SEARCH_PAGE_SIZE ? page.at(-1)!.id : null,
    };
  }

  async borrower(id: number): Promise<BorrowerPageView> {
    const borrower = await this.repository.borrower(id);
    if (!borrower) throw ConsoleError.notFound();
    const [page, records, identity] = await Promise.all([
      this.repository.borrowerPage(borrower),
      chatRecordViews(this.db, borrower.id, borrower.market),
      identityOf(this.db, borrower.id),
    ]);
    const states = await this.orders.states(page.orders);
    const money = (minor: number) => formatMoney(minor, borrower.market);
    return {
      borrower: {
        id: borrower.id,
        name: borrower.name,
        phone: maskPhone(borrower.phone),
        market: borrower.market,
        createdAt: borrower.createdAt.toISOString(),
        repeatClient: borrower.isRepeatClient,
      },
      // what the decision engine reads (identityOf): the status, the document's kind, its number's last four
      identity: { status: identity.status, documentKind: identity.documentKind, last4: identity.numberLast4 },
      orders: states.map(({ order, status }) => ({
        id: order.id,
        orderNo: order.orderNo,
        status,
        principal: money(order.principalMinor),
        appliedAt: order.appliedAt.toISOString(),
        dueDate: order.dueDate,
      })),
      cards: page.cards.map((card) => ({
        id: card.id,
        bankName: card.bankName,
        number: maskNumber(card.last4),
        holderName: card.holderName,
        createdAt: card.createdAt.toISOString(),
      })),
      accounts: page.accounts.map((account) => ({
        id: account.id,
        kind: account.kind,
        bankName: account.bankName,
        number: maskNumber(account.last4),
        holderName: account.holderName,
        validation: account.validationStatus,
        current: account.replacedAt === null,
        createdAt: account.createdAt.toISOString(),
      })),
      sessions: page.sessions.map((session) => ({
        id: session.tokenHash,
        deviceId: session.deviceId,
        createdAt: session.createdAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
      })),
      sms: page.sms.map((sms) => ({
        id: sms.id,
        purpose: sms.purpose,
        status: sms.status,
        body: CODE_PURPOSES.has(sms.purpose) ? '(a one-time code: not shown)' : sms.body,
        createdAt: sms.createdAt.toISOString(),
        sentAt: sms.sentAt?.toISOString() ?? null,
      })),
      messages: page.messages.map((message) => ({
        id: message.id,
        kind: message.kind,
        orderNo: message.orderNo ?? '',
        shownAt: message.shownAt.toISOString(),
        read: message.readAt !== null,
      })),
      complaints: page.complaints.map((complaint) => ({
        id: complaint.id,
        problemType: complaint.problemType,
        detail: complaint.detail,
        status: DESK_STATUS[complaintTabOf(complaint)],
        createdAt: complaint.createdAt.toISOString(),
        orderId: complaint.orderId,
        orderNo: complaint.orderNo,
      })),
      chatRecords: records,
    };
  }

  async order(id: number): Promise<OrderPageView> {
    const found = await this.repository.order(id);
    if (!found) throw ConsoleError.notFound();
    const { order } = found;
    const [state, money, waivers, mandates, rules] = await Promise.all([
      this.orders.withStatus(order),
      this.repository.orderMoney(order.id),
      this.waivers.ofOrder(order.id),
      mandatesOfOrder(this.db, order.id),
      this.repository.ruleResults(order.id),
    ]);
    const market = order.market;
    const format = (minor: number) => formatMoney(minor, market);
    const { replay, status } = state;
    const today = this.clock.today(market);
    // the same quote loan details reads: the payoff today, when the loan may be closed today
    const quote = actionsOf(status).repay ? quoteOf(order, replay, today) : null;
    const sum = (pick: (period: (typeof replay.periods)[number]) => number) =>
      replay.periods.reduce((total, period) => total + pick(period), 0);
    return {
      order: {
        id: order.id,
        orderNo: order.orderNo,
        borrowerId: order.borrowerId,
        borrowerName: found.borrowerName,
        market,
        status,
        productName: found.productName ?? '',
        principal: format(order.principalMinor),
        termDays: order.termDays,
        periods: order.periods,
        appliedAt: order.appliedAt.toISOString(),
        dueDate: order.dueDate,
        closedAs:
          order.closedOn === null
            ? null
            : replay.writtenOffMinor > 0
              ? 'written_off'
              : replay.settlementWaivedMinor > 0
                ? 'settled_by_agreement'
                : 'repaid',
      },
      timeline: this.timeline(order, state, money.payouts),
      decision: {
        mainReason: order.decision === 'rejected' ? mainReasonText(order.decisionReason, market) : '',
        reapplyOn: order.reapplyOn,
        rules: rules.map((row) => ruleResultView(row, market)),
      },
      owedToday: {
        outstanding: format(replay.outstandingMinor),
        penalty: format(replay.penaltyOwedMinor),
        fee: format(sum((period) => period.feeMinor)),
        interest: format(sum((period) => period.interestMinor)),
        principal: format(sum((period) => period.principalMinor)),
        payoffToday: quote?.early && quote.prepayAllowed ? format(quote.payoffMinor) : null,
      },
      ledger: ledgerViewOf(state),
      payouts: money.payouts.map(({ payout, accountLast4, accountBank }) => ({
        id: payout.id,
        attempt: payout.attempt,
        status: payout.status,
        amount: format(payout.amountMinor),
        account: accountLast4 ? `${accountBank ?? ''} ${maskNumber(accountLast4)}`.trim() : '',
        utr: payout.utr ?? '',
        failure: [payout.failureCode, payout.failureReason].filter(Boolean).join(': '),
        createdAt: payout.createdAt.toISOString(),
      })),
      payments: money.payments.map((payment) => ({
        id: payment.publicId,
        method: payment.method,
        purpose: payment.purpose,
        amount: format(payment.amountMinor),
        status: payment.status,
        gateway: payment.gateway,
        gatewayRef: payment.gatewayRef ?? '',
        createdAt: payment.createdAt.toISOString(),
        paidAt: payment.paidAt?.toISOString() ?? null,
      })),
      webhookEvents: money.events.map((event) => ({
        gateway: event.gateway,
        eventId: event.eventId,
        type: event.type,
        gatewayRef: event.gatewayRef ?? '',
        receivedAt: event.receivedAt.toISOString(),
      })),
      mandates: mandates.map(({ mandate, debits }) => ({
        id: mandate.publicId,
        status: mandate.status,
        method: mandate.method,
        gateway: mandate.gateway,
        maxAmount: format(mandate.maxAmountMinor),
        expiresAt: mandate.expiresAt.toISOString(),
        tokenRef: mandate.tokenRef ?? '',
        pausedBy: mandate.pausedBy ?? '',
        failure: mandate.failureReason ?? '',
        createdAt: mandate.createdAt.toISOString(),
        authorisedAt: mandate.authorisedAt?.toISOString() ?? null,
        endedAt: mandate.endedAt?.toISOString() ?? null,
        debits: debits.map((debit) => ({
          id: debit.id,
          dueDate: debit.dueDate,
          amount: format(debit.amountMinor),
          status: debit.outcome,
          notifiedAt: debit.notifiedAt.toISOString(),
          debitNotBefore: debit.debitNotBefore.toISOString(),
          paymentId: debit.paymentRef ?? '',
          skipReason: debit.skipReason ?? '',
        })),
      })),
      waivers,
      penaltyOwedMinor: replay.penaltyOwedMinor,
      waiverApprovalAboveMinor: this.waiverApprovalAboveMinor[market],
    };
  }

  /** Ends one session of the borrower, or all; audited in the deletion's transaction, then told to every instance. */
  async revokeSessions(actor: Actor, borrowerId: number, session: string | null): Promise<{ ended: number }> {
    const borrower = await this.repository.borrower(borrowerId);
    if (!borrower) throw ConsoleError.notFound();
    const ended = await this.db.transaction(async (tx) => {
      const hashes = await this.repository.deleteSessions(borrowerId, session, tx);
      if (session !== null && hashes.length === 0) throw ConsoleError.notFound();
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'borrower.sessions.revoke',
        targetType: 'borrower',
        targetId: borrowerId,
        after: { ended: hashes.length, all: session === null },
        requestId: actor.requestId,
      });
      return hashes;
    });
    await this.sessions.announce(session === null ? { borrowerId } : { tokenHash: ended[0]! });
    return { ended: ended.length };
  }

  /** How the order got here, oldest first, from its own times and its payout attempts (statuses of spec §2 and §4). */
  private timeline(
    order: Order,
    state: OrderState,
    payoutRows: {
      payout: { attempt: number; status: string; createdAt: Date; updatedAt: Date; utr: string | null; failureReason: string | null };
    }[],
  ): OrderPageView['timeline'] {
    const now = this.clock.now();
    const reached = (at: Date | null): at is Date => at !== null && at <= now;
    const events: OrderPageView['timeline'] = [
      { at: order.appliedAt.toISOString(), status: OrderStatus.UnderReview, label: 'Applied', detail: '' },
    ];
    if (reached(order.decidedAt)) {
      events.push({
        at: order.decidedAt.toISOString(),
        status: order.decision === 'approved' ? OrderStatus.Disbursing : OrderStatus.Rejected,
        label: order.decision === 'approved' ? 'Approved: disbursing' : 'Rejected',
        // the main reason as the borrower was told it, and the day they may apply again
        detail:
          order.decision === 'rejected'
            ? [mainReasonText(order.decisionReason, order.market), order.reapplyOn ? `May apply again from ${order.reapplyOn}.` : '']
                .filter(Boolean)
                .join(' ')
            : '',
      });
    }
    for (const { payout } of payoutRows) {
      events.push({
        at: payout.updatedAt.toISOString(),
        status: null,
        label: `Payout attempt ${payout.attempt}: ${payout.status}`,
        detail: payout.utr ? `UTR ${payout.utr}` : (payout.failureReason ?? ''),
      });
    }
    if (reached(order.disbursedAt) && state.facts.disbursed) {
      events.push({ at: order.disbursedAt.toISOString(), status: OrderStatus.Disbursed, label: 'Disbursed', detail: '' });
    }
    if (order.cancelledAt)
      events.push({ at: order.cancelledAt.toISOString(), status: OrderStatus.Rejected, label: 'Cancelled by the borrower', detail: '' });
    const settledOrLate = [OrderStatus.DueSoon, OrderStatus.Overdue, OrderStatus.Extended, OrderStatus.InstallmentPartlyPaid] as number[];
    if (settledOrLate.includes(state.status)) {
      events.push({
        at: now.toISOString(),
        status: state.status,
        label: 'Now',
        detail: state.facts.position.currentDueDate ? `due ${state.facts.position.currentDueDate}` : '',
      });
    }
    if (order.closedOn)
      events.push({ at: `${order.closedOn}T00:00:00.000Z`, status: state.status, label: 'Paid off', detail: order.closedOn });
    return events.sort((a, b) => a.at.localeCompare(b.at));
  }
}
