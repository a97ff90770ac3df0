/** The console's Coupons room (issue 50, decisions 252–253): campaigns, their pause and resume, and their cost and effect. */
import { z } from 'zod';

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A supervisor's new campaign: validity is to a date or N days after issue, exactly one of the two. */
export const CouponCampaignRequestSchema = z
  .object({
    market: z.enum(['IN', 'ID']),
    name: z.string().trim().min(3).max(100),
    kind: z.enum(['amount_off', 'percent_off_interest', 'interest_free_days']),
    /** minor units, basis points (at most 10,000) or days */
    value: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    audience: z.enum(['first_loan', 'repaid_on_time', 'list', 'everyone']),
    validFrom: day.nullable().default(null),
    validTo: day.nullable().default(null),
    validDays: z.number().int().min(1).max(3650).nullable().default(null),
    minAmountMinor: minor.default(0),
    budgetMinor: minor.refine((value) => value > 0),
  })
  .refine((body) => (body.validTo === null) !== (body.validDays === null), {
    message: 'validTo or validDays, exactly one',
    path: ['validTo'],
  })
  .refine((body) => body.kind !== 'percent_off_interest' || body.value <= 10_000, { message: 'at most 10000 bps', path: ['value'] });

/** A campaign with its cost and effect so far. */
export interface CouponCampaignView {
  id: number;
  market: 'IN' | 'ID';
  name: string;
  kind: 'amount_off' | 'percent_off_interest' | 'interest_free_days';
  value: number;
  audience: 'first_loan' | 'repaid_on_time' | 'list' | 'everyone';
  validFrom: string | null;
  validTo: string | null;
  validDays: number | null;
  minAmountMinor: number;
  budgetMinor: number;
  paused: boolean;
  createdAt: string;
  issued: number;
  used: number;
  expired: number;
  /** what its used coupons took off, minor units */
  discountedMinor: number;
}

/**
 * Issuing a list or everyone campaign (decision 254): a list campaign sends the uploaded CSV's text —
 * a header row naming a `phone` or a `borrowerId` column (other columns ignored), one borrower a line;
 * an everyone campaign sends none. Above the market's threshold another operator approves it.
 */
export const CouponIssueRequestSchema = z.object({
  csv: z.string().max(2_000_000).optional(),
  reason: z.string().trim().min(3).max(500),
});

/** An issue of a campaign, as the maker-checker block lists it. */
export interface CouponIssueView {
  id: number;
  campaignId: number;
  campaignName: string;
  market: 'IN' | 'ID';
  source: 'list' | 'everyone';
  /** borrowers it names */
  borrowers: number;
  /** coupons it issued (null until approved) */
  issued: number | null;
  /** the threshold's figure: the coupons' face value (amount off) or the campaign's budget, minor units */
  faceMinor: number;
  /** the same, as the market writes it */
  amount: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedBy: { id: number; name: string };
  requestedAt: string;
  decidedBy: { id: number; name: string } | null;
  decidedAt: string | null;
}

/** One campaign's day, in the market's business dates. */
export interface CouponDayFigures {
  date: string;
  campaignId: number;
  campaignName: string;
  issued: number;
  used: number;
  expired: number;
  /** what the coupons used that day took off, minor units */
  discountedMinor: number;
}

/** Loans closed in the range: how many, and how many of them on time (by the last due date, no penalty). */
export interface OnTimeFigures {
  closed: number;
  onTime: number;
}

/** Cost and effect over a range of a market's business dates. */
export interface CouponFiguresView {
  market: 'IN' | 'ID';
  from: string;
  to: string;
  days: CouponDayFigures[];
  withCoupon: OnTimeFigures;
  withoutCoupon: OnTimeFigures;
}
