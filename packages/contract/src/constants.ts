/** Business constants and limits of spec §9, and the order status codes of DESIGN §4. */

export const Limits = {
  complaintTextMax: 200,
  complaintImagesMax: 9,
  complaintImagesPerRow: 3,
  ratingStars: 5,
  replyPromiseWeekdays: 3,
  toastDefaultMs: 3000,
  /** toast durations at or below this are replaced by the default (spec §4) */
  toastMinimumMs: 300,
  complaintSuccessModalMs: 1500,
  complaintDetailRatingDelayMs: 3000,
  homeCarouselIntervalMs: 3000,
  homeCarouselBanners: 2,
  complaintListPageCount: 3,
  contactInfoOverall: 30,
  resendCountdownSeconds: 60,
  captchaLength: 4,
  smsCodeLength: 6,
  verificationCodeMinLength: 6,
  requestTimeoutMs: 60_000,
  loanTermMinDays: 91,
  loanTermMaxDays: 365,
  prepaymentMinDay: 7,
  loanDecisionDays: 1,
  creditDaysMin: 1,
  creditDaysMax: 3,
  /** loan details: a rating of this many stars or more opens the native store prompt */
  storeRatingMinStars: 4,
  /** mini-market codes take at most Rp 5,000,000 per payment (DESIGN §5), in sen */
  miniMarketMaxMinor: 500_000_000,
  /** a repayment's SMS code (DESIGN §5): single use, this long, this many tries */
  repayCodeTtlSeconds: 300,
  repayCodeMaxAttempts: 5,
  /** a repayToken of repayment-way: single use, bound to the order and the amount, this long */
  repayTokenTtlSeconds: 1800,
  /** a virtual account or mini-market code takes payments for this long */
  paymentCodeTtlHours: 24,
  /** a UPI QR code takes payment this long (issue 51; Razorpay's floor is 15 minutes) */
  upiCodeTtlMinutes: 30,
  /** an e-wallet charge or a QRIS code takes payment this long (issue 51) */
  walletCodeTtlMinutes: 30,
  uploadMaxBytes: 10 * 1024 * 1024,
  uploadMaxPixels: 40_000_000,
} as const;

/** India's late penalty (spec §9), in paise and basis points of the overdue principal per day. */
export const IndiaPenalty = {
  flatNewClientMinor: 100_000,
  flatRepeatClientMinor: 80_000,
  dailyRateBps: [
    { fromDay: 1, toDay: 30, bps: 500 },
    { fromDay: 31, toDay: 90, bps: 400 },
    { fromDay: 91, toDay: Number.POSITIVE_INFINITY, bps: 200 },
  ],
} as const;

/** Loan ranges and eligibility of each market's pack (spec §1, §9), in minor units. */
export const MarketTerms = {
  IN: {
    currency: 'INR',
    amountMinMinor: 200_000,
    amountMaxMinor: 8_000_000,
    salaryFloorMinor: 1_200_000,
    creditWithinHours: 2,
    /** instalments may carry paise: UPI, cards and net banking pay them, and RBI's own KFS example does (decision 132) */
    instalmentUnitMinor: 1,
  },
  ID: {
    currency: 'IDR',
    /** instalments are whole rupiah: banks' virtual accounts and minimarket tills take no sen (DESIGN §4, decision 132) */
    instalmentUnitMinor: 100,
    amountMinMinor: 100_000_000,
    amountMaxMinor: 1_500_000_000,
    annualSalaryFloorMinor: 500_000_000,
    /** the regulator's cap on interest and, separately, on late fees: 0.1 % of the principal a day (DESIGN §4) */
    dailyCostCapBps: 10,
    /** the total cost of a loan never exceeds the principal (DESIGN §4) */
    totalCostCapPercent: 100,
  },
} as const;

/** The salary floor of spec §1 in minor units: India's is a month's salary, Indonesia's a year's income. */
export const salaryFloorMinor = (market: 'IN' | 'ID'): number =>
  market === 'IN' ? MarketTerms.IN.salaryFloorMinor : MarketTerms.ID.annualSalaryFloorMinor;

/** Module ids for recommended products (spec §9). */
export const RecommendModule = {
  precise: 301,
  bag: 302,
  other: 300,
  /** the event of the 'loan more' button */
  loanMoreEvent: 30,
  /** the constant of the joint-login necessity event */
  necessityConstant: 18,
} as const;

/** Contract scene of the loan agreement list (spec §7 contract call). */
export const CONTRACT_SCENE = 3;

/** Default merchant number used when the page address has none (spec §9). */
export const DEFAULT_MERCHANT_NUMBER = 'kilat';

/** Cookies expire at the end of year 9999 (spec §9). */
export const COOKIE_EXPIRES = 'Fri, 31 Dec 9999 23:59:59 GMT';

/**
 * Page addresses the server writes into its answers as well as the web routing to them (the
 * application's confirmUrl, the loan submit's lendDetailsUrl, the hosted checkout's return):
 * spelled once, here. The borrow-detail page is a hash route: `/#` + `borrowDetail`.
 */
export const PagePaths = {
  loanConfirm: '/loanConfirm',
  loanDetails: '/loanDetails',
  borrowDetail: '/borrowDetail/',
  paymentResult: '/payResult',
  /** ours (issue 28): where the loan is sent, asked before loan confirm */
  disbursalAccount: '/disbursalAccount',
  /** ours (issue 29): who the borrower is, proved before loan confirm */
  identity: '/identity',
} as const;

/** Order status codes (spec §2 and §4); DESIGN §4 makes them one state machine. */
export const OrderStatus = {
  UnderReview: 21,
  Rejected: 110,
  Disbursing: 151,
  Disbursed: 170,
  DueSoon: 174,
  Overdue: 180,
  InstallmentPartlyPaid: 3,
  Extended: 5,
  Settled: 200,
  ClosedEarly: 4,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const orderStatuses: readonly OrderStatus[] = Object.values(OrderStatus);

/** Lending rules the engine applies whatever a product says (DESIGN §4, spec §9). */
export const LendingRules = {
  /** rates are whole basis points: 10,000 make the principal */
  bpsPerWhole: 10_000,
  /** prepayment opens once this share of the term has passed (spec §9: half), and never before Limits.prepaymentMinDay */
  prepaymentMinTermPercent: 50,
  /** an order shows as due (174) on its due date and this many days before it */
  dueWindowDays: 3,
  /**
   * India's cooling-off period (RBI digital lending directions): the days after disbursal in which a
   * borrower may exit by repaying the principal and the proportionate APR, with no penalty. A product
   * sets its own in its pricing (at least 1 day); this is the period of a product that does not.
   */
  coolingOffDefaultDays: 3,
  coolingOffMinDays: 1,
} as const;

/** What a borrower may do with an order in one status. */
export interface OrderActions {
  /** money is owed: loan details show Repay and the repay pages take it */
  repay: boolean;
  /** loan details offer the 'delay repayment' link (when the product allows it): the only statuses an extension is sold in */
  extend: boolean;
  /** the loan is over: the borrower may rate it once, and loan details offer 'loan more' */
  rate: boolean;
  loanMore: boolean;
}

const none: OrderActions = { repay: false, extend: false, rate: false, loanMore: false };
const owing: OrderActions = { ...none, repay: true, extend: true };
const over: OrderActions = { ...none, rate: true, loanMore: true };

/**
 * The actions of each order status (spec §4, DESIGN §4): 174, 180, 3 and 5 repay and may be
 * extended; 170 repays only; 200 and 4 are rated and offer 'loan more'; the rest offer nothing.
 * The one table the server (what it accepts) and the web (which buttons it shows) both read.
 */
export const OrderStatusActions: Record<OrderStatus, OrderActions> = {
  [OrderStatus.UnderReview]: none,
  [OrderStatus.Rejected]: none,
  [OrderStatus.Disbursing]: none,
  [OrderStatus.Disbursed]: { ...none, repay: true },
  [OrderStatus.DueSoon]: owing,
  [OrderStatus.Overdue]: owing,
  [OrderStatus.InstallmentPartlyPaid]: owing,
  [OrderStatus.Extended]: owing,
  [OrderStatus.Settled]: over,
  [OrderStatus.ClosedEarly]: over,
};

/** The actions of a status code as the wire carries it; an unknown code offers nothing. */
export const actionsOf = (status: number): OrderActions => OrderStatusActions[status as OrderStatus] ?? none;

/** The statuses whose loan details offer the 'delay repayment' link, so the only ones an extension is sold in (spec §4). */
export const ExtensionStatuses: readonly OrderStatus[] = orderStatuses.filter((status) => OrderStatusActions[status].extend);

/** Complaint problem type 1 is collection; it needs an order whose isShow is 1 (spec §2, §6). */
export const COLLECTION_PROBLEM_TYPE = 1;

/** Chatbot action_type 4 hands the borrower over to human support (spec §3). */
export const QA_ACTION_HUMAN_SUPPORT = 4;

/** QA record types (spec §3). */
export const QaRecordType = { JumpToSupport: 1, ResolvedFeedback: 2, StarRating: 3, FreeText: 4 } as const;

/** Repayment pay types (spec §3 virtual account). */
export const PayType = { Bank: 1, MiniMarket: 2 } as const;
