/**
 * Exchanges with Razorpay's recurring payments API as its documentation shows them, for India's
 * AutoPay (issue 51 item 2, decisions 242–244): the registration link (an invoice entity), an order,
 * a recurring payment's answer, a token entity, and the token.* and payment.* webhook payloads.
 * Field names and shapes are Razorpay's; identifiers are made up.
 * https://razorpay.com/docs/api/payments/recurring-payments/upi/create-authorization-transaction (registration link)
 * https://razorpay.com/docs/api/payments/recurring-payments/upi/create-subsequent-payments (orders with notification, create/recurring)
 * https://razorpay.com/docs/api/payments/recurring-payments/upi/tokens (cancel token, token states)
 * https://razorpay.com/docs/payments/payment-gateway/s2s-integration/recurring-payments/upi/webhooks (token.* payloads)
 */
import { RAZORPAY_ACCOUNT_ID } from './razorpay-exchanges.js';

export const CUSTOMER_ID = 'cust_BMB3EwbqnqZ2EI';

/** The registration link: an invoice of type link, its authorisation order and its short URL. */
export const authLinkEntity = (input: {
  id: string;
  orderId: string;
  receipt: string;
  description: string;
  notes: Record<string, string>;
}) => ({
  id: input.id,
  entity: 'invoice',
  receipt: input.receipt,
  invoice_number: input.receipt,
  customer_id: CUSTOMER_ID,
  customer_details: {
    id: CUSTOMER_ID,
    name: 'Gaurav Kumar',
    email: null,
    contact: '+919876543210',
    gstin: null,
    billing_address: null,
    shipping_address: null,
    customer_name: 'Gaurav Kumar',
    customer_email: null,
    customer_contact: '+919876543210',
  },
  order_id: input.orderId,
  line_items: [],
  payment_id: null,
  status: 'issued',
  expire_by: 1_796_000_000,
  issued_at: 1_795_420_000,
  paid_at: null,
  cancelled_at: null,
  expired_at: null,
  sms_status: null,
  email_status: null,
  date: 1_795_420_000,
  terms: null,
  partial_payment: false,
  gross_amount: 0,
  tax_amount: 0,
  taxable_amount: 0,
  amount: 0,
  amount_paid: 0,
  amount_due: 0,
  currency: 'INR',
  currency_symbol: '₹',
  description: input.description,
  notes: input.notes,
  comment: null,
  short_url: `https://rzp.io/i/${input.id.slice(-7)}`,
  view_less: true,
  billing_start: null,
  billing_end: null,
  type: 'link',
  group_taxes_discounts: false,
  created_at: 1_795_420_000,
  idempotency_key: null,
});

/** An order (a debit's, with the pre-debit notification it carries). */
export const orderEntity = (input: { id: string; amount: number; receipt: string; notes: Record<string, string>; paid?: boolean }) => ({
  id: input.id,
  entity: 'order',
  amount: input.amount,
  amount_paid: input.paid ? input.amount : 0,
  amount_due: input.paid ? 0 : input.amount,
  currency: 'INR',
  receipt: input.receipt,
  offer_id: null,
  status: input.paid ? 'paid' : 'created',
  attempts: input.paid ? 1 : 0,
  notes: input.notes,
  created_at: 1_795_425_000,
});

/** What `POST /v1/payments/create/recurring` answers. */
export const recurringPaymentAnswer = (paymentId: string, orderId: string) => ({
  razorpay_payment_id: paymentId,
  razorpay_order_id: orderId,
  razorpay_signature: '9ef4dffbfd84f1318f6739a3ce19f9d85851857ae648f114332d8401e0949a3d',
});

/** A UPI token entity as the token webhooks and the cancel call show it. */
export const tokenEntity = (id: string, status: string, failureReason: string | null = null) => ({
  id,
  entity: 'token',
  token: 'BmwqwrkHZTlzVF',
  bank: null,
  wallet: null,
  method: 'upi',
  vpa: { username: 'gaurav.kumar', handle: 'upi', name: null },
  recurring: true,
  recurring_details: { status, failure_reason: failureReason },
  auth_type: null,
  mrn: null,
  used_at: 1_795_456_636,
  created_at: 1_795_456_636,
  start_time: 1_795_456_608,
  dcc_enabled: false,
});

export const tokenEvent = (event: 'token.confirmed' | 'token.rejected' | 'token.paused' | 'token.cancelled', tokenId: string) => ({
  entity: 'event',
  account_id: RAZORPAY_ACCOUNT_ID,
  event,
  contains: ['token'],
  payload: {
    token: {
      entity: tokenEntity(
        tokenId,
        { 'token.confirmed': 'confirmed', 'token.rejected': 'rejected', 'token.paused': 'paused', 'token.cancelled': 'cancelled' }[event],
        event === 'token.rejected' ? 'U16: Risk threshold exceeded' : null,
      ),
    },
  },
  created_at: 1_795_456_640,
});

/** A payment.* event: the authorisation payment of a registration, or a debit's recurring payment. */
export const paymentEvent = (
  event: 'payment.authorized' | 'payment.captured' | 'payment.failed',
  input: { id: string; amount: number; orderId: string; tokenId: string; notes: Record<string, string> | []; invoiceId?: string },
) => ({
  entity: 'event',
  account_id: RAZORPAY_ACCOUNT_ID,
  event,
  contains: ['payment'],
  payload: {
    payment: {
      entity: {
        id: input.id,
        entity: 'payment',
        amount: input.amount,
        currency: 'INR',
        status: event === 'payment.failed' ? 'failed' : event === 'payment.captured' ? 'captured' : 'authorized',
        order_id: input.orderId,
        invoice_id: input.invoiceId ?? null,
        international: false,
        method: 'upi',
        amount_refunded: 0,
        refund_status: null,
        captured: event === 'payment.captured',
        description: 'Kilat loan instalment',
        card_id: null,
        bank: null,
        wallet: null,
        vpa: 'gaurav.kumar@upi',
        email: null,
        contact: '+919876543210',
        customer_id: CUSTOMER_ID,
        token_id: input.tokenId,
        notes: input.notes,
        fee: 0,
        tax: 0,
        error_code: event === 'payment.failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: event === 'payment.failed' ? 'Payment failed due to insufficient balance.' : null,
        error_source: event === 'payment.failed' ? 'customer' : null,
        error_step: event === 'payment.failed' ? 'payment_debit_request' : null,
        error_reason: event === 'payment.failed' ? 'insufficient_funds' : null,
        acquirer_data: { rrn: '116812981837' },
        created_at: 1_795_456_650,
      },
    },
  },
  created_at: 1_795_456_660,
});
