/**
 * Exchanges with Xendit as its documentation shows them (fixed virtual accounts, retail outlet
 * fixed payment codes, invoices: create, get, and their callbacks; the error object), for tests
 * that replay them over real HTTP. Field names and shapes are Xendit's; identifiers are made up.
 * https://docs.xendit.co/xenpayments/virtual-account/testing/
 * https://docs.xendit.co/xenpayments/retail-outlet/testing/
 * https://github.com/xendit/xendit-php/blob/master/docs/Invoice/InvoiceCallback.md
 */

export const XENDIT_OWNER_ID = '5fd1c319b9986239d7ec5567';

export const xenditError = (status: number, errorCode: string, message: string) => ({
  status,
  body: { error_code: errorCode, message },
});

/** `POST /callback_virtual_accounts` answers the account: PENDING until the bank activates it. */
export const fixedVirtualAccount = (fields: {
  id: string;
  external_id: string;
  bank_code: string;
  name: string;
  expected_amount: number;
  expiration_date: string;
  account_number: string;
}) => ({
  owner_id: XENDIT_OWNER_ID,
  external_id: fields.external_id,
  account_number: fields.account_number,
  bank_code: fields.bank_code,
  merchant_code: fields.account_number.slice(0, 5),
  name: fields.name,
  is_closed: true,
  expected_amount: fields.expected_amount,
  expiration_date: fields.expiration_date,
  is_single_use: true,
  status: 'PENDING',
  currency: 'IDR',
  country: 'ID',
  id: fields.id,
});

/**
 * `PATCH /callback_virtual_accounts/:id` with `expiration_date` answers the account with its new
 * expiration (issue 48: moved to now, it closes the account; xendit-go's UpdateFixedVA sends it so).
 */
export const fixedVirtualAccountUpdated = (account: ReturnType<typeof fixedVirtualAccount>, expirationDate: string) => ({
  ...account,
  expiration_date: expirationDate,
});

/** The callback of a payment into a fixed virtual account. */
export const virtualAccountPaid = (
  account: { id: string; external_id: string; bank_code: string; account_number: string },
  amount: number,
  paymentId: string,
) => ({
  amount,
  callback_virtual_account_id: account.id,
  payment_id: paymentId,
  external_id: account.external_id,
  account_number: account.account_number,
  merchant_code: account.account_number.slice(0, 5),
  bank_code: account.bank_code,
  transaction_timestamp: '2026-11-23T04:20:31.000Z',
  currency: 'IDR',
  created: '2026-11-23T04:20:31.937Z',
  updated: '2026-11-23T04:20:33.074Z',
  id: `${paymentId}cb`,
  owner_id: XENDIT_OWNER_ID,
});

/** The "virtual account created / updated" callback: no payment in it. */
export const virtualAccountUpdated = (account: { id: string; external_id: string; bank_code: string; account_number: string }) => ({
  id: account.id,
  owner_id: XENDIT_OWNER_ID,
  external_id: account.external_id,
  account_number: account.account_number,
  bank_code: account.bank_code,
  merchant_code: account.account_number.slice(0, 5),
  name: 'Kilat',
  is_closed: true,
  is_single_use: true,
  status: 'ACTIVE',
  expiration_date: '2026-11-24T04:20:31.000Z',
  created: '2026-11-23T04:20:31.937Z',
  updated: '2026-11-23T04:20:33.074Z',
});

/** `POST /fixed_payment_code` answers the code. */
export const fixedPaymentCode = (fields: {
  id: string;
  external_id: string;
  retail_outlet_name: string;
  name: string;
  expected_amount: number;
  expiration_date: string;
  payment_code: string;
}) => ({
  is_single_use: true,
  status: 'ACTIVE',
  owner_id: XENDIT_OWNER_ID,
  external_id: fields.external_id,
  retail_outlet_name: fields.retail_outlet_name,
  prefix: fields.payment_code.slice(0, 4),
  name: fields.name,
  payment_code: fields.payment_code,
  type: 'USER',
  expected_amount: fields.expected_amount,
  expiration_date: fields.expiration_date,
  id: fields.id,
});

/** `PATCH /fixed_payment_code/:id` with `expiration_date` answers the code with its new expiration (xendit-go's UpdateFixedPaymentCode). */
export const fixedPaymentCodeUpdated = (code: ReturnType<typeof fixedPaymentCode>, expirationDate: string) => ({
  ...code,
  expiration_date: expirationDate,
});

/** The callback of a payment of a fixed payment code at the till. */
export const paymentCodePaid = (
  code: { id: string; external_id: string; retail_outlet_name: string; payment_code: string },
  amount: number,
  paymentId: string,
) => ({
  id: `${paymentId}cb`,
  external_id: code.external_id,
  prefix: code.payment_code.slice(0, 4),
  payment_code: code.payment_code,
  retail_outlet_name: code.retail_outlet_name,
  name: 'Kilat',
  amount,
  status: 'COMPLETED',
  transaction_timestamp: '2026-11-23T05:10:00.000Z',
  payment_id: paymentId,
  fixed_payment_code_payment_id: `${paymentId}fp`,
  fixed_payment_code_id: code.id,
  owner_id: XENDIT_OWNER_ID,
});

/** `GET /fixed_payment_code/:id/payments`. */
export const paymentCodePayments = (
  code: { id: string; external_id: string; retail_outlet_name: string; payment_code: string },
  paid: { amount: number; paymentId: string } | null,
) => ({
  data: paid
    ? [
        {
          status: 'COMPLETED',
          fixed_payment_code_id: code.id,
          payment_id: paid.paymentId,
          name: 'Kilat',
          amount: paid.amount,
          retail_outlet_name: code.retail_outlet_name,
          transaction_timestamp: '2026-11-23T05:10:00.000Z',
          payment_code: code.payment_code,
          external_id: code.external_id,
          prefix: code.payment_code.slice(0, 4),
        },
      ]
    : [],
  has_more: false,
  links: {},
});

/** The invoice (`POST /v2/invoices`, `GET /v2/invoices/:id`). */
export const invoice = (
  fields: { id: string; external_id: string; amount: number; description: string; expiry_date: string },
  status: 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED' = 'PENDING',
) => ({
  id: fields.id,
  external_id: fields.external_id,
  user_id: XENDIT_OWNER_ID,
  status,
  merchant_name: 'Kilat',
  merchant_profile_picture_url: 'https://xnd-companies.s3.amazonaws.com/prod/1519091954004_256.png',
  amount: fields.amount,
  description: fields.description,
  expiry_date: fields.expiry_date,
  invoice_url: `https://checkout.xendit.co/web/${fields.id}`,
  available_banks: [
    {
      bank_code: 'BCA',
      collection_type: 'POOL',
      transfer_amount: fields.amount,
      bank_branch: 'Virtual Account',
      account_holder_name: 'KILAT',
      identity_amount: 0,
    },
  ],
  available_retail_outlets: [{ retail_outlet_name: 'ALFAMART' }],
  available_ewallets: [],
  should_exclude_credit_card: false,
  should_send_email: false,
  created: '2026-11-23T02:16:50.390Z',
  updated: '2026-11-23T02:16:50.390Z',
  currency: 'IDR',
});

/** The invoice callback once paid (PAID, later SETTLED) or expired. */
export const invoiceCallback = (
  fields: { id: string; external_id: string; amount: number; description: string },
  status: 'PAID' | 'SETTLED' | 'EXPIRED',
) => ({
  id: fields.id,
  external_id: fields.external_id,
  user_id: XENDIT_OWNER_ID,
  is_high: false,
  status,
  merchant_name: 'Kilat',
  amount: fields.amount,
  description: fields.description,
  created: '2026-11-23T02:16:50.390Z',
  updated: '2026-11-23T02:30:12.118Z',
  currency: 'IDR',
  ...(status === 'EXPIRED'
    ? {}
    : {
        paid_amount: fields.amount,
        paid_at: '2026-11-23T02:30:11.000Z',
        payment_method: 'CREDIT_CARD',
        payment_channel: 'CREDIT_CARD',
        credit_card_charge_id: '6568a17b3d8d6b00148f20e1',
        adjusted_received_amount: fields.amount,
        fees_paid_amount: 0,
      }),
});
