/**
 * The coupons module's rules (issue 50, decisions 250–252): issuing a campaign's coupons, the
 * borrower's list with what each takes off a repayment, and holding one for a payment. What a
 * coupon takes off is the pure rule `lending/coupon.ts`, always on the order's state as the server
 * reads it: a figure the page sends (`couponMoney`) is never used.
 */
import { formatDateTime, formatMoney, formatRate, type Market, type MessageKey, ResultCode } from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import type { Db } from '../../db/database.js';
import type { CouponCampaign } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { addDays, businessDateAt } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { type CouponDiscount, couponDiscount, couponStateOf } from '../../lending/coupon.js';
import { quoteOf } from '../ledger/replay.js';
import type { OrderState } from '../orders/service.js';
import {
  borrowersByPhone,
  borrowersOfMarket,
  type CouponRow,
  couponOfBorrower,
  couponsOf,
  eventAudience,
  holdCoupon,
  insertHoldingToken,
  issueTo,
  liveEventCampaigns,
} from './repository.js';

/** Each market's offset from UTC (India and Western Indonesia keep no summer time): a market date's first instant. */
const OFFSET: Record<Market, string> = { IN: '+05:30', ID: '+07:00' };
export const startOfDate = (date: string, market: Market): Date => new Date(`${date}T00:00:00${OFFSET[market]}`);

/** When a coupon issued now by this campaign holds: from its from-date (or now), to the end of its to-date or N days from now. */
export const validityOf = (campaign: CouponCampaign, now: Date) => {
  const from = campaign.validFrom ? startOfDate(campaign.validFrom, campaign.market) : now;
  const validUntil = campaign.validTo
    ? startOfDate(addDays(campaign.validTo, 1), campaign.market)
    : new Date(now.getTime() + (campaign.validDays ?? 0) * 86_400_000);
  return { now, validFrom: from > now ? from : now, validUntil };
};

const refuse = (key: MessageKey, values?: Record<string, string | number>) => new AppError(ResultCode.InvalidRequest, key, 409, values);

type Say = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A coupon's title in the borrower's language. */
export const couponTitle = (coupon: Pick<CouponRow, 'kind' | 'value' | 'market'>, say: Say): string => {
  switch (coupon.kind) {
    case 'amount_off':
      return say('couponAmountOff', { amount: formatMoney(coupon.value, coupon.market) });
    case 'percent_off_interest':
      return say('couponPercentOffInterest', { percent: formatRate(coupon.value, coupon.market) });
    case 'interest_free_days':
      return coupon.value === 1 ? say('couponInterestFreeDaysOne') : say('couponInterestFreeDays', { days: coupon.value });
  }
};

const statusOf = (coupon: CouponRow, now: Date) =>
  coupon.usedAt ? 'used' : coupon.held ? 'held' : coupon.validUntil <= now ? 'expired' : 'usable';

export class CouponsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** Issues a campaign to borrowers of its market; answers how many coupons were issued now. */
  async issue(tx: Db, campaign: CouponCampaign, borrowerIds: readonly number[]): Promise<number> {
    return issueTo(tx, campaign, borrowerIds, validityOf(campaign, this.deps.clock.now()));
  }

  /** Who a list or everyone campaign reaches: the phones of an uploaded list, or every borrower of the market. */
  async audienceOf(campaign: CouponCampaign, phones: readonly string[]): Promise<number[]> {
    return campaign.audience === 'everyone'
      ? borrowersOfMarket(this.deps.db, campaign.market)
      : borrowersByPhone(this.deps.db, campaign.market, phones);
  }

  /**
   * The event campaigns' coupons a borrower has earned and not received (decision 252): issued when
   * they look (their list, a repay page), each once (the unique pair makes racing looks issue one).
   */
  async issueEarned(borrower: { id: number; market: Market }): Promise<void> {
    const today = businessDateAt(this.deps.clock.now(), borrower.market);
    for (const campaign of await liveEventCampaigns(this.deps.db, borrower.market, today)) {
      const reached = await eventAudience(this.deps.db, campaign, borrower.id);
      if (reached.length > 0) await this.issue(this.deps.db, campaign, reached);
    }
  }

  /**
   * What `coupon` takes off a repayment of `amountMinor` (before it) on the order's state: the
   * discount, or the refusal the borrower reads.
   */
  discountOn(
    coupon: CouponRow,
    state: OrderState,
    purpose: 'repay' | 'delay',
    amountMinor: number,
    tokenHash: string | null,
  ): CouponDiscount {
    const now = this.deps.clock.now();
    const { order, replay } = state;
    if (coupon.market !== order.market) throw refuse('couponWrongMarket');
    if (coupon.usedAt) throw refuse('couponUsed');
    if (coupon.held && coupon.heldByToken !== tokenHash) throw refuse('couponInUse');
    if (coupon.validUntil <= now) throw refuse('couponExpired');
    if (coupon.validFrom > now) throw refuse('couponNotYetValid');
    if (coupon.paused) throw refuse('couponPaused');
    if (purpose !== 'repay') throw refuse('couponOnlyForRepayment');
    if (amountMinor < coupon.minAmountMinor)
      throw refuse('couponBelowMinimum', { amount: formatMoney(coupon.minAmountMinor, order.market) });
    const quote = state.facts.disbursed ? quoteOf(order, replay, this.deps.clock.today(order.market)) : null;
    if (!quote) throw refuse('couponNotApplicable');
    const discount = couponDiscount(
      coupon,
      couponStateOf(
        { principalMinor: order.principalMinor, dailyInterestBps: order.pricing.dailyInterestBps },
        replay,
        quote.interestWaivedMinor,
      ),
      amountMinor,
    );
    // a payment must still charge something: a discount as large as the repayment is not one
    if (discount.totalMinor <= 0 || discount.totalMinor >= amountMinor) throw refuse('couponNotApplicable');
    return discount;
  }

  /** The borrower's coupon by its public id, or a refusal. */
  async requireOwned(borrowerId: number, couponId: string, tx: Db = this.deps.db): Promise<CouponRow> {
    const coupon = await couponOfBorrower(tx, borrowerId, couponId.trim(), this.deps.clock.now());
    if (!coupon) throw new AppError(ResultCode.NotFound, 'couponNotFound', 404);
    return coupon;
  }

  /**
   * Holds the borrower's coupon for a repay token's payment (decision 251): its discount on the
   * order's state, then the hold (budget and one holder checked by the statement). Answers the discount.
   */
  async holdFor(
    borrowerId: number,
    input: { couponId: string; state: OrderState; purpose: 'repay' | 'delay'; amountMinor: number; tokenHash: string },
  ): Promise<CouponDiscount> {
    const coupon = await this.requireOwned(borrowerId, input.couponId);
    const discount = this.discountOn(coupon, input.state, input.purpose, input.amountMinor, input.tokenHash);
    await this.deps.db.transaction((tx) => this.hold(tx, coupon, input.tokenHash, discount));
    return discount;
  }

  /**
   * Holds the borrower's coupon for a payment code (virtual account, mini market, UPI), a checkout or
   * a wallet charge being opened in `tx`, with the order locked (decision 271): the discount on the
   * order's state read in `tx`, a repay token of the server's own that the payment will carry, and
   * the hold of decision 251 — so a code closed, expired, failed or cancelled frees it, and the
   * paid one's posting uses it once. Rolled back with `tx` when the payment cannot be opened.
   */
  async holdForPayment(
    tx: Db,
    borrowerId: number,
    input: { couponId: string; state: OrderState; purpose: 'repay' | 'delay'; amountMinor: number; expiresAt: Date },
  ): Promise<{ tokenHash: string; discount: CouponDiscount }> {
    const coupon = await this.requireOwned(borrowerId, input.couponId, tx);
    const discount = this.discountOn(coupon, input.state, input.purpose, input.amountMinor, null);
    const tokenHash = await insertHoldingToken(tx, {
      borrowerId,
      orderId: input.state.order.id,
      purpose: input.purpose,
      amountMinor: input.amountMinor,
      expiresAt: input.expiresAt,
      now: this.deps.clock.now(),
    });
    await this.hold(tx, coupon, tokenHash, discount);
    return { tokenHash, discount };
  }

  /** The coupon held for the token, or the borrower's refusal (decision 251's one statement). */
  private async hold(tx: Db, coupon: CouponRow, tokenHash: string, discount: CouponDiscount): Promise<void> {
    const outcome = await holdCoupon(tx, {
      couponId: coupon.id,
      campaignId: coupon.campaignId,
      tokenHash,
      discountMinor: discount.totalMinor,
      now: this.deps.clock.now(),
    });
    if (outcome === 'inUse') throw refuse('couponInUse');
    if (outcome === 'budgetExhausted') throw refuse('couponBudgetExhausted');
    if (outcome === 'paused') throw refuse('couponPaused');
  }

  /** The borrower's coupons; with an order of theirs and an amount, what each usable one takes off that repayment. */
  async list(
    borrower: { id: number; market: Market },
    forRepayment: { state: OrderState; amountMinor: number } | null,
    say: Say,
  ): Promise<CallData<'coupons'>> {
    await this.issueEarned(borrower);
    const now = this.deps.clock.now();
    const coupons = await couponsOf(this.deps.db, borrower.id, now);
    return {
      list: coupons.map((coupon) => {
        const status = statusOf(coupon, now);
        let couponMoney = 0;
        let refusal = '';
        if (forRepayment && status === 'usable') {
          try {
            couponMoney = this.discountOn(coupon, forRepayment.state, 'repay', forRepayment.amountMinor, null).totalMinor;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refusal = say(error.messageKey, error.values);
          }
        }
        return {
          couponId: coupon.publicId,
          title: couponTitle(coupon, say),
          kind: coupon.kind,
          status,
          validFrom: formatDateTime(coupon.validFrom, coupon.market),
          validUntil: formatDateTime(coupon.validUntil, coupon.market),
          minAmount: coupon.minAmountMinor,
          couponMoney,
          amountAfter: forRepayment && couponMoney > 0 ? forRepayment.amountMinor - couponMoney : 0,
          refusal,
        };
      }),
    };
  }
}
