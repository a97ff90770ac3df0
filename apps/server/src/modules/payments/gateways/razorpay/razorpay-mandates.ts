/**
 * Razorpay's recurring payments for India's AutoPay (issue 51 item 2, decisions 242–244), as its
 * documentation names every field:
 *
 * - **Registration**: a registration link, `POST /v1/subscription_registration/auth_links` with
 *   `type: link`, `amount: 0`, the customer, and `subscription_registration` { `method` upi|emandate,
 *   `max_amount` (paise), `expire_at` (Unix seconds), `frequency: as_presented` for UPI }; it answers
 *   the invoice `id`, `customer_id`, `order_id` (the authorisation order) and `short_url`, where the
 *   borrower approves the mandate in their UPI app or bank. Razorpay's own SMS and e-mail are off:
 *   Kilat sends the borrower there from loan details.
 * - **Its token** arrives with the authorisation payment's event (`payment.authorized` /
 *   `payment.captured` carry `order_id` and `token_id`); `token.confirmed`, `token.rejected`,
 *   `token.paused` and `token.cancelled` then move the mandate by its token id.
 * - **Each debit**: the day before, an order with the `notification` object { `token_id`,
 *   `payment_after` } (Razorpay sends the pre-debit notice to the payer's UPI app and retries
 *   nothing itself); on the due date, `POST /v1/payments/create/recurring` { `contact`, `amount`,
 *   `currency`, `order_id`, `customer_id`, `token`, `recurring: "1"`, `description`, `notes` } with
 *   our payment's public id in `notes.autopay_payment_ref`; `payment.captured` posts it and
 *   `payment.failed` fails it, like any payment.
 * - **Cancel**: `PUT /v1/customers/:customer_id/tokens/:token_id/cancel` (tokens initiated, confirmed
 *   or paused). Razorpay offers no merchant pause of a UPI mandate: Kilat's pause holds its own debits.
 */
import { z } from 'zod';
import type { IgnoredWebhook, MandateGateway, MandateWebhookEvent, WebhookEvent } from '../../ports.js';
import { expectOk, GatewayError, type gatewayCall } from '../gateway-http.js';

export const RAZORPAY_MANDATE_NOTE = 'autopay_payment_ref';

/** A registration link expires a week after it is made, if the borrower never opens it. */
const LINK_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

const AuthLink = z.object({
  id: z.string().min(1).max(64),
  customer_id: z.string().min(1).max(64).nullish(),
  order_id: z.string().min(1).max(64).nullish(),
  short_url: z.url(),
});

export const RazorpayPaymentEntity = z.object({
  id: z.string(),
  amount: z.number().int().optional(),
  order_id: z.string().nullish(),
  token_id: z.string().nullish(),
  error_reason: z.string().nullish(),
  error_description: z.string().nullish(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
});

export const RazorpayTokenEntity = z.object({
  id: z.string().min(1).max(64),
  recurring_details: z.object({ status: z.string().nullish(), failure_reason: z.string().nullish() }).nullish(),
});

const TOKEN_STATE: Record<string, MandateWebhookEvent['mandate']['state']> = {
  'token.confirmed': 'active',
  'token.rejected': 'rejected',
  'token.paused': 'paused',
  'token.cancelled': 'cancelled',
};

type Call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => ReturnType<typeof gatewayCall>;

export const razorpayMandates = (name: string, call: Call): MandateGateway => ({
  async createMandate(input) {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const registration =
      input.method === 'upi'
        ? {
            method: 'upi',
            max_amount: input.maxAmountMinor,
            expire_at: Math.floor(input.expiresAt.getTime() / 1000),
            frequency: 'as_presented',
          }
        : { method: 'emandate', max_amount: input.maxAmountMinor, expire_at: Math.floor(input.expiresAt.getTime() / 1000) };
    const link = expectOk(
      name,
      'create registration link',
      await call('POST', '/v1/subscription_registration/auth_links', {
        customer: {
          name: input.customer.name,
          contact: input.customer.contact,
          ...(input.customer.email ? { email: input.customer.email } : {}),
        },
        type: 'link',
        amount: 0,
        currency: 'INR',
        description: input.description,
        subscription_registration: registration,
        receipt: input.mandateRef,
        sms_notify: false,
        email_notify: false,
        expire_by: nowSeconds + LINK_LIFETIME_SECONDS,
        notes: { mandate_ref: input.mandateRef },
      }),
    );
    const parsed = AuthLink.safeParse(link);
    if (!parsed.success) throw new GatewayError(name, 502, 'the registration link came back without id or short_url');
    return {
      gatewayRef: parsed.data.id,
      authUrl: parsed.data.short_url,
      gatewayOrderRef: parsed.data.order_id ?? null,
      customerRef: parsed.data.customer_id ?? null,
    };
  },

  async cancelMandate(input) {
    if (!input.customerRef || !input.tokenRef) return;
    const path = `/v1/customers/${encodeURIComponent(input.customerRef)}/tokens/${encodeURIComponent(input.tokenRef)}/cancel`;
    expectOk(name, 'cancel token', await call('PUT', path));
  },

  async notifyDebit(input) {
    const order = expectOk(
      name,
      'create debit order',
      await call('POST', '/v1/orders', {
        amount: input.amountMinor,
        currency: 'INR',
        payment_capture: true,
        receipt: input.debitRef.slice(0, 40),
        notification: { token_id: input.tokenRef, payment_after: Math.floor(input.debitAfter.getTime() / 1000) },
        notes: { debit_ref: input.debitRef },
      }),
    );
    const id = z.object({ id: z.string().min(1).max(64) }).safeParse(order);
    if (!id.success) throw new GatewayError(name, 502, 'the debit order came back without its id');
    return { gatewayRef: id.data.id };
  },

  async debit(input) {
    // the order carries the notice: without it the debit would be Razorpay's own, 25 hours later
    if (!input.noticeRef) throw new GatewayError(name, 0, 'no debit order with its pre-debit notice');
    if (!input.customerRef) throw new GatewayError(name, 0, 'the mandate has no Razorpay customer');
    expectOk(
      name,
      'create recurring payment',
      await call('POST', '/v1/payments/create/recurring', {
        contact: input.customer.contact,
        ...(input.customer.email ? { email: input.customer.email } : {}),
        amount: input.amountMinor,
        currency: 'INR',
        order_id: input.noticeRef,
        customer_id: input.customerRef,
        token: input.tokenRef,
        recurring: '1',
        description: `Kilat loan instalment ${input.paymentRef}`,
        notes: { [RAZORPAY_MANDATE_NOTE]: input.paymentRef },
      }),
    );
    return { gatewayRef: input.noticeRef };
  },
});

/** Our debit's public id, kept in a recurring payment's notes (never a checkout's: its payments keep `payment_ref`). */
const debitRefOf = (payment: z.infer<typeof RazorpayPaymentEntity>): string | null => {
  const ref = payment.notes && !Array.isArray(payment.notes) ? payment.notes[RAZORPAY_MANDATE_NOTE] : undefined;
  return typeof ref === 'string' && ref.length > 0 ? ref : null;
};

/**
 * A payment.* or token.* event of AutoPay: a debit's outcome (as a payment's event), a mandate's
 * token learnt from its authorisation payment, or the token's new state; null when it is not AutoPay's.
 */
export const razorpayMandateEvent = (
  event: string,
  createdAt: number,
  payload: { payment?: { entity: unknown } | undefined; token?: { entity: unknown } | undefined },
): WebhookEvent | MandateWebhookEvent | IgnoredWebhook | null => {
  const occurredAt = new Date(createdAt * 1000).toISOString();
  const state = TOKEN_STATE[event];
  if (state) {
    const token = RazorpayTokenEntity.safeParse(payload.token?.entity);
    if (!token.success) return { ignored: `razorpay ${event} without its token` };
    const reason = token.data.recurring_details?.failure_reason;
    return {
      mandate: {
        id: `${event}:${token.data.id}`,
        state,
        tokenRef: token.data.id,
        occurredAt,
        ...(reason ? { failureReason: reason } : {}),
      },
    };
  }
  if (!event.startsWith('payment.')) return null;
  const parsed = RazorpayPaymentEntity.safeParse(payload.payment?.entity);
  if (!parsed.success) return null;
  const payment = parsed.data;
  const debitRef = debitRefOf(payment);
  if (debitRef) {
    if (event !== 'payment.captured' && event !== 'payment.failed') return { ignored: `razorpay ${event} of an AutoPay debit` };
    if (payment.amount === undefined) return { ignored: `razorpay ${event} without its amount` };
    return {
      id: `${event}:${payment.id}`,
      type: event === 'payment.captured' ? 'payment.succeeded' : 'payment.failed',
      gatewayRef: payment.order_id ?? payment.id,
      paymentRef: debitRef,
      amountMinor: payment.amount,
      occurredAt,
      ...(event === 'payment.failed' ? { failureReason: payment.error_reason ?? payment.error_description ?? 'failed' } : {}),
    };
  }
  // the authorisation payment of a registration: its order names our mandate, its token the mandate from now on
  if ((event === 'payment.authorized' || event === 'payment.captured') && payment.order_id && payment.token_id) {
    return { mandate: { id: `linked:${payment.id}`, state: 'linked', orderRef: payment.order_id, tokenRef: payment.token_id, occurredAt } };
  }
  return null;
};

export type { Call as RazorpayCall };
