/**
 * India's Pay by UPI (issue 51, decision 240): a single-use UPI QR code at the gateway for exactly
 * the amount, whose intent link (upi://pay…) opens the borrower's UPI app on a phone and whose QR
 * a desktop shows. Only the gateway's signed webhook says it is paid; the posting, the waterfall
 * and the at-most-owed rule are the payments core's, as for every other method.
 */
import { formatDateTime, Limits, Market } from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import qrcode from 'qrcode-generator';
import type { Db } from '../../db/database.js';
import type { PaymentPurpose } from '../../db/schema.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionBorrower } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';
import { couponIdOf, heldOn, holdCoupon, namedCoupon, type PaymentCoupons, sameAsked } from './coupon-hold.js';
import type { PaymentsRepository } from './repository.js';
import type { PaymentsService } from './service.js';
import { paymentMethodUnavailable } from './virtual-accounts.js';

const MINUTE_MS = 60_000;

/** The intent as a QR code: an SVG data URL an <img> shows (the page's CSP allows data: images). */
export const qrImageOf = (intentUrl: string): string => {
  // type 0 picks the smallest version that holds the link; M corrects a 15 % smudge, as payment QRs use
  const qr = qrcode(0, 'M');
  qr.addData(intentUrl, 'Byte');
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

export interface UpiDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  payments: PaymentsService;
  repository: PaymentsRepository;
  coupons: PaymentCoupons;
}

export class UpiService {
  constructor(private readonly deps: UpiDeps) {}

  /**
   * The borrower's open UPI code for this amount, or a new one: with the order locked, the amount
   * must fit what is owed today, and every other open code of the order's purpose is closed first
   * (the method-switch path), so two codes can never both take the same money.
   */
  async open(
    borrower: SessionBorrower,
    input: { orderId: string; amount: number; purpose: PaymentPurpose; couponId?: string | undefined },
  ): Promise<CallData<'upiPayment'>> {
    if (borrower.market !== Market.India) throw paymentMethodUnavailable();
    const order = await this.deps.orders.requireOwned(borrower.id, input.orderId);
    const couponId = couponIdOf(input.couponId);
    const { payment, coupon } = await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      await this.deps.orders.repository.lock(order.id, tx);
      const state = await this.deps.orders.withStatus(order, tx);
      this.deps.payments.checkAmountIn(state, input.purpose, input.amount);
      const named = await namedCoupon(this.deps.coupons, tx, borrower.id, couponId);
      const open = await this.deps.repository.openCodesOf(order.id, input.purpose, ['upi'], tx);
      // the same amount and coupon (issue 50): the open code is given back
      const reusable = open.find((code) => code.expiresAt && code.expiresAt > now && sameAsked(code, input.amount, named)) ?? null;
      await this.deps.payments.closeOpenCodes(order, input.purpose, reusable, tx);
      if (reusable) return { payment: reusable, coupon: heldOn(reusable, named) };
      const expiresAt = new Date(now.getTime() + Limits.upiCodeTtlMinutes * MINUTE_MS);
      // the coupon's discount, held while the code is open (decision 271)
      const held = await holdCoupon(this.deps.coupons, tx, borrower.id, {
        couponId,
        state,
        purpose: input.purpose,
        amountMinor: input.amount,
        expiresAt,
      });
      const created = await this.deps.payments.createWith(
        {
          borrowerId: borrower.id,
          order,
          purpose: input.purpose,
          method: 'upi',
          amountMinor: input.amount - held.couponMoney,
          repayTokenHash: held.repayTokenHash,
        },
        { expiresAt },
        tx,
      );
      // the sandbox answers at once; a real gateway's call here holds the order's lock for its round trip, as a virtual account's does
      const code = await this.deps.payments.gatewayFor(order.market).createUpiCode({
        paymentRef: created.publicId,
        market: order.market,
        amountMinor: created.amountMinor,
        expiresAt,
      });
      const updated = await this.deps.repository.update(
        created.id,
        { vcode: code.intentUrl, gatewayRef: code.gatewayRef, status: 'submitted' },
        tx,
      );
      return { payment: updated, coupon: held };
    });
    const intentUrl = payment.vcode ?? '';
    return {
      paymentId: payment.publicId,
      amount: payment.amountMinor,
      intentUrl,
      qrImage: qrImageOf(intentUrl),
      expiryTime: payment.expiresAt ? formatDateTime(payment.expiresAt, payment.market) : '',
      couponMoney: coupon.couponMoney,
    };
  }
}
