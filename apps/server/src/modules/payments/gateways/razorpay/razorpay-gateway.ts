/**
 * Razorpay, the real gateway for India (issue 16, decision 070). HTTP Basic auth with the key id
 * and key secret against `https://api.razorpay.com`; amounts in paise, which are our minor units.
 *
 * - The hosted checkout is a Standard Payment Link (`POST /v1/payment_links`): our payment's
 *   public id is its `reference_id` (unique per link at Razorpay, so a retried create cannot make
 *   a second link), partial payments off, Razorpay's own SMS and e-mail off (Kilat tells the
 *   borrower), expiring with our payment, and the borrower sent back to the loan's borrow detail.
 *   Cards, UPI and net banking are paid there, with the bank's own authentication.
 * - Cards are not bound by number: India's card-on-file rules let only networks and issuers keep a
 *   card, with the cardholder's consent and authentication on Razorpay's page (decision 070).
 * - Pay by UPI (issue 51, decision 240) is a single-use, fixed-amount UPI QR code
 *   (`POST /v1/payments/qr_codes`, type upi_qr) with our payment's public id in its notes; its
 *   `image_content` is the upi://pay… intent the QR encodes, which a phone opens in its UPI app.
 *   Razorpay returns image_content only on accounts where that feature is enabled: without it the
 *   call fails rather than show a code the page cannot open. `qr_code.credited` posts (the payment's
 *   amount); `qr_code.closed` (only sent for a code closed on demand) closes the payment.
 * - India repays by card, checkout or UPI: virtual accounts and mini-market codes are refused.
 * - AutoPay (issue 51 item 2): UPI AutoPay / e-NACH mandates and their debits, razorpay-mandates.ts.
 * - Webhooks: `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw body keyed with the webhook
 *   secret. payment_link.paid posts; payment_link.expired and .cancelled close the payment; a
 *   failed attempt on a link (payment.failed) leaves it payable, so it is ignored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Market } from '@kilat/contract';
import { z } from 'zod';
import type { RazorpaySettings } from '../../../../config.js';
import type { PaymentMethod } from '../../../../db/schema.js';
import type {
  GatewayLookup,
  GatewayPayment,
  IgnoredWebhook,
  MandateGateway,
  MandateWebhookEvent,
  PaymentGateway,
  TokenisedCard,
  WebhookEvent,
} from '../../ports.js';
import { absoluteUrl, cardsOnCheckoutOnly, expectOk, GatewayError, gatewayCall, methodUnavailable } from '../gateway-http.js';
import { razorpayMandateEvent, razorpayMandates } from './razorpay-mandates.js';

export const RAZORPAY_GATEWAY = 'razorpay';
export const RAZORPAY_SIGNATURE_HEADER = 'x-razorpay-signature';

/** Razorpay refuses an expiry less than 15 minutes ahead. */
const MIN_LINK_LIFETIME_SECONDS = 16 * 60;

const PaymentLinkEntity = z.object({
  id: z.string().min(1).max(64),
  amount: z.number().int().nonnegative(),
  amount_paid: z.number().int().nonnegative().optional(),
  reference_id: z.string().max(128).nullish(),
  status: z.string(),
});

/** The QR Code entity (razorpay.com/docs/api/qr-codes/image-content/entity): ours carries the payment's public id in its notes. */
const QrCodeEntity = z.object({
  id: z.string().min(1).max(64),
  status: z.string(),
  payment_amount: z.number().int().nullish(),
  payments_amount_received: z.number().int().nonnegative().optional(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
  close_reason: z.string().nullish(),
  image_content: z.string().nullish(),
});

const RazorpayEvent = z.object({
  entity: z.literal('event'),
  event: z.string().max(64),
  created_at: z.number().int(),
  payload: z.object({
    payment_link: z.object({ entity: PaymentLinkEntity }).optional(),
    qr_code: z.object({ entity: QrCodeEntity }).optional(),
    payment: z
      .object({
        entity: z.object({ id: z.string(), amount: z.number().int().optional(), error_reason: z.string().nullish() }).passthrough(),
      })
      .optional(),
    // AutoPay's token.* events (razorpay-mandates.ts)
    token: z.object({ entity: z.unknown() }).optional(),
  }),
});

/** Our payment's public id, kept in a QR code's notes. */
const paymentRefOfQr = (qr: z.infer<typeof QrCodeEntity>): string | null => {
  const ref = qr.notes && !Array.isArray(qr.notes) ? qr.notes.payment_ref : undefined;
  return typeof ref === 'string' && ref.length > 0 ? ref : null;
};

/** True when the header is the hex HMAC-SHA256 of the raw body keyed with the webhook secret (constant time). */
export const razorpaySignatureHolds = (secret: string, rawBody: Buffer, header: string | string[] | undefined): boolean => {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(header, 'hex'), expected);
};

const LINK_OUTCOME: Record<string, WebhookEvent['type']> = {
  'payment_link.paid': 'payment.succeeded',
  'payment_link.expired': 'payment.expired',
  'payment_link.cancelled': 'payment.failed',
};

export class RazorpayGateway implements PaymentGateway {
  readonly name = RAZORPAY_GATEWAY;

  /** India's AutoPay (issue 51 item 2): registration links, debit orders with their notice, recurring payments, token cancel */
  readonly mandates: MandateGateway;

  constructor(private readonly settings: RazorpaySettings) {
    this.mandates = razorpayMandates(this.name, (method, path, body) => this.call(method, path, body));
  }

  private call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const { keyId, keySecret, apiBase } = this.settings;
    return gatewayCall({ gateway: this.name, apiBase, basicAuth: `${keyId}:${keySecret}`, method, path, body });
  }

  async tokeniseCard(_input: { market: Market; cardNo: string; holderName: string; bankCode: string }): Promise<TokenisedCard> {
    throw cardsOnCheckoutOnly();
  }

  /** Never reached: no card is bound with Razorpay (tokeniseCard refuses), cards are paid on the payment link. */
  async debitCard(_input: GatewayPayment & { cardToken: string }): Promise<{ gatewayRef: string }> {
    throw cardsOnCheckoutOnly();
  }

  async createVirtualAccount(_input: GatewayPayment & { bankCode: string; expiresAt: Date }): Promise<never> {
    throw methodUnavailable();
  }

  async createMiniMarketCode(_input: GatewayPayment & { marketCode: string; expiresAt: Date }): Promise<never> {
    throw methodUnavailable();
  }

  /** A single-use UPI QR code for exactly the amount (razorpay.com/docs/api/qr-codes/image-content/create). */
  async createUpiCode(input: GatewayPayment & { expiresAt: Date }): Promise<{ gatewayRef: string; intentUrl: string }> {
    if (input.market !== Market.India) throw methodUnavailable();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const wanted = Math.floor(input.expiresAt.getTime() / 1000);
    const code = expectOk(
      this.name,
      'create QR code',
      await this.call('POST', '/v1/payments/qr_codes', {
        type: 'upi_qr',
        name: 'Kilat',
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: input.amountMinor,
        description: `Kilat loan repayment ${input.paymentRef}`,
        // Razorpay refuses a close_by less than 15 minutes ahead
        close_by: Math.max(wanted, nowSeconds + MIN_LINK_LIFETIME_SECONDS),
        notes: { payment_ref: input.paymentRef },
      }),
    );
    const parsed = QrCodeEntity.safeParse(code);
    if (!parsed.success) throw new GatewayError(this.name, 502, 'the QR code came back without its id');
    const intentUrl = parsed.data.image_content;
    if (!intentUrl?.startsWith('upi://pay?')) {
      throw new GatewayError(this.name, 502, 'the QR code came back without image_content (ask Razorpay to enable QR image content)');
    }
    return { gatewayRef: parsed.data.id, intentUrl };
  }

  /** E-wallets and QRIS are Indonesia's (issue 51): Razorpay never opens one. */
  async createEwalletCharge(_input: GatewayPayment): Promise<never> {
    throw methodUnavailable();
  }

  async createQrisCode(_input: GatewayPayment): Promise<never> {
    throw methodUnavailable();
  }

  /**
   * `POST /v1/payments/qr_codes/:id/close` (razorpay.com/docs/api/qr-codes/image-content/close). A
   * refusal is checked against the code itself: one already closed (paid a moment ago, or past its
   * close_by) takes no more money, which is all closing is for.
   */
  async closeCode(input: { gatewayRef: string; method: PaymentMethod; closesAt: Date }): Promise<void> {
    // India opens no virtual account or mini-market code (refused above): only a UPI code is Razorpay's to close
    if (input.method !== 'upi') return;
    const path = `/v1/payments/qr_codes/${encodeURIComponent(input.gatewayRef)}`;
    const answer = await this.call('POST', `${path}/close`);
    if (answer.status >= 200 && answer.status < 300) return;
    const code = QrCodeEntity.safeParse((await this.call('GET', path)).body);
    if (code.success && code.data.status === 'closed') return;
    expectOk(this.name, 'close QR code', answer);
  }

  async createCheckout(input: GatewayPayment & { returnUrl: string; expiresAt: Date }): Promise<{ gatewayRef: string; url: string }> {
    if (input.market !== Market.India) throw methodUnavailable();
    const nowSeconds = Math.floor(Date.now() / 1000);
    const wanted = Math.floor(input.expiresAt.getTime() / 1000);
    const link = expectOk(
      this.name,
      'create payment link',
      await this.call('POST', '/v1/payment_links', {
        amount: input.amountMinor,
        currency: 'INR',
        accept_partial: false,
        reference_id: input.paymentRef,
        description: `Kilat loan repayment ${input.paymentRef}`,
        expire_by: Math.max(wanted, nowSeconds + MIN_LINK_LIFETIME_SECONDS),
        reminder_enable: false,
        notify: { sms: false, email: false },
        notes: { payment_ref: input.paymentRef },
        callback_url: absoluteUrl(this.settings.publicBaseUrl, input.returnUrl),
        callback_method: 'get',
      }),
    );
    const parsed = z.object({ id: z.string().min(1), short_url: z.url() }).safeParse(link);
    if (!parsed.success) throw new Error('razorpay: the payment link came back without id or short_url');
    return { gatewayRef: parsed.data.id, url: parsed.data.short_url };
  }

  /** The payment link's status (`GET /v1/payment_links/:id`), or the UPI QR code's (`GET /v1/payments/qr_codes/:id`). */
  async lookupPayment(input: { paymentRef: string; gatewayRef: string | null; method: PaymentMethod }): Promise<GatewayLookup> {
    if (input.gatewayRef && input.method === 'upi') return this.lookupQrCode(input.gatewayRef);
    if (input.gatewayRef && input.method === 'autopay') return this.lookupDebitOrder(input.gatewayRef);
    if (!input.gatewayRef || input.method !== 'checkout') return 'not_found';
    const answer = await this.call('GET', `/v1/payment_links/${encodeURIComponent(input.gatewayRef)}`);
    if (answer.status === 404 || (answer.status === 400 && /does not exist/i.test(JSON.stringify(answer.body)))) return 'not_found';
    const link = PaymentLinkEntity.parse(expectOk(this.name, 'fetch payment link', answer));
    if (link.status === 'paid') return 'succeeded';
    if (link.status === 'expired' || link.status === 'cancelled') return 'failed';
    return 'pending';
  }

  /** An AutoPay debit's order (`GET /v1/orders/:id`): paid once its recurring payment is captured; its failure comes by webhook. */
  private async lookupDebitOrder(gatewayRef: string): Promise<GatewayLookup> {
    const answer = await this.call('GET', `/v1/orders/${encodeURIComponent(gatewayRef)}`);
    if (answer.status === 404 || (answer.status === 400 && /does not exist/i.test(JSON.stringify(answer.body)))) return 'not_found';
    const order = z.object({ status: z.string() }).parse(expectOk(this.name, 'fetch order', answer));
    return order.status === 'paid' ? 'succeeded' : 'pending';
  }

  /** A single-use code closes itself once paid (close_reason 'paid'); closed otherwise it took nothing. */
  private async lookupQrCode(gatewayRef: string): Promise<GatewayLookup> {
    const answer = await this.call('GET', `/v1/payments/qr_codes/${encodeURIComponent(gatewayRef)}`);
    if (answer.status === 404 || (answer.status === 400 && /does not exist/i.test(JSON.stringify(answer.body)))) return 'not_found';
    const code = QrCodeEntity.parse(expectOk(this.name, 'fetch QR code', answer));
    if (code.status === 'active') return 'pending';
    return code.close_reason === 'paid' || (code.payments_amount_received ?? 0) > 0 ? 'succeeded' : 'failed';
  }

  /** A UPI QR code's event: credited posts the payment's amount; closed on demand closes our payment. */
  private qrCodeEvent(parsed: z.infer<typeof RazorpayEvent>): WebhookEvent | IgnoredWebhook {
    const qr = parsed.payload.qr_code?.entity;
    const paymentRef = qr && paymentRefOfQr(qr);
    if (!qr || !paymentRef) return { ignored: `razorpay ${parsed.event} of a QR code without our reference` };
    const occurredAt = new Date(parsed.created_at * 1000).toISOString();
    if (parsed.event === 'qr_code.credited') {
      const paid = parsed.payload.payment?.entity;
      if (!paid || paid.amount === undefined) return { ignored: 'razorpay qr_code.credited without its payment' };
      // one event per UPI payment: a redelivery has the same id and stops at the event key
      return {
        id: `qr_code.credited:${paid.id}`,
        type: 'payment.succeeded',
        gatewayRef: qr.id,
        paymentRef,
        amountMinor: paid.amount,
        occurredAt,
      };
    }
    // a single-use code closes itself once paid; its credited event posts it
    if (qr.close_reason === 'paid') return { ignored: 'razorpay qr_code.closed after its payment' };
    return {
      id: `qr_code.closed:${qr.id}`,
      type: 'payment.expired',
      gatewayRef: qr.id,
      paymentRef,
      amountMinor: qr.payment_amount ?? 0,
      occurredAt,
      failureReason: qr.close_reason ?? 'closed',
    };
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): WebhookEvent | MandateWebhookEvent | IgnoredWebhook | null {
    if (!razorpaySignatureHolds(this.settings.webhookSecret, rawBody, headers[RAZORPAY_SIGNATURE_HEADER])) return null;
    let parsed: z.infer<typeof RazorpayEvent>;
    try {
      const result = RazorpayEvent.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!result.success) return { ignored: 'not a Razorpay event we know the shape of' };
      parsed = result.data;
    } catch {
      return { ignored: 'not JSON' };
    }
    if (parsed.event === 'qr_code.credited' || parsed.event === 'qr_code.closed') return this.qrCodeEvent(parsed);
    // AutoPay: a debit's outcome, a registration's token, or the token's new state (null: not AutoPay's)
    const autopay = razorpayMandateEvent(parsed.event, parsed.created_at, parsed.payload);
    if (autopay) return autopay;
    const type = LINK_OUTCOME[parsed.event];
    const link = parsed.payload.payment_link?.entity;
    if (!type || !link) return { ignored: `razorpay ${parsed.event}` };
    if (!link.reference_id) return { ignored: `razorpay ${parsed.event} of a link without our reference` };
    return {
      // one event per link and outcome: a redelivery has the same id, so it stops at the event key
      id: `${parsed.event}:${link.id}`,
      type,
      gatewayRef: link.id,
      paymentRef: link.reference_id,
      amountMinor: type === 'payment.succeeded' ? (link.amount_paid ?? link.amount) : link.amount,
      occurredAt: new Date(parsed.created_at * 1000).toISOString(),
      ...(type === 'payment.succeeded' ? {} : { failureReason: parsed.event === 'payment_link.expired' ? 'expired' : 'cancelled' }),
    };
  }
}
