import { z } from 'zod';
import { Digits, Id, MinorAmount, OptionalId, ZeroOrOne } from './fields.js';

/**
 * What a payment pays for: the loan itself (a repayment, an installment, the whole payoff) or
 * the extension fee of the delay page. Ours (decision 019): the spec's pages hand over only an
 * amount, so the extension page says `purpose=delay` and every call that starts a payment
 * carries it on; absent means a repayment.
 */
export const PaymentPurpose = z.enum(['repay', 'delay']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;
const Purpose = PaymentPurpose.default('repay');

/** How a payment was made (ours): a card, a virtual account, a mini-market code, the checkout page, or UPI, an e-wallet or QRIS (issue 51). */
export const PaymentMethodName = z.enum(['card', 'virtual_account', 'mini_market', 'checkout', 'upi', 'ewallet', 'qris', 'autopay']);
export type PaymentMethodName = z.infer<typeof PaymentMethodName>;

/** A bank card as shown: masked, BIN and last 4 at most (spec §3, PCI DSS). */
export const BankCardSchema = z.object({ id: z.string(), bankName: z.string(), cardNo: z.string(), bankCode: z.string() });
export type BankCard = z.infer<typeof BankCardSchema>;

export const RepaymentWayRequestSchema = z.object({ orderId: Id, amount: MinorAmount.optional(), purpose: Purpose });
export const RepaymentWayDataSchema = z.object({
  /** 1 when the third-party (hosted checkout) option is offered */
  alipay: z.number().int(),
  repayToken: z.string(),
  bankCards: z.array(BankCardSchema),
  /** ours: what the token is bound to, in minor units (the amount asked, or everything owed) */
  amount: z.number().int(),
});

export const RepaymentCommitRequestSchema = z.object({
  amount: MinorAmount,
  bankName: z.string().max(100),
  cardId: Id,
  cardNo: z.string().max(32),
  couponId: OptionalId,
  orderId: Id,
  repayToken: Id,
  bankCode: z.string().max(32),
  sendMsg: ZeroOrOne,
});
export const RepaymentCommitDataSchema = z.object({
  needValid: z.number().int(),
  repayRecordId: z.string(),
  /** ours (issue 50): what the coupon took off, minor units, as the server computed it (the page's couponMoney is never trusted); 0 without one */
  couponMoney: z.number().int(),
  /** ours (issue 50): what the payment charges, minor units: the amount less couponMoney */
  payAmount: z.number().int(),
});

export const RepaymentCheckoutRequestSchema = z.object({
  userId: OptionalId,
  orderId: Id,
  amount: MinorAmount,
  purpose: Purpose,
  /** ours (issue 50, decision 271): the borrower's coupon for this payment; the server computes what it takes off (the page's couponMoney is never read) */
  couponId: OptionalId,
});
export const RepaymentCheckoutDataSchema = z.object({
  url: z.string(),
  /** ours (issue 50): what the coupon took off, minor units, as the server computed it; 0 without one */
  couponMoney: z.number().int(),
  /** ours (issue 50): what the checkout charges, minor units: the amount less couponMoney */
  payAmount: z.number().int(),
});

/**
 * Ours (issue 51, decision 240): India's "Pay by UPI". The server opens a single-use UPI QR code at
 * the gateway for exactly the amount; the page opens `intentUrl` (upi://pay…) in the borrower's
 * UPI app on a phone, or shows `qrImage` (an SVG data URL of the same intent) on a desktop. Only the
 * gateway's signed webhook says it is paid; the page then shows the payment result screen.
 */
export const UpiPaymentRequestSchema = z.object({
  orderId: Id,
  /** what the repayment is before any coupon, minor units */
  amount: MinorAmount,
  purpose: Purpose,
  /** ours (issue 50, decision 271): the borrower's coupon for this payment; the server computes what it takes off (the page's couponMoney is never read) */
  couponId: OptionalId,
});
export const UpiPaymentDataSchema = z.object({
  /** the payment's bill number, for the payment result screen */
  paymentId: z.string(),
  /** what the code collects, minor units (the amount less couponMoney) */
  amount: z.number().int(),
  /** upi://pay?… with the payee, the amount and our reference */
  intentUrl: z.string(),
  /** the intent as a QR code image (data:image/svg+xml) */
  qrImage: z.string(),
  /** when the code stops taking payment, market time 'YYYY-MM-DD HH:mm:ss' */
  expiryTime: z.string(),
  /** ours (issue 50): what the coupon took off, minor units, as the server computed it; 0 without one */
  couponMoney: z.number().int(),
});

/**
 * Ours (issue 51, decision 241): Indonesia's e-wallets (through Xendit: OVO, DANA, ShopeePay, LinkAja)
 * and QRIS. QRIS answers a QR code for exactly the amount with its expiry (WIB); an e-wallet answers
 * the wallet's checkout page (`checkoutUrl`), or '' when the wallet asks in its own app (OVO, by a
 * push to `mobileNumber`). Only Xendit's callback says it is paid. A new one closes the order's
 * other open codes and charges.
 */
export const WalletChannel = z.enum(['QRIS', 'OVO', 'DANA', 'SHOPEEPAY', 'LINKAJA']);
export type WalletChannel = z.infer<typeof WalletChannel>;
export const WalletPaymentRequestSchema = z.object({
  orderId: Id,
  amount: MinorAmount,
  purpose: Purpose,
  channel: WalletChannel,
  /** OVO's account: the borrower's phone (the server checks it is an Indonesian mobile number) */
  mobileNumber: z.string().trim().max(20).optional(),
  /** ours (issue 50, decision 271): the borrower's coupon for this payment; the server computes what it takes off (the page's couponMoney is never read) */
  couponId: OptionalId,
});
export const WalletPaymentDataSchema = z.object({
  paymentId: z.string(),
  amount: z.number().int(),
  channel: WalletChannel,
  /** the wallet's own page to approve the payment on; '' when the wallet asks in its app, or for QRIS */
  checkoutUrl: z.string(),
  /** QRIS only: the code as a QR image (data:image/svg+xml); '' otherwise */
  qrImage: z.string(),
  /** when it stops taking payment, market time 'YYYY-MM-DD HH:mm:ss' (WIB) */
  expiryTime: z.string(),
  /** ours (issue 50): what the coupon took off, minor units, as the server computed it; 0 without one */
  couponMoney: z.number().int(),
});

export const RepaymentConfirmRequestSchema = z.object({ orderId: Id, verifyCode: Digits(8).min(6), repaymentRecordId: Id });
export const RepaymentConfirmDataSchema = z.object({ repayRecordId: z.string() });

/** Ours (DESIGN §5): the banks a card may be bound from, per market. */
export const BankListRequestSchema = z.object({});
export const BankListDataSchema = z.object({ list: z.array(z.object({ bankCode: z.string(), bankName: z.string() })) });

/** Ours: bind a card (#/addnormalcard). The number is tokenised at once: only BIN and last 4 are kept. */
export const BindCardRequestSchema = z.object({
  bankCode: z.string().trim().min(1).max(32),
  /** digits only, 12 to 19, Luhn-valid (the server checks the Luhn digit too) */
  cardNo: z
    .string()
    .trim()
    .regex(/^\d{12,19}$/),
  holderName: z.string().trim().min(2).max(60),
});
export const BindCardDataSchema = BankCardSchema;

/** Ours (decision 050): one payment of the borrower's order, by its bill number (repayRecordId, the checkout's and the code's `cardNo`). */
export const PaymentResultRequestSchema = z.object({
  orderId: Id,
  paymentId: z
    .string()
    .trim()
    .regex(/^RP[A-Z2-7]{20}$/),
});
/** paid, pending (the gateway has not said yet) or failed (declined, cancelled or expired unpaid) */
export const PaymentOutcome = z.enum(['paid', 'pending', 'failed']);
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;
export const PaymentResultDataSchema = z.object({
  paymentId: z.string(),
  orderNo: z.string(),
  outcome: PaymentOutcome,
  purpose: PaymentPurpose,
  method: PaymentMethodName,
  /** the card (bank and last 4), the bank or the mini market; '' for the checkout page */
  methodDetail: z.string(),
  /** minor units */
  amount: z.number().int(),
  /** when it was paid, else when it started (market time, 'YYYY-MM-DD HH:mm:ss') */
  time: z.string(),
  /** what the order still owes now, minor units */
  remainingAmount: z.number().int(),
  /** 1 when nothing is owed any more */
  settled: ZeroOrOne,
  /** ours (issue 30): a paid extension's new due date, 'YYYY-MM-DD'; '' for any other payment */
  newDueDate: z.string(),
});
