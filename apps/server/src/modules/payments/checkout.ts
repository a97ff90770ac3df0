/**
 * The third-party option (spec §7 repayment-huichao): a payment by the gateway's hosted checkout.
 * The borrower pays on the gateway's page and comes back to the loan's borrow detail; the money
 * is confirmed by the signed webhook like every other payment.
 */
import { Limits, PagePaths } from '@kilat/contract';
import type { Db } from '../../db/database.js';
import type { Order, PaymentPurpose } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';
import type { PaymentsRepository } from './repository.js';
import type { PaymentsService } from './service.js';

const HOUR_MS = 3_600_000;

/** The web's borrow-detail hash route (the contract's PagePaths), where every repayment ends. */
export const borrowDetailUrl = (order: Pick<Order, 'id' | 'productId'>) =>
  `/#${PagePaths.borrowDetail}?${new URLSearchParams({ productId: String(order.productId), orderId: String(order.id) })}`;

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  payments: PaymentsService;
  repository: PaymentsRepository;
}

export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  async start(
    borrower: SessionBorrower,
    input: { userId?: string | undefined; orderId: string; amount: number; purpose: PaymentPurpose },
  ): Promise<{ url: string }> {
    // the spec sends the user id along: it must be the session's own
    if (input.userId && input.userId !== String(borrower.id)) throw AppError.forbidden();
    const order = await this.deps.orders.requireOwned(borrower.id, input.orderId);
    return this.deps.db.transaction(async (tx) => {
      const expiresAt = new Date(this.deps.clock.now().getTime() + Limits.paymentCodeTtlHours * HOUR_MS);
      const payment = await this.deps.payments.createWith(
        { borrowerId: borrower.id, order, purpose: input.purpose, method: 'checkout', amountMinor: input.amount },
        { expiresAt },
        tx,
      );
      const checkout = await this.deps.payments.gatewayFor(order.market).createCheckout({
        paymentRef: payment.publicId,
        market: order.market,
        amountMinor: payment.amountMinor,
        returnUrl: borrowDetailUrl(order),
      });
      await this.deps.repository.update(payment.id, { gatewayRef: checkout.gatewayRef, status: 'submitted' }, tx);
      return { url: checkout.url };
    });
  }
}
