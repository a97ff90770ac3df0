/**
 * Exchanges with Razorpay as its documentation shows them (Payment Links API: create, fetch;
 * the error object; the payment_link.* and payment.failed webhook payloads), for tests that replay
 * them over real HTTP. Field names and shapes are Razorpay's; identifiers are made up.
 * https://razorpay.com/docs/api/payments/payment-links/create-standard
 * https://razorpay.com/docs/api/payments/payment-links/entity
 * https://razorpay.com/docs/webhooks/payment-links/
 */
import { createHmac } from 'node:crypto';

export const RAZORPAY_ACCOUNT_ID = 'acc_BFQ7uQEaa7j2z7';

export interface LinkFields {
  id: string;
  amount: number;
  reference_id: string;
  callback_url: string;
  expire_by: number;
  description: string;
  notes: Record<string, string>;
}

/** The Payment Link entity (`/v1/payment_links` create and fetch answer it). */
export const paymentLinkEntity = (link: LinkFields, status: 'created' | 'paid' | 'expired' | 'cancelled' = 'created') => ({
  accept_partial: false,
  amount: link.amount,
  amount_paid: status === 'paid' ? link.amount : 0,
  callback_method: 'get',
  callback_url: link.callback_url,
  cancelled_at: status === 'cancelled' ? 1_795_430_000 : 0,
  created_at: 1_795_420_000,
  currency: 'INR',
  customer: {},
  description: link.description,
  expire_by: link.expire_by,
  expired_at: status === 'expired' ? link.expire_by : 0,
  first_min_partial_amount: 0,
  id: link.id,
  notes: link.notes,
  notify: { email: false, sms: false },
  payments:
    status === 'paid'
      ? [{ amount: link.amount, created_at: 1_795_425_000, method: 'card', payment_id: 'pay_NQwZ3h8Ybx2Ue1', status: 'captured' }]
      : null,
  reference_id: link.reference_id,
  reminder_enable: false,
  reminders: [],
  short_url: `https://rzp.io/i/${link.id.slice(-7)}`,
  status,
  updated_at: 1_795_425_000,
  upi_link: false,
  user_id: '',
});

export const razorpayError = (status: number, description: string, code = 'BAD_REQUEST_ERROR') => ({
  status,
  body: { error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } },
});

/** A payment_link.* webhook as Razorpay posts it: the link, its order and the payment that paid it. */
export const paymentLinkEvent = (event: 'payment_link.paid' | 'payment_link.expired' | 'payment_link.cancelled', link: LinkFields) => {
  const status = event === 'payment_link.paid' ? 'paid' : event === 'payment_link.expired' ? 'expired' : 'cancelled';
  return {
    entity: 'event',
    account_id: RAZORPAY_ACCOUNT_ID,
    event,
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: { entity: paymentLinkEntity(link, status) },
      order: {
        entity: {
          amount: link.amount,
          amount_due: status === 'paid' ? 0 : link.amount,
          amount_paid: status === 'paid' ? link.amount : 0,
          attempts: 1,
          created_at: 1_795_424_000,
          currency: 'INR',
          entity: 'order',
          id: 'order_NQwYx0Q9cMxYb7',
          notes: [],
          offer_id: null,
          receipt: link.reference_id,
          status: status === 'paid' ? 'paid' : 'attempted',
        },
      },
      payment: {
        entity: {
          id: 'pay_NQwZ3h8Ybx2Ue1',
          entity: 'payment',
          amount: link.amount,
          currency: 'INR',
          status: 'captured',
          order_id: 'order_NQwYx0Q9cMxYb7',
          method: 'card',
          captured: true,
          error_reason: null,
          created_at: 1_795_425_000,
        },
      },
    },
    created_at: 1_795_425_010,
  };
};

/** A failed attempt on a link (the borrower may try again on the same link). */
export const paymentFailedEvent = (amount: number) => ({
  entity: 'event',
  account_id: RAZORPAY_ACCOUNT_ID,
  event: 'payment.failed',
  contains: ['payment'],
  payload: {
    payment: {
      entity: {
        id: 'pay_NQwZ9kLmVb3Tq2',
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'failed',
        order_id: 'order_NQwYx0Q9cMxYb7',
        method: 'card',
        captured: false,
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment processing failed because of incorrect OTP',
        error_reason: 'incorrect_otp',
        created_at: 1_795_425_000,
      },
    },
  },
  created_at: 1_795_425_005,
});

/** Razorpay's X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook secret. */
export const razorpaySignature = (secret: string, rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');
