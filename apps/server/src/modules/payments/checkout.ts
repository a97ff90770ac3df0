/**
 * The third-party option (spec §7 repayment-huichao): a payment by the gateway's hosted checkout.
 * The borrower pays on the gateway's page and comes back to the payment result screen, which
 * waits for the signed webhook that confirms the money like every other payment (decision 050).
 */
import { Limits, PagePaths } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Order, PaymentPurpose } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';
import { couponIdOf, holdCoupon, NO_COUPON, type PaymentCoupons } from './coupon-hold.js';
import type { PaymentsRepository } from './repository.js';
import type { PaymentsService } from './service.js';

const HOUR_MS = 3_600_000;

/** The web's borrow-detail hash route (the contract's PagePaths), where every repayment ends. */
export const borrowDetailUrl = (order: Pick<Order, 'id' | 'productId'>) =>
  `/#${PagePaths.borrowDetail}?${new URLSearchParams({ productId: String(order.productId), orderId: String(order.id) })}`;

/** The web's payment result hash route (the contract's PagePaths), where a checkout comes back to (decision 050). */
export const paymentResultUrl = (order: Pick<Order, 'id' | 'productId'>, paymentId: string) =>
  `/#${PagePaths.paymentResult}?${new URLSearchParams({ productId: String(order.productId), orderId: String(order.id), paymentId })}`;

/**
 * Where a gateway's hosted page sends the borrower back: a server path that redirects to the
 * payment result screen (decision 050), or borrow detail without a payment id. Gateways add their
 * own query parameters to this address (Razorpay its payment id and signature), which a hash route
 * would take into its own; here they are dropped.
 */
export const RETURN_PATH = '/pay/back';
export const returnUrlOf = (order: Pick<Order, 'id' | 'productId'>, paymentId: string) =>
  `${RETURN_PATH}?${new URLSearchParams({ productId: String(order.productId), orderId: String(order.id), paymentId })}`;

const ID = /^[1-9]\d{0,17}$/;
const PAYMENT_ID = /^RP[A-Z2-7]{20}$/;

export const registerReturnRoute = (app: FastifyInstance) => {
  app.get<{ Querystring: Record<string, string | undefined> }>(RETURN_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { productId, orderId, paymentId } = request.query;
    // the page it leads to checks the session and the order's owner; this only carries the ids
    const ids =
      productId && orderId && ID.test(productId) && ID.test(orderId) ? { id: Number(orderId), productId: Number(productId) } : null;
    const location = !ids ? '/' : paymentId && PAYMENT_ID.test(paymentId) ? paymentResultUrl(ids, paymentId) : borrowDetailUrl(ids);
    return reply.code(303).header('location', location).header('cache-control', 'no-store').send();
  });
};

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  payments: PaymentsService;
  repository: PaymentsRepository;
  coupons: PaymentCoupons;
}

export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  async start(
    borrower: SessionBorrower,
    input: { userId?: string | undefined; orderId: string; amount: number; purpose: PaymentPurpose; couponId?: string | undefined },
  ): Promise<{ url: string; couponMoney: number; payAmount: number }> {
    // the spec sends the user id along: it must be the session's own
    if (input.userId && input.userId !== String(borrower.id)) throw AppError.forbidden();
    const order = await this.deps.orders.requireOwned(borrower.id, input.orderId);
    const couponId = couponIdOf(input.couponId);
    return this.deps.db.transaction(async (tx) => {
      const expiresAt = new Date(this.deps.clock.now().getTime() + Limits.paymentCodeTtlHours * HOUR_MS);
      let held = NO_COUPON;
      if (couponId) {
        // the coupon's discount on the order's state read with it locked, held while the checkout is open (decision 271)
        await this.deps.orders.repository.lock(order.id, tx);
        const state = await this.deps.orders.withStatus(order, tx);
        this.deps.payments.checkAmountIn(state, input.purpose, input.amount);
        held = await holdCoupon(this.deps.coupons, tx, borrower.id, {
          couponId,
          state,
          purpose: input.purpose,
          amountMinor: input.amount,
          expiresAt,
        });
      }
      const payment = await this.deps.payments.createWith(
        {
          borrowerId: borrower.id,
          order,
          purpose: input.purpose,
          method: 'checkout',
          amountMinor: input.amount - held.couponMoney,
          repayTokenHash: held.repayTokenHash,
        },
        { expiresAt },
        tx,
      );
      const checkout = await this.deps.payments.gatewayFor(order.market).createCheckout({
        paymentRef: payment.publicId,
        market: order.market,
        amountMinor: payment.amountMinor,
        returnUrl: returnUrlOf(order, payment.publicId),
        expiresAt,
      });
      await this.deps.repository.update(payment.id, { gatewayRef: checkout.gatewayRef, status: 'submitted' }, tx);
      return { url: checkout.url, couponMoney: held.couponMoney, payAmount: payment.amountMinor };
    });
  }
}
