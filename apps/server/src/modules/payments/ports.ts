/**
 * The payment gateway interface (DESIGN §5) and what the payments module offers the card flow.
 * The sandbox gateway is built in; real adapters (Xendit for Indonesia, Razorpay for India) plug
 * in behind the same interface. Every confirmation arrives through the signed webhook
 * (`POST /webhooks/payments/:gateway`), the sandbox's too.
 */

import type { Market } from '@kilat/contract';
import type { Db } from '../../db/database.js';
import type { Order, Payment, PaymentMethod, PaymentPurpose, PaymentStatus } from '../../db/schema.js';
import type { AmountDue } from '../../lending/amount-rules.js';
import type { OrderState } from '../orders/service.js';
import type { SmsMessage } from '../sms/sms-provider.js';

export interface TokenisedCard {
  /** the gateway's token for the card; the number itself is never stored by Kilat */
  token: string;
  /** the gateway asks for an SMS code before debiting this card (repayment-commit's needValid) */
  requiresOtp: boolean;
}

/** The e-wallets Kilat offers through Xendit (issue 51). */
export type EwalletChannel = 'OVO' | 'DANA' | 'SHOPEEPAY' | 'LINKAJA';

export interface GatewayPayment {
  /** our payment's public id, echoed back in the gateway's events */
  paymentRef: string;
  market: Market;
  amountMinor: number;
}

export interface PaymentGateway {
  readonly name: string;
  tokeniseCard(input: { market: Market; cardNo: string; holderName: string; bankCode: string }): Promise<TokenisedCard>;
  /** charges a tokenised card; the outcome arrives by webhook */
  debitCard(input: GatewayPayment & { cardToken: string }): Promise<{ gatewayRef: string }>;
  /** a virtual account number at a bank, taking exactly the amount until `expiresAt` */
  createVirtualAccount(
    input: GatewayPayment & { bankCode: string; expiresAt: Date },
  ): Promise<{ gatewayRef: string; accountNumber: string }>;
  /** a mini-market payment code (at most Limits.miniMarketMaxMinor) */
  createMiniMarketCode(
    input: GatewayPayment & { marketCode: string; expiresAt: Date },
  ): Promise<{ gatewayRef: string; paymentCode: string }>;
  /**
   * India's Pay by UPI (issue 51): a single-use UPI QR code for exactly the amount until `expiresAt`;
   * `intentUrl` is the upi://pay… link the QR encodes, which opens the borrower's UPI app on a phone
   */
  createUpiCode(input: GatewayPayment & { expiresAt: Date }): Promise<{ gatewayRef: string; intentUrl: string }>;
  /**
   * Indonesia's e-wallets (issue 51): a one-time charge of exactly the amount at `channel`; the
   * borrower approves it on `checkoutUrl` (and comes back to `returnUrl`), or in the wallet's app when
   * it is null (OVO pushes to `mobileNumber`)
   */
  createEwalletCharge(
    input: GatewayPayment & { channel: EwalletChannel; mobileNumber: string | null; returnUrl: string; expiresAt: Date },
  ): Promise<{ gatewayRef: string; checkoutUrl: string | null }>;
  /** Indonesia's QRIS (issue 51): a dynamic QR code for exactly the amount until `expiresAt`; `qrString` is what it encodes */
  createQrisCode(input: GatewayPayment & { expiresAt: Date }): Promise<{ gatewayRef: string; qrString: string }>;
  /**
   * Closes an open code that must take no more payment (the borrower chose another bank, shop or
   * method for the same payment, issues 48 and 51): answers once the gateway refuses payment on it,
   * throws when the gateway refuses to close it. A code paid meanwhile is still posted by its webhook.
   */
  closeCode(input: { gatewayRef: string; method: PaymentMethod; closesAt: Date }): Promise<void>;
  /** the hosted checkout page of the third-party option, payable until `expiresAt`; the borrower comes back to `returnUrl` */
  createCheckout(input: GatewayPayment & { returnUrl: string; expiresAt: Date }): Promise<{ gatewayRef: string; url: string }>;
  /**
   * What became of a payment, asked when its webhook never came (reconciliation): 'not_found'
   * when the gateway never received it (no debit was made), else the charge's outcome
   */
  lookupPayment(input: { paymentRef: string; gatewayRef: string | null; method: PaymentMethod }): Promise<GatewayLookup>;
  /**
   * The event of a webhook delivery; null when its signature does not hold (checked over the raw
   * body, constant time); IgnoredWebhook when it is authentic but moves no payment of ours (an
   * event type we do not act on), which the route answers 2xx so the gateway stops retrying
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent | MandateWebhookEvent | IgnoredWebhook | null;
  /** India's AutoPay (issue 51 item 2, decision 242): present only on a gateway that registers mandates and debits them */
  readonly mandates?: MandateGateway;
}

/** Who the borrower is, for a gateway that keeps its own customer (Razorpay's Customers API). */
export interface MandateCustomer {
  name: string;
  /** the phone as the market writes it (+91…) */
  contact: string;
  email: string;
}

/**
 * A gateway's recurring payments (issue 51 item 2, decisions 242–244): a mandate registered by the
 * borrower's own authorisation (a link to their UPI app or bank), each debit announced at least 24
 * hours ahead (`notifyDebit`), then made (`debit`, confirmed by the signed webhook as any payment),
 * and the mandate cancelled at the borrower's word. Every state change of the mandate itself arrives
 * as a MandateWebhookEvent.
 */
export interface MandateGateway {
  createMandate(input: {
    /** our mandate's public id, echoed in its events */
    mandateRef: string;
    market: Market;
    method: 'upi' | 'emandate';
    maxAmountMinor: number;
    expiresAt: Date;
    customer: MandateCustomer;
    description: string;
  }): Promise<{ gatewayRef: string; authUrl: string; gatewayOrderRef: string | null; customerRef: string | null }>;
  /** stops the mandate at the gateway (and the bank); answers once the cancellation is accepted */
  cancelMandate(input: { gatewayRef: string | null; customerRef: string | null; tokenRef: string | null }): Promise<void>;
  /** the pre-debit notice the gateway sends the payer's bank or UPI app, for a debit not before `debitAfter` */
  notifyDebit(input: { debitRef: string; amountMinor: number; tokenRef: string; debitAfter: Date }): Promise<{ gatewayRef: string | null }>;
  /** the debit of a notified amount; its outcome arrives by webhook as a payment's does */
  debit(
    input: GatewayPayment & { tokenRef: string; customerRef: string | null; noticeRef: string | null; customer: MandateCustomer },
  ): Promise<{ gatewayRef: string }>;
}

/** What happened to a mandate at its gateway: the token learnt, authorised, refused, paused or cancelled there. */
export type MandateEventState = 'linked' | 'active' | 'rejected' | 'paused' | 'cancelled';

/** A signed event about a mandate (not a payment): found by our reference, the gateway's registration order or its token. */
export interface MandateWebhookEvent {
  mandate: {
    id: string;
    state: MandateEventState;
    mandateRef?: string;
    orderRef?: string;
    tokenRef?: string;
    occurredAt: string;
    failureReason?: string;
  };
}

export const isMandateEvent = (verdict: WebhookEvent | MandateWebhookEvent | IgnoredWebhook): verdict is MandateWebhookEvent =>
  'mandate' in verdict;

/**
 * 'pending': the gateway knows the payment and it is still open (a checkout page not paid yet);
 * the payment is left as it is
 */
export type GatewayLookup = 'succeeded' | 'failed' | 'pending' | 'not_found';

/** An authentic delivery that changes no payment: why, for the log. */
export interface IgnoredWebhook {
  ignored: string;
}

export const isIgnored = (verdict: WebhookEvent | MandateWebhookEvent | IgnoredWebhook): verdict is IgnoredWebhook => 'ignored' in verdict;

export type WebhookEventType = 'payment.pending' | 'payment.succeeded' | 'payment.failed' | 'payment.expired';

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  gatewayRef: string;
  paymentRef: string;
  amountMinor: number;
  occurredAt: string;
  failureReason?: string;
}

/** What is owed for a purpose right now: the loan's outstanding balance, or the extension offer's fee. */
/** What a purpose owes (the amount rules, lending/amount-rules.ts). */
export type { AmountDue };

export interface NewPayment {
  borrowerId: number;
  order: Order;
  purpose: PaymentPurpose;
  method: PaymentMethod;
  amountMinor: number;
  cardId?: number | null;
  repayTokenHash?: string | null;
}

/** A card payment of a repay token as the commit opens it (`PaymentsPort.openCardPayment`). */
export interface CardPaymentOf {
  borrowerId: number;
  purpose: PaymentPurpose;
  amountMinor: number;
  cardId: number;
  repayTokenHash: string;
}

/**
 * What opening a card payment gave: the payment (in status 'created', or a racing commit's), or
 * one opened with its first code, whose SMS the caller hands over (`SmsProvider.handOver`) once it answers.
 */
export type OpenedCardPayment = { payment: Payment } | { withCode: { publicId: string; messageId: number; message: SmsMessage } };

/** What the payments module offers the card flow (modules/cards). */
export interface PaymentsPort {
  /** throws AppError (nothingToRepay, prepaymentNotYet, loanExtensionUnavailable) when nothing may be paid for the purpose today */
  amountDue(order: Order, purpose: PaymentPurpose): Promise<AmountDue>;
  /** amountDue of an order whose state is already read (OrdersService.requireOwnedState) */
  amountDueIn(state: OrderState, purpose: PaymentPurpose): AmountDue;
  /** throws the refusal (repayAmountTooLarge, extensionFeeMismatch, coolingOffExitAmount) when an amount does not fit a due already read */
  assertAmountFits(order: Order, purpose: PaymentPurpose, amountMinor: number, due: AmountDue): void;
  /**
   * A card payment of a repay token opened the long way, its amount checked on a state already read
   * (repayAmountTooLarge, extensionFeeMismatch); with its first code and SMS when `codeTo` (the
   * borrower's phone) is given; a racing commit's payment of the token when it made one first
   */
  openCardPayment(state: OrderState, input: CardPaymentOf, codeTo: string | null, now: Date): Promise<OpenedCardPayment>;
  /** pays with another card while the payment is not submitted; null once it is */
  switchCard(payment: Payment, cardId: number, now: Date): Promise<Payment | null>;
  /**
   * In `tx`: `reserve`, then the payment moved to 'submitted' from one of `from` and its repay token
   * spent; null when another call moved it first. Charge it (`submitCard`) once `tx` has committed.
   */
  submit(payment: Payment, from: readonly PaymentStatus[], now: Date, tx: Db): Promise<Payment | null>;
  /** a payment whose card needs no code: `submit` in a transaction of its own, then `submitCard`; null when another call submitted it first */
  chargeCard(payment: Payment, cardToken: string, now: Date): Promise<Payment | null>;
  /**
   * a new code of the payment by SMS to `phone` (one sender at a time; unless `asked`, none while an
   * unused code sent within the resend window is on its way); false when the payment has moved on;
   * throws repayCodeSendLimit once it has had its codes
   */
  sendCardCode(payment: Payment, phone: string, asked: boolean, now: Date): Promise<boolean>;
  findByPublicId(publicId: string, tx?: Db): Promise<Payment | null>;
  /**
   * Sends a submitted card payment to the gateway (debitCard with the card's token). The sandbox
   * answers through the signed webhook before this returns, so the payment comes back paid (or
   * failed) and the ledger already holds the posting.
   */
  submitCard(payment: Payment, cardToken: string): Promise<Payment>;
  /** the gateway that tokenises cards for a market */
  gatewayFor(market: Market): PaymentGateway;
}
