/**
 * The door into the repayment flow (features/repayment) for a page outside it, such as loan
 * details' cooling-off exit: where "pay" goes for an order and an amount, and the pay-way address
 * India's door opens (decision 019). The flow's own hand-over is features/repayment/hand-over.ts
 * (decision 125). Amounts are minor units as plain digits (spec §9).
 */
import { type Market, Market as Markets } from '@kilat/contract';
import type { PaymentPurpose } from '@kilat/contract/schemas';
import { Paths } from './paths';

/** The parameters pay-way, bind card and the third-party page pass between them (spec §2). */
export interface PayWayParams {
  orderId: string;
  productId: string;
  /** minor units as plain digits; '' lets repayment-way take everything owed */
  withholdingAmount: string;
  couponId: string;
  couponMoney: string;
  purpose: PaymentPurpose;
  /** the card bind card has just added, selected on return to pay-way */
  cardId?: string;
}

/** The pay-way screen (`/payway`, rendered on the server: decision 168); coupons only when there is one. */
export const payWayHref = (params: PayWayParams): string => {
  const { orderId, productId, withholdingAmount, purpose, couponId, couponMoney, cardId } = params;
  const query = new URLSearchParams({ orderId, productId, withholdingAmount, purpose });
  if (couponId) query.set('couponId', couponId);
  if (couponMoney) query.set('couponMoney', couponMoney);
  // a card just bound comes back selected
  if (cardId) query.set('cardId', cardId);
  return `${Paths.payWay}?${query}`;
};

export interface RepayHandOver {
  orderId: string;
  productId: string;
  amountMinor: number;
  /** 'delay' when the extension page pays its fee */
  purpose: PaymentPurpose;
  couponId?: string;
  couponMoney?: string;
}

/** Where pay goes from installments, extension and loan details' cooling-off exit: India to pay-way, Indonesia to the virtual-account page `/that`. */
export const repayHref = (market: Market, handOver: RepayHandOver): string => {
  const { orderId, productId, purpose, couponId = '', couponMoney = '' } = handOver;
  const amount = String(Math.trunc(handOver.amountMinor));
  if (market === Markets.Indonesia) {
    const query = new URLSearchParams({ orderId, productId, amount, display: '1', purpose });
    // the coupon chosen on installments (issue 50): the virtual-account page opens its code with it
    if (couponId) {
      query.set('couponId', couponId);
      query.set('couponMoney', couponMoney);
    }
    return `${Paths.virtualAccountRepay}?${query}`;
  }
  return payWayHref({ orderId, productId, withholdingAmount: amount, purpose, couponId, couponMoney });
};
