/**
 * The built-in sandbox gateway (DESIGN §5). It moves no money, but it confirms every payment the
 * way a real gateway does: a signed webhook event, handed to the function behind
 * `POST /webhooks/payments/:gateway` (`receiveWebhook`, webhook-routes.ts) without a trip through
 * HTTP, so the signature check, the deduplication and the posting all run.
 *
 * Test cards (any holder name, any bank of the market):
 *   4111 1111 1111 1111  asks for an SMS code, then the debit succeeds
 *   4000 0000 0000 0077  asks for no code, the debit succeeds at once
 *   4000 0000 0000 0002  asks for an SMS code, then the bank declines (payment.failed)
 *   any other Luhn-valid number behaves like 4111 1111 1111 1111
 * Card debits are confirmed before debitCard returns; virtual accounts and mini-market codes when
 * the development pay call (or `npm run ops -- pay-code`) pays them; the hosted checkout on its Pay button.
 *
 * UPI codes, e-wallet charges and QRIS codes (issue 51) are paid from `/dev/payments` as the app
 * would, by the payer chosen (`SandboxPayers`): for UPI Razorpay's own test IDs
 *   success@razorpay  paid at once
 *   pending@razorpay  the bank has not answered: the payment stays pending until it is paid again
 *   failure@razorpay  the bank declines: payment.failed
 * and for an e-wallet or QRIS the words success, pending and failure, with the same outcomes.
 *
 * AutoPay mandates (issue 51 item 2, decision 246) are authorised on the sandbox's own page
 * (`/sandbox/mandate/:ref`, as the payer's UPI app would) or from `/dev/payments`, in one of three ways:
 *   authorise, debits paid    token.confirmed; every debit through it is paid at once
 *   authorise, debits fail    token.confirmed; every debit through it is declined (payment.failed)
 *   reject                    token.rejected
 * and, once active, paused or cancelled from the payer's side (token.paused, token.cancelled).
 */
import type { Market } from '@kilat/contract';
import { z } from 'zod';
import type { PaymentMethod } from '../../../../db/schema.js';
import type { Clock } from '../../../../lending/clock.js';
import type {
  EwalletChannel,
  GatewayLookup,
  GatewayPayment,
  MandateEventState,
  MandateGateway,
  MandateWebhookEvent,
  PaymentGateway,
  TokenisedCard,
  WebhookEvent,
  WebhookEventType,
} from '../../ports.js';
import { randomBase32, randomDigits } from '../../random-codes.js';
import { SIGNATURE_HEADER, signatureHeader, verifySignature } from './webhook-signature.js';

export const SANDBOX_GATEWAY = 'sandbox';

/** What a sandbox card does; kept in its token (the number itself is never kept, by the sandbox or by us). */
type CardOutcome = 'approve' | 'decline';

interface TestCard {
  requiresOtp: boolean;
  outcome: CardOutcome;
}

export const SandboxTestCards: Readonly<Record<string, TestCard>> = {
  '4111111111111111': { requiresOtp: true, outcome: 'approve' },
  '4000000000000077': { requiresOtp: false, outcome: 'approve' },
  '4000000000000002': { requiresOtp: true, outcome: 'decline' },
};
const ANY_OTHER_CARD: TestCard = { requiresOtp: true, outcome: 'approve' };

/** The card every demo and fresh borrower has bound (DESIGN §5 sandbox): asks for an SMS code and succeeds. */
export const SANDBOX_DEMO_CARD = '4111111111111111';

const OTP_MARK = { true: 'otp', false: 'direct' } as const;

/** The sandbox's token of a card: random, and saying only how the sandbox treats it. */
export const sandboxCardToken = (cardNo: string): TokenisedCard => {
  const card = SandboxTestCards[cardNo.replace(/\D/g, '')] ?? ANY_OTHER_CARD;
  return { token: `tok_${card.outcome}_${OTP_MARK[`${card.requiresOtp}`]}_${randomBase32(20)}`, requiresOtp: card.requiresOtp };
};

const outcomeOfToken = (token: string): CardOutcome | null => {
  const outcome = /^tok_(approve|decline)_/.exec(token)?.[1];
  return outcome === 'approve' || outcome === 'decline' ? outcome : null;
};

/** Card charge ids: `ch_ok_…` was approved, `ch_no_…` declined. */
export const CHARGE_OK = 'ch_ok_';
export const CHARGE_NO = 'ch_no_';

/** What a sandbox payer does (docs/sandboxes.md). */
export type PayerOutcome = 'paid' | 'pending' | 'failed';
/** The payers /dev/payments offers per method: UPI IDs for UPI, plain words for an e-wallet or QRIS. */
export const SandboxPayers: Readonly<Record<'upi' | 'ewallet' | 'qris', Readonly<Record<string, PayerOutcome>>>> = {
  upi: { 'success@razorpay': 'paid', 'pending@razorpay': 'pending', 'failure@razorpay': 'failed' },
  ewallet: { success: 'paid', pending: 'pending', failure: 'failed' },
  qris: { success: 'paid', pending: 'pending', failure: 'failed' },
};
/** Any other payer is paid at once. */
export const payerOutcomeOf = (method: keyof typeof SandboxPayers, payer: string): PayerOutcome =>
  SandboxPayers[method][payer.trim().toLowerCase()] ?? 'paid';

/** The sandbox's payee: the UPI ID its intent links pay. */
export const SANDBOX_UPI_PAYEE = 'kilat.sandbox@razorpay';

/** Virtual-account number prefixes per bank, as the banks' closed VAs start with a company code. */
const VA_PREFIX: Record<string, string> = { BCA: '39108', BNI: '8808', BRI: '26215', MANDIRI: '88908', PERMATA: '8214' };
const VA_LENGTH = 16;

const WebhookEventSchema = z.object({
  id: z.string().min(1).max(128),
  type: z.enum(['payment.pending', 'payment.succeeded', 'payment.failed', 'payment.expired']),
  gatewayRef: z.string().min(1).max(128),
  paymentRef: z.string().min(1).max(128),
  amountMinor: z.number().int().positive(),
  occurredAt: z.string().max(64),
  failureReason: z.string().max(200).optional(),
});

/** How a sandbox mandate is answered (docs/sandboxes.md): its debits paid or declined, or the mandate refused. */
export type SandboxMandateOutcome = 'debits-paid' | 'debits-fail' | 'reject';
export const SANDBOX_MANDATE_OUTCOMES: readonly SandboxMandateOutcome[] = ['debits-paid', 'debits-fail', 'reject'];
/** The sandbox's mandate tokens say how their debits end, as its card tokens do. */
const MANDATE_TOKEN = { 'debits-paid': 'tok_mdt_paid_', 'debits-fail': 'tok_mdt_fail_' } as const;
export const SANDBOX_MANDATE_PAGE = '/sandbox/mandate';

const MandateEventSchema = z.object({
  mandate: z.object({
    id: z.string().min(1).max(128),
    state: z.enum(['linked', 'active', 'rejected', 'paused', 'cancelled']),
    mandateRef: z.string().min(1).max(128).optional(),
    orderRef: z.string().min(1).max(128).optional(),
    tokenRef: z.string().min(1).max(128).optional(),
    occurredAt: z.string().max(64),
    failureReason: z.string().max(200).optional(),
  }),
});

/** Hands a signed raw body to our webhook function and answers the HTTP status the route would answer. */
export type WebhookTransport = (rawBody: string, headers: Record<string, string>) => Promise<number>;

/** The payment a sandbox event is about. */
export interface SandboxPaymentRef {
  publicId: string;
  gatewayRef: string | null;
  amountMinor: number;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = SANDBOX_GATEWAY;
  private transport: WebhookTransport | null = null;

  /** AutoPay (issue 51 item 2): the sandbox keeps no mandate; its page and /dev/payments answer for the payer. */
  readonly mandates: MandateGateway = {
    createMandate: async (input) => ({
      gatewayRef: `mdt_${randomBase32(20)}`,
      authUrl: `${SANDBOX_MANDATE_PAGE}/${encodeURIComponent(input.mandateRef)}`,
      gatewayOrderRef: null,
      customerRef: null,
    }),
    cancelMandate: async () => {},
    notifyDebit: async () => ({ gatewayRef: null }),
    debit: async (input) => {
      const paid = input.tokenRef.startsWith(MANDATE_TOKEN['debits-paid']);
      const gatewayRef = `${paid ? CHARGE_OK : CHARGE_NO}${randomBase32(20)}`;
      const payment = { publicId: input.paymentRef, gatewayRef, amountMinor: input.amountMinor };
      if (paid) await this.send('payment.succeeded', payment);
      else await this.send('payment.failed', payment, 'insufficient_funds');
      return { gatewayRef };
    },
  };

  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  /** The app's webhook function, set once the payments core exists. */
  connect(transport: WebhookTransport) {
    this.transport = transport;
  }

  async tokeniseCard(input: { market: Market; cardNo: string; holderName: string; bankCode: string }): Promise<TokenisedCard> {
    return sandboxCardToken(input.cardNo);
  }

  async debitCard(input: GatewayPayment & { cardToken: string }): Promise<{ gatewayRef: string }> {
    const outcome = outcomeOfToken(input.cardToken);
    // the sandbox keeps no state: the charge's id says its outcome, so lookupPayment can answer it
    const gatewayRef = `${outcome === 'approve' ? CHARGE_OK : CHARGE_NO}${randomBase32(20)}`;
    const payment = { publicId: input.paymentRef, gatewayRef, amountMinor: input.amountMinor };
    if (outcome === 'approve') await this.send('payment.succeeded', payment);
    else await this.send('payment.failed', payment, outcome === 'decline' ? 'card_declined' : 'invalid_card_token');
    return { gatewayRef };
  }

  async createVirtualAccount(input: GatewayPayment & { bankCode: string; expiresAt: Date }) {
    const prefix = VA_PREFIX[input.bankCode] ?? '9';
    return { gatewayRef: `va_${randomBase32(20)}`, accountNumber: `${prefix}${randomDigits(VA_LENGTH - prefix.length)}` };
  }

  async createMiniMarketCode(_input: GatewayPayment & { marketCode: string; expiresAt: Date }) {
    return { gatewayRef: `mm_${randomBase32(20)}`, paymentCode: `KLT${randomDigits(11)}` };
  }

  /** A UPI intent as NPCI's linking specification spells it: payee, name, our reference, note, amount in rupees, currency. */
  async createUpiCode(input: GatewayPayment & { expiresAt: Date }) {
    const gatewayRef = `qr_${randomBase32(14)}`;
    const intent = new URLSearchParams({
      pa: SANDBOX_UPI_PAYEE,
      pn: 'Kilat Sandbox',
      tr: input.paymentRef,
      tn: `Loan repayment ${input.paymentRef}`,
      am: (input.amountMinor / 100).toFixed(2),
      cu: 'INR',
    });
    return { gatewayRef, intentUrl: `upi://pay?${intent.toString().replace(/\+/g, '%20')}` };
  }

  /** An e-wallet charge the borrower approves in the sandbox's wallet app: paid from /dev/payments (no checkout page). */
  async createEwalletCharge(_input: GatewayPayment & { channel: EwalletChannel }) {
    return { gatewayRef: `ewc_${randomBase32(20)}`, checkoutUrl: null };
  }

  /** A QRIS-shaped string naming the sandbox and the payment: enough to draw and to pay from /dev/payments, not a real merchant's code. */
  async createQrisCode(input: GatewayPayment & { expiresAt: Date }) {
    const gatewayRef = `qr_${randomBase32(20)}`;
    return { gatewayRef, qrString: `SANDBOX.QRIS.KILAT/${input.paymentRef}/${(input.amountMinor / 100).toFixed(0)}/${gatewayRef}` };
  }

  /** The sandbox keeps no code: a closed one is no longer listed as open, so /dev/payments cannot pay it. */
  async closeCode(_input: { gatewayRef: string; method: PaymentMethod; closesAt: Date }): Promise<void> {}

  /** The hosted page is ours (checkout-page.ts); it sends the borrower straight back to the loan's borrow detail. */
  async createCheckout(_input: GatewayPayment & { returnUrl: string; expiresAt: Date }) {
    const gatewayRef = `cs_${randomBase32(20)}`;
    return { gatewayRef, url: `/sandbox/checkout/${gatewayRef}` };
  }

  /** No gatewayRef: the debit never reached the sandbox. Otherwise the outcome the charge's id records. */
  async lookupPayment(input: { paymentRef: string; gatewayRef: string | null; method: PaymentMethod }): Promise<GatewayLookup> {
    if (input.gatewayRef?.startsWith(CHARGE_OK)) return 'succeeded';
    if (input.gatewayRef?.startsWith(CHARGE_NO)) return 'failed';
    return 'not_found';
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | MandateWebhookEvent | null {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    if (!verifySignature(this.secret, rawBody, headers[SIGNATURE_HEADER], nowSeconds)) return null;
    try {
      const body: unknown = JSON.parse(rawBody.toString('utf8'));
      const mandate = MandateEventSchema.safeParse(body);
      if (mandate.success) return mandate.data as MandateWebhookEvent;
      const parsed = WebhookEventSchema.safeParse(body);
      return parsed.success ? (parsed.data as WebhookEvent) : null;
    } catch {
      return null;
    }
  }

  /**
   * The payer answered a mandate's authorisation (the sandbox's page or /dev/payments): authorised
   * with a token that says how its debits end, or rejected; sent as the signed mandate event.
   */
  answerMandate(mandateRef: string, outcome: SandboxMandateOutcome): Promise<MandateWebhookEvent> {
    if (outcome === 'reject') return this.sendMandate('rejected', { mandateRef }, 'rejected_by_payer');
    return this.sendMandate('active', { mandateRef, tokenRef: `${MANDATE_TOKEN[outcome]}${randomBase32(16)}` });
  }

  /** A mandate's change from the payer's side (the UPI app paused or cancelled it), or its answer, signed and delivered. */
  async sendMandate(
    state: MandateEventState,
    refs: { mandateRef?: string; tokenRef?: string },
    failureReason?: string,
  ): Promise<MandateWebhookEvent> {
    if (!this.transport) throw new Error('the sandbox gateway is not connected to the webhook route');
    const event: MandateWebhookEvent = {
      mandate: {
        id: `evt_${randomBase32(24)}`,
        state,
        ...refs,
        occurredAt: this.clock.now().toISOString(),
        ...(failureReason ? { failureReason } : {}),
      },
    };
    const rawBody = JSON.stringify(event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const status = await this.transport(rawBody, {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(this.secret, rawBody, timestamp),
    });
    if (status < 200 || status >= 300) throw new Error(`the webhook route answered ${status} to the sandbox's mandate ${state}`);
    return event;
  }

  /** The money of a payment arrived (a bank transfer to the VA, cash at the till, the checkout's Pay). */
  settle(payment: SandboxPaymentRef): Promise<WebhookEvent> {
    return this.send('payment.succeeded', payment);
  }

  /** A UPI, e-wallet or QRIS app paid from the chosen payer: paid, pending (nothing changes yet) or declined (SandboxPayers). */
  payAs(payment: SandboxPaymentRef & { method: keyof typeof SandboxPayers }, payer: string): Promise<WebhookEvent> {
    const outcome = payerOutcomeOf(payment.method, payer);
    if (outcome === 'paid') return this.send('payment.succeeded', payment);
    if (outcome === 'pending') return this.send('payment.pending', payment);
    return this.send('payment.failed', payment, 'declined_by_payer');
  }

  /** Signs an event and delivers it to our webhook route; throws unless the route answers 2xx. */
  async send(type: WebhookEventType, payment: SandboxPaymentRef, failureReason?: string): Promise<WebhookEvent> {
    if (!this.transport) throw new Error('the sandbox gateway is not connected to the webhook route');
    const event: WebhookEvent = {
      id: `evt_${randomBase32(24)}`,
      type,
      gatewayRef: payment.gatewayRef ?? payment.publicId,
      paymentRef: payment.publicId,
      amountMinor: payment.amountMinor,
      occurredAt: this.clock.now().toISOString(),
      ...(failureReason ? { failureReason } : {}),
    };
    const rawBody = JSON.stringify(event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const status = await this.transport(rawBody, {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader(this.secret, rawBody, timestamp),
    });
    if (status < 200 || status >= 300) throw new Error(`the webhook route answered ${status} to the sandbox's ${type}`);
    return event;
  }
}
