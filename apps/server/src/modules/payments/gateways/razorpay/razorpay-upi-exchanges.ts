/**
 * Exchanges with Razorpay's QR Codes API as its documentation shows them (create a single-use UPI
 * QR code with image content, fetch it, close it; the qr_code.credited and qr_code.closed webhook
 * payloads), for tests that replay them over real HTTP (issue 51, decision 240). Field names and
 * shapes are Razorpay's; identifiers are made up.
 * https://razorpay.com/docs/api/qr-codes/image-content/create
 * https://razorpay.com/docs/api/qr-codes/image-content/entity
 * https://razorpay.com/docs/api/qr-codes/image-content/close
 * https://razorpay.com/docs/webhooks/qr-codes/ (qr_code.closed is sent only for a code closed on demand)
 */
import { RAZORPAY_ACCOUNT_ID } from './razorpay-exchanges.js';

export interface QrFields {
  id: string;
  payment_amount: number;
  description: string;
  close_by: number;
  notes: Record<string, string>;
}

export type QrState = 'active' | 'paid' | 'closed';

/** The UPI payee Razorpay's documented image_content pays (a merchant's rzr.… VPA). */
const PAYEE = 'rzr.kilat54462255833@icic';

/** The QR Code (Image Content) entity: create, fetch and close answer it; image_content is the upi:// intent the QR encodes. */
export const qrCodeEntity = (qr: QrFields, state: QrState = 'active') => ({
  id: qr.id,
  entity: 'qr_code',
  created_at: 1_795_420_000,
  name: 'Kilat',
  usage: 'single_use',
  type: 'upi_qr',
  image_url: `https://rzp.io/i/${qr.id.slice(-8)}`,
  payment_amount: qr.payment_amount,
  status: state === 'active' ? 'active' : 'closed',
  description: qr.description,
  fixed_amount: true,
  payments_amount_received: state === 'paid' ? qr.payment_amount : 0,
  payments_count_received: state === 'paid' ? 1 : 0,
  notes: qr.notes,
  customer_id: null,
  close_by: qr.close_by,
  ...(state === 'active' ? {} : { closed_at: 1_795_426_000, close_reason: state === 'paid' ? 'paid' : 'on_demand' }),
  image_content: `upi://pay?pa=${PAYEE}&pn=Kilat&tr=RZP${qr.id.slice(3)}qrv2&tn=PaymenttoKilat&cu=INR&mc=6012&am=${(qr.payment_amount / 100).toFixed(2)}`,
});

/** qr_code.credited: the UPI payment and the code it paid. */
export const qrCodeCreditedEvent = (qr: QrFields, paymentId = 'pay_HO2fEpc9JeOQU5', amount = qr.payment_amount) => ({
  entity: 'event',
  account_id: RAZORPAY_ACCOUNT_ID,
  event: 'qr_code.credited',
  contains: ['payment', 'qr_code'],
  payload: {
    payment: {
      entity: {
        id: paymentId,
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'captured',
        order_id: null,
        invoice_id: null,
        international: false,
        method: 'upi',
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        description: 'QRv2 Payment',
        card_id: null,
        bank: null,
        wallet: null,
        vpa: 'gauri.kumar@okhdfcbank',
        email: 'gauri.kumari@example.com',
        contact: '+919999999999',
        customer_id: null,
        notes: [],
        fee: 0,
        tax: 0,
        error_code: null,
        error_description: null,
        error_source: null,
        error_step: null,
        error_reason: null,
        acquirer_data: { rrn: '116812981837' },
        created_at: 1_795_425_000,
      },
    },
    qr_code: { entity: qrCodeEntity(qr, 'paid') },
  },
  created_at: 1_795_425_010,
});

/** qr_code.closed: the code closed (on demand, or by its payment). */
export const qrCodeClosedEvent = (qr: QrFields, state: 'paid' | 'closed' = 'closed') => ({
  entity: 'event',
  account_id: RAZORPAY_ACCOUNT_ID,
  event: 'qr_code.closed',
  contains: ['qr_code'],
  payload: { qr_code: { entity: qrCodeEntity(qr, state) } },
  created_at: 1_795_426_010,
});
