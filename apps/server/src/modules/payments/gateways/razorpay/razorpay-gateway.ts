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
 * - India repays by card or checkout (spec §2): virtual accounts and mini-market codes are refused.
 * - Webhooks: `X-Razorpay-Signature` is the hex HMAC-SHA256 of the raw body keyed with the webhook
 *   secret. payment_link.paid posts; payment_link.expired and .cancelled close the payment; a
 *   failed attempt on a link (payment.failed) leaves it payable, so it is ignored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Market } from '@kilat/contract';
import { z } from 'zod';
import type { RazorpaySettings } from '../../../../config.js';
import type { PaymentMethod } from '../../../../db/schema.js';
import type { GatewayLookup, GatewayPayment, IgnoredWebhook, PaymentGateway, TokenisedCard, WebhookEvent } from '../../ports.js';
import { absoluteUrl, cardsOnCheckoutOnly, expectOk, gatewayCall, methodUnavailable } from '../gateway-http.js';

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

const RazorpayEvent = z.object({
  entity: z.literal('event'),
  event: z.string().max(64),
  created_at: z.number().int(),
  payload: z.object({
    payment_link: z.object({ entity: PaymentLinkEntity }).optional(),
    payment: z.object({ entity: z.object({ id: z.string(), error_reason: z.string().nullish() }) }).optional(),
  }),
});

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

  constructor(private readonly settings: RazorpaySettings) {}

  private call(method: 'GET' | 'POST', path: string, body?: unknown) {
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

  /** India opens no virtual account or mini-market code (its codes are refused above): there is none to close. */
  async closeCode(_input: { gatewayRef: string; method: 'virtual_account' | 'mini_market'; closesAt: Date }): Promise<void> {
    throw methodUnavailable();
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

  /** The payment link's status (`GET /v1/payment_links/:id`); nothing else is ever sent to Razorpay. */
  async lookupPayment(input: { paymentRef: string; gatewayRef: string | null; method: PaymentMethod }): Promise<GatewayLookup> {
    if (!input.gatewayRef || input.method !== 'checkout') return 'not_found';
    const answer = await this.call('GET', `/v1/payment_links/${encodeURIComponent(input.gatewayRef)}`);
    if (answer.status === 404 || (answer.status === 400 && /does not exist/i.test(JSON.stringify(answer.body)))) return 'not_found';
    const link = PaymentLinkEntity.parse(expectOk(this.name, 'fetch payment link', answer));
    if (link.status === 'paid') return 'succeeded';
    if (link.status === 'expired' || link.status === 'cancelled') return 'failed';
    return 'pending';
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | IgnoredWebhook | null {
    if (!razorpaySignatureHolds(this.settings.webhookSecret, rawBody, headers[RAZORPAY_SIGNATURE_HEADER])) return null;
    let parsed: z.infer<typeof RazorpayEvent>;
    try {
      const result = RazorpayEvent.safeParse(JSON.parse(rawBody.toString('utf8')));
      if (!result.success) return { ignored: 'not a Razorpay event we know the shape of' };
      parsed = result.data;
    } catch {
      return { ignored: 'not JSON' };
    }
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
