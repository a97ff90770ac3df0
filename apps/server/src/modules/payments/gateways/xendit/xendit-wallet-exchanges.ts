/**
 * Exchanges with Xendit's e-wallet charges and QR codes APIs as its documentation shows them (issue
 * 51, decision 241): create a one-time e-wallet charge and its `ewallet.capture` callback; create a
 * dynamic QRIS code (api-version 2022-07-31) and its `qr.payment` callback. Field names and shapes are
 * Xendit's; identifiers are made up. Amounts are whole rupiah.
 * https://docs.xendit.co/id/ewallet/integrations/test-guideline (POST /ewallets/charges, its PENDING answer)
 * https://docs.xendit.co/ewallet/checkout-methods (which action each wallet answers)
 * https://developers.xendit.co/api-reference/#ewallets (the ewallet.capture callback)
 * https://developers.xendit.co/api-reference/#qr-codes (POST /qr_codes, the qr.payment callback)
 */

export interface ChargeFields {
  id: string;
  reference_id: string;
  amount: number;
  channel_code: string;
  channel_properties: Record<string, string>;
}

/** The wallet's page per channel: DANA and LinkAja answer web pages, ShopeePay its app's deep link, OVO nothing (a push). */
const actionsOf = (charge: ChargeFields) => {
  const token = charge.id.slice(-12);
  if (charge.channel_code === 'ID_OVO') return null;
  if (charge.channel_code === 'ID_SHOPEEPAY') {
    return {
      desktop_web_checkout_url: null,
      mobile_web_checkout_url: null,
      mobile_deeplink_checkout_url: `https://deeplink.shopeepay.co.id/pay?token=${token}`,
      qr_checkout_string: `00020101021126550016ID.CO.SHOPEE.WWW${token}`,
    };
  }
  const page = `https://ewallet-mock-connector.xendit.co/v1/ewallet_connector/checkouts?token=${token}`;
  return { desktop_web_checkout_url: page, mobile_web_checkout_url: page, mobile_deeplink_checkout_url: null, qr_checkout_string: null };
};

/** The e-wallet charge: the create call answers it PENDING; the capture callback carries it SUCCEEDED or FAILED. */
export const ewalletCharge = (charge: ChargeFields, status: 'PENDING' | 'SUCCEEDED' | 'FAILED' = 'PENDING') => ({
  id: charge.id,
  business_id: '5abe2389ewpejrt238',
  reference_id: charge.reference_id,
  status,
  currency: 'IDR',
  charge_amount: charge.amount,
  capture_amount: status === 'SUCCEEDED' ? charge.amount : null,
  refunded_amount: null,
  checkout_method: 'ONE_TIME_PAYMENT',
  channel_code: charge.channel_code,
  channel_properties: charge.channel_properties,
  actions: actionsOf(charge),
  is_redirect_required: charge.channel_code !== 'ID_OVO',
  callback_url: 'https://kilat.example/webhooks/payments/xendit',
  created: '2026-12-07T08:00:00.000Z',
  updated: '2026-12-07T08:01:00.000Z',
  voided_at: null,
  capture_now: true,
  customer_id: null,
  payment_method_id: null,
  failure_code: status === 'FAILED' ? 'USER_DECLINED_THE_TRANSACTION' : null,
  basket: null,
  metadata: { payment_ref: charge.reference_id },
});

/** `ewallet.capture`: the charge as it ended. */
export const ewalletCapture = (charge: ChargeFields, status: 'SUCCEEDED' | 'FAILED') => ({
  event: 'ewallet.capture',
  business_id: '5abe2389ewpejrt238',
  created: '2026-12-07T08:01:00.000Z',
  data: ewalletCharge(charge, status),
});

export interface QrFields {
  id: string;
  reference_id: string;
  amount: number;
  expires_at: string;
}

/** A QRIS string as Xendit answers one (the merchant's and the amount's fields; its CRC is not checked here). */
const qrStringOf = (qr: QrFields) =>
  `00020101021226660014ID.LINKAJA.WWW011893600911002414220002152003260414220010303UME51450015ID.OR.GPNQR.WWW02150000000000000000303UME520454995802ID5905Kilat6007Jakarta540${String(qr.amount).length}${qr.amount}6304${qr.id.slice(-4).toUpperCase()}`;

/** `POST /qr_codes` answers the code ACTIVE until its expiry. */
export const qrCode = (qr: QrFields) => ({
  id: qr.id,
  reference_id: qr.reference_id,
  business_id: '58cd618ba0464eb64acdb246',
  type: 'DYNAMIC',
  currency: 'IDR',
  amount: qr.amount,
  channel_code: 'ID_DANA',
  status: 'ACTIVE',
  qr_string: qrStringOf(qr),
  expires_at: qr.expires_at,
  created: '2026-12-07T08:00:00.000Z',
  updated: '2026-12-07T08:00:00.000Z',
  metadata: { payment_ref: qr.reference_id },
});

/** `qr.payment`: a payment of the code (api-version 2022-07-31). */
export const qrPayment = (qr: QrFields, paymentId = 'qrpy_8182837te-87st-49ing-8696-1239bd4d759c', amount = qr.amount) => ({
  event: 'qr.payment',
  api_version: '2022-07-31',
  business_id: '58cd618ba0464eb64acdb246',
  created: '2026-12-07T08:02:00.000Z',
  data: {
    id: paymentId,
    business_id: '58cd618ba0464eb64acdb246',
    currency: 'IDR',
    amount,
    status: 'SUCCEEDED',
    created: '2026-12-07T08:02:00.000Z',
    qr_id: qr.id,
    qr_string: qrStringOf(qr),
    reference_id: qr.reference_id,
    type: 'DYNAMIC',
    channel_code: 'ID_DANA',
    expires_at: qr.expires_at,
    description: '',
    basket: null,
    metadata: null,
    payment_detail: { receipt_id: '000111666', source: 'GOPAY', name: null, account_details: null },
  },
});
