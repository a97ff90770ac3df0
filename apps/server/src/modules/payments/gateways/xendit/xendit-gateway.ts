/**
 * Xendit, the real gateway for Indonesia (issue 16, decision 070). HTTP Basic auth with the
 * secret API key as the user name and an empty password against `https://api.xendit.co`.
 * Xendit's IDR amounts are whole rupiah while ours are sen: an amount is sent as minor / 100 and
 * one with sen is refused before anything is asked of Xendit.
 *
 * - Virtual accounts: closed, single-use fixed virtual accounts (`POST /callback_virtual_accounts`)
 *   for exactly the amount, expiring with our payment; `external_id` is our payment's public id.
 * - Mini markets: single-use fixed payment codes at ALFAMART or INDOMARET (`POST /fixed_payment_code`).
 * - The hosted checkout: an invoice (`POST /v2/invoices`), cards included, with 3-D Secure on
 *   Xendit's page. Cards are never bound by number (decision 070).
 * - E-wallets (issue 51, decision 241): a one-time charge (`POST /ewallets/charges`, checkout_method
 *   ONE_TIME_PAYMENT, channel ID_OVO with the borrower's mobile_number, or ID_DANA, ID_SHOPEEPAY,
 *   ID_LINKAJA with success_redirect_url); the borrower approves on the wallet's page or in its app.
 *   `ewallet.capture` SUCCEEDED posts, FAILED fails the payment.
 * - QRIS (issue 51): a dynamic QR code (`POST /qr_codes`, api-version 2022-07-31) for exactly the
 *   amount until our expiry; `qr.payment` SUCCEEDED posts.
 * - Callbacks carry the `x-callback-token` of the dashboard, compared in constant time. A fixed
 *   virtual account payment, a fixed payment code payment and an invoice PAID/SETTLED post;
 *   an invoice EXPIRED closes the payment; account created/updated notices are ignored.
 */
import { Limits, Market, ResultCode } from '@kilat/contract';
import { z } from 'zod';
import type { XenditSettings } from '../../../../config.js';
import type { PaymentMethod } from '../../../../db/schema.js';
import { AppError } from '../../../../http/app-error.js';
import type {
  EwalletChannel,
  GatewayLookup,
  GatewayPayment,
  IgnoredWebhook,
  PaymentGateway,
  TokenisedCard,
  WebhookEvent,
} from '../../ports.js';
import { absoluteUrl, cardsOnCheckoutOnly, expectOk, GatewayError, gatewayCall, methodUnavailable, sameSecret } from '../gateway-http.js';

export const XENDIT_GATEWAY = 'xendit';
export const XENDIT_TOKEN_HEADER = 'x-callback-token';

const SEN_PER_RUPIAH = 100;

export const amountNotWholeRupiah = () => new AppError(ResultCode.InvalidRequest, 'amountNotWholeRupiah', 400);

/** Our sen as Xendit's whole rupiah; a fraction of a rupiah cannot be asked for. */
export const toRupiah = (amountMinor: number): number => {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor % SEN_PER_RUPIAH !== 0) throw amountNotWholeRupiah();
  return amountMinor / SEN_PER_RUPIAH;
};

/** Xendit's rupiah (a JSON number) as our sen; null when it is not a whole positive rupiah amount. */
export const fromRupiah = (rupiah: number): number | null => (Number.isSafeInteger(rupiah) && rupiah > 0 ? rupiah * SEN_PER_RUPIAH : null);

const id = z.string().min(1).max(128);

/** A payment into a fixed virtual account. */
const VirtualAccountPaid = z.object({
  payment_id: id,
  callback_virtual_account_id: id,
  external_id: id,
  amount: z.number(),
  transaction_timestamp: z.string().max(64),
});

/** A payment of a fixed payment code at a mini market. */
const PaymentCodePaid = z.object({
  payment_id: id,
  fixed_payment_code_id: id,
  external_id: id,
  amount: z.number(),
  status: z.string(),
  transaction_timestamp: z.string().max(64),
});

/** An invoice that was paid (PAID, then SETTLED once the money lands) or expired. */
const InvoiceNotice = z.object({
  id,
  external_id: id,
  status: z.enum(['PAID', 'SETTLED', 'EXPIRED']),
  amount: z.number(),
  paid_amount: z.number().optional(),
  updated: z.string().max(64),
});

const InvoiceEntity = z.object({ id, status: z.string() });

/** Xendit's newer callbacks come in an envelope: the event's name and its object (e-wallet charge, QR payment). */
const EventEnvelope = z.object({
  event: z.string().max(64),
  created: z.string().max(64).optional(),
  data: z.record(z.string(), z.unknown()),
});

/** An e-wallet charge as `ewallet.capture` carries it (docs.xendit.co/ewallet, api-version 2021-04-12). */
const EwalletCharge = z.object({
  id,
  reference_id: id,
  status: z.string(),
  charge_amount: z.number(),
  capture_amount: z.number().nullish(),
  failure_code: z.string().nullish(),
  updated: z.string().max(64).optional(),
});

/** A QRIS payment as `qr.payment` carries it (api-version 2022-07-31). */
const QrPayment = z.object({ id, qr_id: id, reference_id: id, amount: z.number(), status: z.string(), created: z.string().max(64) });

/** Our e-wallets as Xendit's channel codes. */
const EWALLET_CHANNEL: Record<EwalletChannel, string> = {
  OVO: 'ID_OVO',
  DANA: 'ID_DANA',
  SHOPEEPAY: 'ID_SHOPEEPAY',
  LINKAJA: 'ID_LINKAJA',
};
/** Xendit's QR codes API version the requests and callbacks are written for. */
const QR_API_VERSION = '2022-07-31';

export class XenditGateway implements PaymentGateway {
  readonly name = XENDIT_GATEWAY;

  constructor(private readonly settings: XenditSettings) {}

  private call(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, headers?: Record<string, string>) {
    const { secretKey, apiBase } = this.settings;
    return gatewayCall({ gateway: this.name, apiBase, basicAuth: `${secretKey}:`, method, path, body, ...(headers ? { headers } : {}) });
  }

  /**
   * A one-time e-wallet charge (`POST /ewallets/charges`): OVO asks in its app (mobile_number, E.164),
   * the others on their page (actions: the mobile web page first, then the app's deep link, then the desktop page).
   */
  async createEwalletCharge(
    input: GatewayPayment & { channel: EwalletChannel; mobileNumber: string | null; returnUrl: string; expiresAt: Date },
  ): Promise<{ gatewayRef: string; checkoutUrl: string | null }> {
    if (input.market !== Market.Indonesia) throw methodUnavailable();
    const channelProperties =
      input.channel === 'OVO'
        ? { mobile_number: input.mobileNumber }
        : { success_redirect_url: absoluteUrl(this.settings.publicBaseUrl, input.returnUrl) };
    const charge = expectOk(
      this.name,
      'create e-wallet charge',
      await this.call('POST', '/ewallets/charges', {
        reference_id: input.paymentRef,
        currency: 'IDR',
        amount: toRupiah(input.amountMinor),
        checkout_method: 'ONE_TIME_PAYMENT',
        channel_code: EWALLET_CHANNEL[input.channel],
        channel_properties: channelProperties,
        metadata: { payment_ref: input.paymentRef },
      }),
    );
    const parsed = z
      .object({
        id,
        actions: z
          .object({
            desktop_web_checkout_url: z.string().nullish(),
            mobile_web_checkout_url: z.string().nullish(),
            mobile_deeplink_checkout_url: z.string().nullish(),
          })
          .nullish(),
      })
      .safeParse(charge);
    if (!parsed.success) throw new GatewayError(this.name, 502, 'the e-wallet charge came back without its id');
    const actions = parsed.data.actions;
    const checkoutUrl =
      actions?.mobile_web_checkout_url ?? actions?.mobile_deeplink_checkout_url ?? actions?.desktop_web_checkout_url ?? null;
    if (input.channel !== 'OVO' && !checkoutUrl)
      throw new GatewayError(this.name, 502, 'the e-wallet charge came back without a checkout URL');
    return { gatewayRef: parsed.data.id, checkoutUrl };
  }

  /** A dynamic QRIS code (`POST /qr_codes`, api-version 2022-07-31) for exactly the amount until our expiry. */
  async createQrisCode(input: GatewayPayment & { expiresAt: Date }): Promise<{ gatewayRef: string; qrString: string }> {
    if (input.market !== Market.Indonesia) throw methodUnavailable();
    const code = expectOk(
      this.name,
      'create QR code',
      await this.call(
        'POST',
        '/qr_codes',
        {
          reference_id: input.paymentRef,
          type: 'DYNAMIC',
          currency: 'IDR',
          amount: toRupiah(input.amountMinor),
          expires_at: input.expiresAt.toISOString(),
          metadata: { payment_ref: input.paymentRef },
        },
        { 'api-version': QR_API_VERSION },
      ),
    );
    const parsed = z.object({ id, qr_string: z.string().min(1).max(1024) }).safeParse(code);
    if (!parsed.success) throw new GatewayError(this.name, 502, 'the QR code came back without id or qr_string');
    return { gatewayRef: parsed.data.id, qrString: parsed.data.qr_string };
  }

  async tokeniseCard(_input: { market: Market; cardNo: string; holderName: string; bankCode: string }): Promise<TokenisedCard> {
    throw cardsOnCheckoutOnly();
  }

  /** Never reached: no card is bound with Xendit (tokeniseCard refuses), cards are paid on the invoice. */
  async debitCard(_input: GatewayPayment & { cardToken: string }): Promise<{ gatewayRef: string }> {
    throw cardsOnCheckoutOnly();
  }

  async createVirtualAccount(input: GatewayPayment & { bankCode: string; expiresAt: Date }) {
    if (input.market !== Market.Indonesia) throw methodUnavailable();
    const account = expectOk(
      this.name,
      'create fixed virtual account',
      await this.call('POST', '/callback_virtual_accounts', {
        external_id: input.paymentRef,
        bank_code: input.bankCode,
        name: this.settings.merchantName,
        is_closed: true,
        expected_amount: toRupiah(input.amountMinor),
        is_single_use: true,
        expiration_date: input.expiresAt.toISOString(),
      }),
    );
    const parsed = z.object({ id, account_number: z.string().regex(/^\d{6,32}$/) }).safeParse(account);
    if (!parsed.success) throw new GatewayError(this.name, 200, 'the virtual account came back without id or account_number');
    return { gatewayRef: parsed.data.id, accountNumber: parsed.data.account_number };
  }

  async createMiniMarketCode(input: GatewayPayment & { marketCode: string; expiresAt: Date }) {
    if (input.market !== Market.Indonesia || !['ALFAMART', 'INDOMARET'].includes(input.marketCode)) throw methodUnavailable();
    if (input.amountMinor > Limits.miniMarketMaxMinor) throw methodUnavailable();
    const code = expectOk(
      this.name,
      'create fixed payment code',
      await this.call('POST', '/fixed_payment_code', {
        external_id: input.paymentRef,
        retail_outlet_name: input.marketCode,
        name: this.settings.merchantName,
        expected_amount: toRupiah(input.amountMinor),
        is_single_use: true,
        expiration_date: input.expiresAt.toISOString(),
      }),
    );
    const parsed = z.object({ id, payment_code: z.string().min(1).max(64) }).safeParse(code);
    if (!parsed.success) throw new GatewayError(this.name, 200, 'the payment code came back without id or payment_code');
    return { gatewayRef: parsed.data.id, paymentCode: parsed.data.payment_code };
  }

  /** UPI is India's (issue 51): Xendit never opens one. */
  async createUpiCode(_input: GatewayPayment & { expiresAt: Date }): Promise<never> {
    throw methodUnavailable();
  }

  /**
   * Closes a fixed virtual account or fixed payment code by moving its `expiration_date` to now
   * (`PATCH /callback_virtual_accounts/{id}`, `PATCH /fixed_payment_code/{id}`): Xendit refuses a
   * payment into an expired one (issue 48). Xendit documents no way to cancel a pending one-time
   * e-wallet charge or a dynamic QRIS code: both end at their own expiry, so only Kilat's payment is
   * closed (decision 241).
   */
  async closeCode(input: { gatewayRef: string; method: PaymentMethod; closesAt: Date }): Promise<void> {
    if (input.method !== 'virtual_account' && input.method !== 'mini_market') return;
    const ref = encodeURIComponent(input.gatewayRef);
    const path = input.method === 'virtual_account' ? `/callback_virtual_accounts/${ref}` : `/fixed_payment_code/${ref}`;
    const what = input.method === 'virtual_account' ? 'expire fixed virtual account' : 'expire fixed payment code';
    expectOk(this.name, what, await this.call('PATCH', path, { expiration_date: input.closesAt.toISOString() }));
  }

  async createCheckout(input: GatewayPayment & { returnUrl: string; expiresAt: Date }) {
    if (input.market !== Market.Indonesia) throw methodUnavailable();
    const back = absoluteUrl(this.settings.publicBaseUrl, input.returnUrl);
    const invoice = expectOk(
      this.name,
      'create invoice',
      await this.call('POST', '/v2/invoices', {
        external_id: input.paymentRef,
        amount: toRupiah(input.amountMinor),
        currency: 'IDR',
        description: `Kilat loan repayment ${input.paymentRef}`,
        // seconds the invoice stays payable; Xendit takes at least one
        invoice_duration: Math.max(1, Math.floor((input.expiresAt.getTime() - Date.now()) / 1000)),
        success_redirect_url: back,
        failure_redirect_url: back,
      }),
    );
    const parsed = z.object({ id, invoice_url: z.url() }).safeParse(invoice);
    if (!parsed.success) throw new GatewayError(this.name, 200, 'the invoice came back without id or invoice_url');
    return { gatewayRef: parsed.data.id, url: parsed.data.invoice_url };
  }

  /**
   * What Xendit says of a payment: an invoice by its status; a payment code by its payments;
   * a virtual account only exists or not (its payments are known by callback alone), so an
   * existing one is 'pending'.
   */
  async lookupPayment(input: { paymentRef: string; gatewayRef: string | null; method: PaymentMethod }): Promise<GatewayLookup> {
    if (!input.gatewayRef || input.method === 'card') return 'not_found';
    const ref = encodeURIComponent(input.gatewayRef);
    if (input.method === 'checkout') {
      const answer = await this.call('GET', `/v2/invoices/${ref}`);
      if (answer.status === 404) return 'not_found';
      const invoice = InvoiceEntity.parse(expectOk(this.name, 'get invoice', answer));
      if (invoice.status === 'PAID' || invoice.status === 'SETTLED') return 'succeeded';
      if (invoice.status === 'EXPIRED') return 'failed';
      return 'pending';
    }
    if (input.method === 'mini_market') {
      const answer = await this.call('GET', `/fixed_payment_code/${ref}/payments`);
      if (answer.status === 404) return 'not_found';
      const { data } = z
        .object({ data: z.array(z.object({ status: z.string() })) })
        .parse(expectOk(this.name, 'get fixed payment code payments', answer));
      return data.some((payment) => payment.status === 'COMPLETED' || payment.status === 'SETTLING') ? 'succeeded' : 'pending';
    }
    if (input.method === 'ewallet') {
      // GET /ewallets/charges/:id (xendit-go's GetEWalletChargeStatus)
      const answer = await this.call('GET', `/ewallets/charges/${ref}`);
      if (answer.status === 404) return 'not_found';
      const charge = z.object({ status: z.string() }).parse(expectOk(this.name, 'get e-wallet charge', answer));
      if (charge.status === 'SUCCEEDED') return 'succeeded';
      if (charge.status === 'FAILED' || charge.status === 'VOIDED') return 'failed';
      return 'pending';
    }
    // a QRIS code's payments are known by callback alone, as a virtual account's; the clean-up job closes it at its expiry
    if (input.method === 'qris') return 'pending';
    const answer = await this.call('GET', `/callback_virtual_accounts/${ref}`);
    if (answer.status === 404) return 'not_found';
    expectOk(this.name, 'get fixed virtual account', answer);
    return 'pending';
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent | IgnoredWebhook | null {
    if (!sameSecret(headers[XENDIT_TOKEN_HEADER], this.settings.callbackToken)) return null;
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { ignored: 'not JSON' };
    }
    const envelope = EventEnvelope.safeParse(body);
    if (envelope.success) return this.eventOf(envelope.data);
    const va = VirtualAccountPaid.safeParse(body);
    if (va.success) {
      return this.paid(
        `fva:${va.data.payment_id}`,
        va.data.callback_virtual_account_id,
        va.data.external_id,
        va.data.amount,
        va.data.transaction_timestamp,
      );
    }
    const code = PaymentCodePaid.safeParse(body);
    if (code.success) {
      const { data } = code;
      if (data.status !== 'COMPLETED' && data.status !== 'SETTLING') return { ignored: `xendit payment code payment ${data.status}` };
      return this.paid(`fpc:${data.payment_id}`, data.fixed_payment_code_id, data.external_id, data.amount, data.transaction_timestamp);
    }
    const invoice = InvoiceNotice.safeParse(body);
    if (invoice.success) {
      const { data } = invoice;
      if (data.status === 'EXPIRED') {
        const amountMinor = fromRupiah(data.amount);
        if (amountMinor === null) return { ignored: 'xendit invoice with an amount that is not whole rupiah' };
        return {
          id: `invoice:${data.id}:EXPIRED`,
          type: 'payment.expired',
          gatewayRef: data.id,
          paymentRef: data.external_id,
          amountMinor,
          occurredAt: data.updated,
          failureReason: 'expired',
        };
      }
      // PAID and then SETTLED: both say the money came; the second finds the payment paid and changes nothing
      return this.paid(`invoice:${data.id}:${data.status}`, data.id, data.external_id, data.paid_amount ?? data.amount, data.updated);
    }
    return { ignored: 'a xendit notice that moves no payment (an account created or updated)' };
  }

  /** An e-wallet capture or a QRIS payment; other envelope events move no payment of ours. */
  private eventOf(envelope: z.infer<typeof EventEnvelope>): WebhookEvent | IgnoredWebhook {
    if (envelope.event === 'ewallet.capture') {
      const charge = EwalletCharge.safeParse(envelope.data);
      if (!charge.success) return { ignored: 'xendit ewallet.capture of a shape we do not know' };
      const { data } = charge;
      const occurredAt = data.updated ?? envelope.created ?? new Date().toISOString();
      if (data.status === 'SUCCEEDED') {
        return this.paid(`ewallet:${data.id}:SUCCEEDED`, data.id, data.reference_id, data.capture_amount ?? data.charge_amount, occurredAt);
      }
      if (data.status !== 'FAILED') return { ignored: `xendit e-wallet charge ${data.status}` };
      const amountMinor = fromRupiah(data.charge_amount);
      if (amountMinor === null) return { ignored: 'xendit e-wallet charge with an amount that is not whole rupiah' };
      return {
        id: `ewallet:${data.id}:FAILED`,
        type: 'payment.failed',
        gatewayRef: data.id,
        paymentRef: data.reference_id,
        amountMinor,
        occurredAt,
        failureReason: data.failure_code ?? 'failed',
      };
    }
    if (envelope.event === 'qr.payment') {
      const payment = QrPayment.safeParse(envelope.data);
      if (!payment.success) return { ignored: 'xendit qr.payment of a shape we do not know' };
      const { data } = payment;
      if (data.status !== 'SUCCEEDED') return { ignored: `xendit QR payment ${data.status}` };
      return this.paid(`qr:${data.id}`, data.qr_id, data.reference_id, data.amount, data.created);
    }
    return { ignored: `xendit ${envelope.event}` };
  }

  private paid(eventId: string, gatewayRef: string, paymentRef: string, rupiah: number, occurredAt: string): WebhookEvent | IgnoredWebhook {
    const amountMinor = fromRupiah(rupiah);
    if (amountMinor === null) return { ignored: `xendit ${eventId} with an amount that is not whole rupiah` };
    return { id: eventId, type: 'payment.succeeded', gatewayRef, paymentRef, amountMinor, occurredAt };
  }
}
