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
 * - Callbacks carry the `x-callback-token` of the dashboard, compared in constant time. A fixed
 *   virtual account payment, a fixed payment code payment and an invoice PAID/SETTLED post;
 *   an invoice EXPIRED closes the payment; account created/updated notices are ignored.
 */
import { Limits, Market, ResultCode } from '@kilat/contract';
import { z } from 'zod';
import type { XenditSettings } from '../../../../config.js';
import type { PaymentMethod } from '../../../../db/schema.js';
import { AppError } from '../../../../http/app-error.js';
import type { GatewayLookup, GatewayPayment, IgnoredWebhook, PaymentGateway, TokenisedCard, WebhookEvent } from '../../ports.js';
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

export class XenditGateway implements PaymentGateway {
  readonly name = XENDIT_GATEWAY;

  constructor(private readonly settings: XenditSettings) {}

  private call(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown) {
    const { secretKey, apiBase } = this.settings;
    return gatewayCall({ gateway: this.name, apiBase, basicAuth: `${secretKey}:`, method, path, body });
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

  /**
   * Closes a fixed virtual account or fixed payment code by moving its `expiration_date` to now
   * (`PATCH /callback_virtual_accounts/{id}`, `PATCH /fixed_payment_code/{id}`): Xendit refuses a
   * payment into an expired one.
   */
  async closeCode(input: { gatewayRef: string; method: 'virtual_account' | 'mini_market'; closesAt: Date }): Promise<void> {
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

  private paid(eventId: string, gatewayRef: string, paymentRef: string, rupiah: number, occurredAt: string): WebhookEvent | IgnoredWebhook {
    const amountMinor = fromRupiah(rupiah);
    if (amountMinor === null) return { ignored: `xendit ${eventId} with an amount that is not whole rupiah` };
    return { id: eventId, type: 'payment.succeeded', gatewayRef, paymentRef, amountMinor, occurredAt };
  }
}
