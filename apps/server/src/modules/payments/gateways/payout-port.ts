/**
 * The payout port (DESIGN §5 "Payouts", issue 28): money that leaves Kilat for a borrower's
 * disbursal account. It sits beside the payment port (modules/payments/ports.ts) and is chosen per
 * market the same way: the built-in sandbox outside production, RazorpayX Payouts for India,
 * Xendit Payouts v2 for Indonesia. Each adapter lives in modules/payments/gateways/<name>/ beside
 * its recorded exchanges; this file is the one shape they all answer.
 *
 * Two duties: validate a destination before any loan is confirmed against it (RazorpayX Fund
 * Account Validation; Xendit's account name check), and send, look up and hear about payouts.
 *
 * It lives here, beside the adapters, so that they depend on nothing of modules/payouts: the
 * payouts module (its registry, job and routes) imports them, never the other way round
 * (docs/decisions/061). modules/payouts/ports.ts re-exports it under its first name.
 */
import type { Market } from '@kilat/contract';

/** Where the money goes, as the borrower gave it (full numbers: only ever held in memory on the way to the gateway). */
export type PayoutDestination =
  /** India: a bank account, the bank found from its IFSC */
  | { market: 'IN'; kind: 'bank'; holderName: string; accountNumber: string; ifsc: string }
  /** India: a UPI ID (`handle@psp`) */
  | { market: 'IN'; kind: 'upi'; holderName: string; vpa: string }
  /** Indonesia: a bank account at a payout channel (`ID_BCA`, `ID_BRI` …) */
  | { market: 'ID'; kind: 'bank'; holderName: string; accountNumber: string; channelCode: string }
  /** Indonesia: an e-wallet by its phone number (`ID_OVO`, `ID_DANA`, `ID_GOPAY`, `ID_SHOPEEPAY`) */
  | { market: 'ID'; kind: 'ewallet'; holderName: string; phone: string; channelCode: string };

export type DestinationKind = PayoutDestination['kind'];

/**
 * What the gateway said of a destination. 'pending': it has not decided yet (RazorpayX's
 * validation is asynchronous; ask again with lookupValidation).
 */
export interface DestinationValidation {
  status: 'valid' | 'invalid' | 'pending';
  /** the account holder's name as the bank or wallet registered it, when the gateway tells it */
  registeredName: string | null;
  /** the gateway's own id of the destination (RazorpayX fund account `fa_…`), kept instead of the number where there is one */
  gatewayAccountId: string | null;
  /** the gateway's id of this validation, to ask again while it is pending */
  validationRef: string | null;
  /** why it is invalid, in the gateway's words (for operators and the log; the borrower sees our text) */
  reason: string | null;
}

export interface NewPayout {
  /** stored with the payout row before the call; the same key for every retry of one attempt (never a new one while it is processing) */
  idempotencyKey: string;
  /** our reference (the order's public number, with the attempt): the gateway's `reference_id`, and how a payout is found after a crash */
  reference: string;
  market: Market;
  amountMinor: number;
  destination: PayoutDestination;
  /** the destination's gateway id from its validation, when the gateway has one */
  gatewayAccountId: string | null;
  /** the borrower's name, for narration/description fields */
  narration: string;
}

/**
 * A payout's state in our words. 'processing' covers the gateway's queued / pending / ACCEPTED /
 * REQUESTED; 'processed' is RazorpayX processed and Xendit SUCCEEDED (the money landed); 'reversed'
 * comes after 'processed' (the bank returned it).
 */
export type PayoutStatus = 'processing' | 'processed' | 'failed' | 'cancelled' | 'reversed';

export interface PayoutState {
  status: PayoutStatus;
  gatewayPayoutId: string;
  /** the bank's transfer reference (RazorpayX `utr`), once known */
  utr: string | null;
  /** the gateway's failure code (Xendit `failure_code`, RazorpayX `status_details.reason`) */
  failureCode: string | null;
  failureReason: string | null;
  /** true when the same attempt may be tried again later (bank offline, gateway timeout, TEMPORARY_TRANSFER_ERROR, low balance) */
  retryable: boolean;
  /** when the gateway says the money landed or was returned (ISO 8601) */
  occurredAt: string | null;
}

/** A payout webhook, verified. Deduplicated by `id` (gateway, event id) in webhook_events; accepted out of order. */
export interface PayoutEvent {
  id: string;
  reference: string;
  state: PayoutState;
}

/** One money movement on the gateway's own account statement, for the daily reconciliation. */
export interface GatewayTransaction {
  gatewayPayoutId: string;
  reference: string | null;
  kind: 'payout' | 'reversal';
  amountMinor: number;
  occurredAt: string;
  /** the market the payout was for, where one gateway account serves both (the sandbox); RazorpayX is India's and Xendit Indonesia's alone */
  market?: Market;
}

/** What a payout is looked up by: its reference and key, and the gateway's id once it is stored (null after a crash before that). */
export interface PayoutLookup {
  reference: string;
  idempotencyKey: string;
  gatewayPayoutId: string | null;
}

export interface PayoutGateway {
  readonly name: string;
  /**
   * How a destination is confirmed. 'gateway': validateDestination asks the gateway (RazorpayX's
   * fund account validation, the sandbox). 'first_payout': the gateway documents no account check
   * (Xendit, docs/decisions/127), so validateDestination checks the number's format only — 'invalid'
   * when it does not fit, else 'pending', never 'valid' — and the first payout's outcome decides:
   * processed confirms the account, INVALID_DESTINATION refuses it.
   */
  readonly destinationCheck: 'gateway' | 'first_payout';
  validateDestination(input: { reference: string; destination: PayoutDestination }): Promise<DestinationValidation>;
  lookupValidation(input: { validationRef: string }): Promise<DestinationValidation>;
  createPayout(input: NewPayout): Promise<PayoutState>;
  /** the payout created with this reference/key, or 'not_found' when the gateway never received it (a crash before the call) */
  lookupPayout(input: PayoutLookup): Promise<PayoutState | 'not_found'>;
  /** null when the signature or token does not hold; `{ ignored }` for an authentic event we do not act on */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PayoutEvent | { ignored: string } | null;
  /** the gateway's payouts and reversals between two instants, for reconciliation */
  listTransactions(input: { from: Date; to: Date }): Promise<GatewayTransaction[]>;
}

/** How the registry's sandbox tells its events: the same application function the payout webhook route calls (modules/payouts/gateways.ts). */
export type PayoutEventSink = (gateway: string, event: PayoutEvent) => Promise<void>;
