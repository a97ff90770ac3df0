/**
 * A coupon on a payment code, a checkout or a wallet charge (issue 50, decision 271): the coupons
 * module's one redemption service holds it for a repay token of the server's own that the payment
 * carries, so the discount, the hold, its freeing and the one use are the card's (decision 251).
 * The page's `couponMoney` is never read: what a coupon takes off is computed here, on the order's
 * state read with the order locked.
 */
import type { Db } from '../../db/database.js';
import type { Payment, PaymentPurpose } from '../../db/schema.js';
import type { CouponRow } from '../coupons/repository.js';
import type { CouponsService } from '../coupons/service.js';
import type { OrderState } from '../orders/service.js';

export type PaymentCoupons = Pick<CouponsService, 'holdForPayment' | 'requireOwned'>;

/** What a payment opened with (or without) a coupon carries: its token, and what the coupon took off. */
export interface CouponHeld {
  repayTokenHash: string | null;
  couponMoney: number;
}

export const NO_COUPON: CouponHeld = { repayTokenHash: null, couponMoney: 0 };

/** The coupon the page names, trimmed; '' for none. */
export const couponIdOf = (couponId: string | undefined): string => couponId?.trim() ?? '';

/** The borrower's coupon the page names (refused when not theirs), read in `tx`; null for none. */
export const namedCoupon = async (coupons: PaymentCoupons, tx: Db, borrowerId: number, couponId: string): Promise<CouponRow | null> =>
  couponId ? coupons.requireOwned(borrowerId, couponId, tx) : null;

/**
 * Whether an open code may be shown again for what the borrower asks now: the same amount before
 * any coupon, and the same coupon — a code opened without one is never reused for a coupon, nor
 * one holding a coupon for a repayment without it.
 */
export const sameAsked = (code: Payment, amountMinor: number, coupon: CouponRow | null): boolean => {
  if (!coupon) return code.repayTokenHash === null && code.amountMinor === amountMinor;
  return (
    coupon.held &&
    coupon.heldByToken !== null &&
    code.repayTokenHash === coupon.heldByToken &&
    code.amountMinor + (coupon.heldMinor ?? 0) === amountMinor
  );
};

/** What a code reused for `coupon` took off: the coupon's hold, or nothing. */
export const heldOn = (code: Payment, coupon: CouponRow | null): CouponHeld =>
  coupon && code.repayTokenHash ? { repayTokenHash: code.repayTokenHash, couponMoney: coupon.heldMinor ?? 0 } : NO_COUPON;

/**
 * Holds the named coupon for a payment about to be opened in `tx` for `amountMinor` (before the
 * coupon), the order locked and any code it replaces already closed (so a coupon the borrower held
 * on that code is free again); the payment is opened for `amountMinor - couponMoney` with the token.
 */
export const holdCoupon = async (
  coupons: PaymentCoupons,
  tx: Db,
  borrowerId: number,
  input: { couponId: string; state: OrderState; purpose: PaymentPurpose; amountMinor: number; expiresAt: Date },
): Promise<CouponHeld> => {
  if (!input.couponId) return NO_COUPON;
  const { tokenHash, discount } = await coupons.holdForPayment(tx, borrowerId, input);
  return { repayTokenHash: tokenHash, couponMoney: discount.totalMinor };
};
