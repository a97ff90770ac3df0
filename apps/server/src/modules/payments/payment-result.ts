/**
 * The payment result screen's call (decision 050): one payment of the borrower's order — paid,
 * pending or failed — with what the order still owes now. Pages that wait for a gateway's
 * webhook (the virtual-account page, the result screen) ask it again until it settles.
 */

import { formatDateTime } from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { bankCards, type Payment, type PaymentStatus } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import { quoteOf } from '../ledger/replay.js';
import type { OrdersService } from '../orders/service.js';
import { methodDetailOf } from './method-detail.js';
import type { PaymentsRepository } from './repository.js';

type Outcome = CallData<'paymentResult'>['outcome'];

const outcomeOf = (status: PaymentStatus): Outcome => {
  if (status === 'paid') return 'paid';
  if (status === 'failed' || status === 'expired') return 'failed';
  return 'pending';
};

export interface PaymentResultDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  repository: PaymentsRepository;
}

export class PaymentResultService {
  constructor(private readonly deps: PaymentResultDeps) {}

  async resultOf(borrower: SessionBorrower, input: { orderId: string; paymentId: string }): Promise<CallData<'paymentResult'>> {
    const order = await this.deps.orders.requireOwned(borrower.id, input.orderId);
    const payment = await this.deps.repository.findByPublicId(input.paymentId);
    // another order's payment is as unknown here as one that does not exist
    if (!payment || payment.orderId !== order.id || payment.borrowerId !== borrower.id) throw AppError.notFound();
    const { replay, facts } = await this.deps.orders.withStatus(order);
    // what is still owed today: when the loan may be closed today, what closing it costs (interest to
    // the day, DESIGN §4) — the same amount the instalments page asks for all its periods together
    const quote = facts.disbursed ? quoteOf(order, replay, this.deps.clock.today(order.market)) : null;
    const closable = quote !== null && (quote.prepayAllowed || !quote.early);
    const remaining = Math.max(0, closable ? quote.payoffMinor : replay.outstandingMinor);
    const outcome = outcomeOf(payment.status);
    // a paid extension moved the due date: the result says to when (issue 30)
    const newDueDate = outcome === 'paid' && payment.purpose === 'delay' ? (facts.position.currentDueDate ?? order.dueDate ?? '') : '';
    return {
      paymentId: payment.publicId,
      orderNo: order.orderNo,
      outcome,
      purpose: payment.purpose,
      method: payment.method,
      methodDetail: await this.methodDetail(payment),
      amount: payment.amountMinor,
      time: formatDateTime(payment.paidAt ?? payment.createdAt, payment.market),
      remainingAmount: remaining,
      settled: remaining === 0 ? 1 : 0,
      newDueDate,
    };
  }

  private async methodDetail(payment: Payment): Promise<string> {
    if (payment.method !== 'card' || payment.cardId === null) return methodDetailOf(payment, null);
    const [card] = await this.deps.db
      .select({ bankName: bankCards.bankName, last4: bankCards.last4 })
      .from(bankCards)
      .where(and(eq(bankCards.id, payment.cardId), eq(bankCards.borrowerId, payment.borrowerId)))
      .limit(1);
    return methodDetailOf(payment, card ?? null);
  }
}
