import { z } from 'zod';
import { Id, IntField, MinorAmount, OptionalId, TextValue, ZeroOrOne } from './fields.js';
import { DetailRecommendedProductSchema } from './recommend.js';
import { PaymentPurpose } from './repayment.js';

const ProductOrder = { productId: Id, orderId: Id };

export const GenerateVirtualAccountRequestSchema = z.object({
  ...ProductOrder,
  amount: MinorAmount,
  payCode: z.string().trim().min(1).max(32),
  pay_type: IntField(1, 2),
  is_default: ZeroOrOne,
  is_display: ZeroOrOne,
  specific_num: z.string().max(32).optional(),
  purpose: PaymentPurpose.default('repay'),
  /** ours (issue 50, decision 271): the borrower's coupon for this payment; the server computes what it takes off (the page's couponMoney is never read) */
  couponId: OptionalId,
});
/**
 * Virtual account (spec §3): payType 1 bank, 2 mini market. `vcode` is the code the borrower
 * pays to, `cardNo` the bill number; `amount` is what this code collects, in minor units.
 */
export const VirtualAccountSchema = z.object({
  amount: z.number().int(),
  vcode: z.string(),
  cardNo: z.string(),
  payType: z.number().int(),
  payCode: z.string(),
  payStep: z.array(z.string()),
  specificNum: z.string(),
  telephone: z.string(),
  /** ours: the chosen bank or mini market and its method, named in the borrower's language */
  payName: z.string(),
  /** ours: the code stops taking payments after this time (market time, 'YYYY-MM-DD HH:mm:ss') */
  expiryTime: z.string(),
  /** ours: what stays owed after this code is paid: more than 0 when a mini-market payment is split */
  remainingAmount: z.number().int(),
  /** ours (issue 50): what the coupon took off, minor units, as the server computed it; 0 without one */
  couponMoney: z.number().int(),
});

export const InitPayTypeRequestSchema = z.object({ ...ProductOrder, pay_type: IntField(1, 2) });
/** Bank option (spec §3): a bank or mini market with its methods. */
export const BankOptionSchema = z.object({
  bankName: z.string(),
  payCode: z.string(),
  method: z.array(z.object({ name: z.string(), code: z.string() })),
});
export const InitPayTypeDataSchema = z.object({ list: z.array(BankOptionSchema) });

export const DelayDetailRequestSchema = z.object(ProductOrder);
export const DelayDetailDataSchema = z.object({
  productName: z.string(),
  productLogo: z.string(),
  delayShouldPayAmount: z.number().int(),
  delayExpiryTime: z.string(),
  orderDetail: z.object({ detail: z.array(TextValue) }),
  telephone: z.string(),
});

const InstallmentPeriodSchema = z.object({
  periodNo: z.number().int(),
  totalAmount: z.number().int(),
  canClick: z.number().int(),
  periodStatus: z.number().int(),
  repayDes: z.string(),
  dueTime: z.string(),
  amount: z.string(),
});
export const InstallmentPlanRequestSchema = z.object(ProductOrder);
export const InstallmentPlanDataSchema = z.object({
  productName: z.string(),
  repayPlanDetail: z.object({ repayWaitDetail: z.array(InstallmentPeriodSchema), repayYetDetail: z.array(InstallmentPeriodSchema) }),
  repayWaitCount: z.number().int(),
  note: z.string(),
});

/** India's key-fact statement before confirming (RBI digital-lending rules): total cost, APR and every fee. */
export const KeyFactsSchema = z.object({
  principalMinor: z.number().int(),
  /** interest and every fee over the term */
  totalCostMinor: z.number().int(),
  totalRepaymentMinor: z.number().int(),
  /** annual percentage rate in basis points, and as shown ('19.25%') */
  aprBps: z.number().int(),
  apr: z.string(),
  /** every fee and charge, label and formatted amount; the late penalty as text */
  fees: z.array(TextValue),
});
export type KeyFacts = z.infer<typeof KeyFactsSchema>;

/** ours (issue 29): the amount (minor units) and term (days) the borrower moved to; absent, the offer starts at their limit and the product's term */
export const LoanConfirmRequestSchema = z.object({ productId: Id, amount: MinorAmount.optional(), term: IntField(1, 3650).optional() });

/** ours (issue 29, decision 147): what the borrower may choose, as the server bounds it */
export const LoanChoiceSchema = z.object({
  amountMinMinor: z.number().int(),
  amountMaxMinor: z.number().int(),
  amountStepMinor: z.number().int(),
  /** the product's terms in days */
  termOptions: z.array(z.number().int()),
  /** the borrower's limit, as shown ('Your limit: ₹24,000.00.') */
  limitNote: z.string(),
  /** ours (issue 48): true when open loans use all of the limit; there is nothing to confirm and a submit is refused */
  nothingLeft: z.boolean().optional(),
});
export type LoanChoice = z.infer<typeof LoanChoiceSchema>;
export const LoanConfirmDataSchema = z.object({
  productLogo: z.string(),
  productName: z.string(),
  amount: z.number().int(),
  periods: z.number().int(),
  termUnit: z.number().int(),
  details: z.array(TextValue),
  repay_plans: z.array(z.object({ title: z.string(), description: z.string(), amount: z.number().int(), pay_time: z.string() })),
  firstPayTime: z.string(),
  firstPeriodDay: z.number().int(),
  pRateDsc: z.string(),
  sendSms: z.number().int(),
  isPopType: z.number().int(),
  popContent: z.string(),
  popTitle: z.string(),
  popAgreementUrl: z.string(),
  note: z.string(),
  sp_rate: z.string(),
  /** India only (absent for Indonesia): the key-fact summary to show before confirming */
  keyFacts: KeyFactsSchema.optional(),
  choice: LoanChoiceSchema,
  /** the key fact statement's proposal (decision 150): unique, valid until the date (at least 3 working days) */
  proposalNo: z.string(),
  proposalValidUntil: z.string(),
});

export const ContractsRequestSchema = z.object({ productId: Id, scene: z.literal('3') });
export const ContractsDataSchema = z.object({ list: z.array(z.object({ title: z.string(), position: z.number().int() })) });
export const ContractJumpRequestSchema = z.object({
  productId: Id,
  scene: IntField(0, 100),
  position: IntField(0, 100),
  orderId: OptionalId,
  /** ours (issue 48): before an order, the proposal on loan confirm, so the agreement opened is the one of the borrower's choice */
  proposalNo: z.string().trim().max(40).optional(),
});
export const ContractJumpDataSchema = z.object({ contract_url: z.string() });

export const LoanPushRequestSchema = z.object({
  amount: MinorAmount,
  periods: IntField(1, 365),
  termUnit: IntField(1, 3),
  productId: Id,
  /** ours (decision 150): the proposal the borrower signed; an expired one is refused and the offer made again */
  proposalNo: z.string().trim().max(40).optional(),
});
export const LoanPushDataSchema = z.object({ lendDetailsUrl: z.string() });

export const LoanDetailsRequestSchema = z.object(ProductOrder);

/**
 * A loan statement (issue 49): every ledger posting of the order in the order it was posted, with its
 * value date; `kind` names what it is in the borrower's language and `amount` is formatted.
 */
export const LoanStatementDataSchema = z.object({
  orderNo: z.string(),
  rows: z.array(z.object({ valueDate: z.string(), kind: z.string(), amount: z.string(), amountMinor: z.number().int() })),
});
export type LoanStatement = z.infer<typeof LoanStatementDataSchema>;
/** A closed loan's closure letter (issue 49): how it closed and the link to its document. */
export const LoanClosureLetterDataSchema = z.object({
  orderNo: z.string(),
  closure: z.enum(['repaid', 'closed_early', 'settled', 'written_off']),
  url: z.string(),
});
export type LoanClosureLetter = z.infer<typeof LoanClosureLetterDataSchema>;
/** Order details response (spec §3), as the loan-details page reads it. */
export const LoanDetailsDataSchema = z.object({
  orderStatus: z.number().int(),
  noticeStatusText: z.string(),
  noticeDesText: z.string(),
  recProducts: z.array(DetailRecommendedProductSchema),
  productName: z.string(),
  productLogo: z.string(),
  userOrderDetail: z.object({ detail: z.array(TextValue) }),
  inside: z.number().int(),
  h5Url: z.string(),
  isDelay: z.number().int(),
  telephone: z.string(),
  isScore: z.string(),
  playeduL: z.string(),
  reyMsg: z.string(),
  /**
   * India, in the cooling-off period (issue 17): its last day and what exiting costs today, with what that
   * figure is made of (issue 48): the principal, the APR over the days held, less what was repaid; the page offers the exit
   */
  coolingOff: z
    .object({
      lastDay: z.string(),
      exitMinor: z.number().int(),
      principalMinor: z.number().int(),
      costMinor: z.number().int(),
      daysHeld: z.number().int(),
      aprBps: z.number().int(),
      repaidMinor: z.number().int(),
    })
    .optional(),
  /** ours (issue 29, decision 149): 1 while the application may be withdrawn (under review, or approved and its money not yet sent) */
  canWithdraw: z.number().int().optional(),
  /** ours (decision 170): 0 when a loan that is over offers no 'loan more' — it was written off, and Kilat lends to its borrower no more */
  loanMore: z.number().int().optional(),
  /**
   * The loan's payout (issue 28), once approved: 'sending' (on its way, also while the lender's
   * account is low), 'failed' and 'reversed' (the borrower may give another account or cancel:
   * `fixable` 1), 'sent' (landed: the date and the bank's reference), 'cancelled'.
   */
  disbursal: z
    .object({
      state: z.enum(['sending', 'failed', 'reversed', 'sent', 'cancelled']),
      last4: z.string(),
      amountMinor: z.number().int(),
      sentOn: z.string(),
      utr: z.string(),
      fixable: z.number().int(),
    })
    .optional(),
});

export const StoreScoreRequestSchema = z.object({ ...ProductOrder, score: IntField(1, 5) });
export const EventSaveRequestSchema = z.object({ productId: Id, moduleId: IntField(0, 100_000), positionId: IntField(0, 10_000) });
export const RecommendedTapRequestSchema = z.object({ productId: Id, orderId: Id, positionId: IntField(0, 10_000) });
export const RecommendedTapDataSchema = z.object({ url: z.string() });
