/**
 * Exchanges with RazorpayX Payouts as its public documentation shows them, for tests that replay
 * them over real HTTP (payout-gateway.api.test.ts). Field names, shapes and states are RazorpayX's;
 * identifiers and amounts are made up. Each builder names the page it follows.
 */
import { createHmac } from 'node:crypto';

/** the lender's RazorpayX business account (the customer identifier of the docs' examples) */
export const RAZORPAYX_ACCOUNT_NUMBER = '7878780080316316';
export const RAZORPAYX_ACCOUNT_ID = 'acc_BFQ7uQEaa7j2z7';

/** POST /v1/contacts answers the contact — https://razorpay.com/docs/api/x/contacts/create */
export const contactEntity = (contact: { id: string; name: string; type: string; reference_id: string }) => ({
  id: contact.id,
  entity: 'contact',
  name: contact.name,
  contact: null,
  email: null,
  type: contact.type,
  reference_id: contact.reference_id,
  batch_id: null,
  active: true,
  notes: {},
  created_at: 1_795_420_000,
});

export type FundAccountDetails =
  | { account_type: 'bank_account'; bank_account: { name: string; ifsc: string; account_number: string } }
  | { account_type: 'vpa'; vpa: { address: string } };

/**
 * POST /v1/fund_accounts answers the fund account — bank account:
 * https://razorpay.com/docs/api/x/account-validation/bank-account/create-fund-account ; VPA:
 * https://razorpay.com/docs/api/x/account-validation/vpa/create-fund-account (username/handle split from the address)
 */
export const fundAccountEntity = (id: string, contactId: string, details: FundAccountDetails) => ({
  id,
  entity: 'fund_account',
  contact_id: contactId,
  ...(details.account_type === 'bank_account'
    ? {
        account_type: 'bank_account',
        bank_account: {
          ifsc: details.bank_account.ifsc,
          bank_name: 'HDFC Bank',
          name: details.bank_account.name,
          notes: [],
          account_number: details.bank_account.account_number,
        },
      }
    : {
        account_type: 'vpa',
        vpa: {
          username: details.vpa.address.split('@')[0],
          handle: details.vpa.address.split('@')[1],
          address: details.vpa.address,
        },
      }),
  batch_id: null,
  active: true,
  created_at: 1_795_420_010,
});

/**
 * The fund account validation (POST and GET /v1/fund_accounts/validations[/:id]): `created` while
 * the bank has not answered, `completed` with `results.account_status` active or invalid and the
 * registered name, `failed` on a technical error — https://razorpay.com/docs/api/x/account-validation/entity
 * and https://razorpay.com/docs/api/x/account-validation/ ("completed does not mean the account is valid").
 */
export const validationEntity = (
  validation: { id: string; fundAccount: ReturnType<typeof fundAccountEntity>; notes: Record<string, string> },
  state:
    | { status: 'created' }
    | { status: 'completed'; accountStatus: 'active' | 'invalid'; registeredName: string | null }
    | { status: 'failed' },
) => ({
  id: validation.id,
  entity: 'fund_account.validation',
  fund_account: validation.fundAccount,
  status: state.status,
  amount: validation.fundAccount.account_type === 'vpa' ? null : 100,
  currency: validation.fundAccount.account_type === 'vpa' ? null : 'INR',
  notes: validation.notes,
  results: {
    account_status: state.status === 'completed' ? state.accountStatus : null,
    registered_name: state.status === 'completed' ? state.registeredName : null,
  },
  created_at: 1_795_420_020,
  utr: state.status === 'completed' && validation.fundAccount.account_type !== 'vpa' ? '533012345678' : null,
});

export type PayoutStatus = 'queued' | 'pending' | 'processing' | 'processed' | 'reversed' | 'failed' | 'cancelled' | 'rejected';

export interface StatusDetails {
  description: string;
  source: 'gateway' | 'beneficiary_bank' | 'business' | 'internal';
  reason: string;
}

export interface PayoutFields {
  id: string;
  fund_account_id: string;
  amount: number;
  mode: 'IMPS' | 'UPI';
  reference_id: string;
  narration: string;
  notes: Record<string, string>;
}

/**
 * The payout entity (create, fetch, list and every payout.* webhook carry it) —
 * https://razorpay.com/docs/api/x/payouts/create/bank-account , https://razorpay.com/docs/api/x/payouts/fetch-with-id ,
 * status_details: https://razorpay.com/docs/errors/x/payout-status-details
 */
export const payoutEntity = (
  payout: PayoutFields,
  status: PayoutStatus,
  extra: { utr?: string | null; status_details?: StatusDetails | null; created_at?: number } = {},
) => ({
  id: payout.id,
  entity: 'payout',
  fund_account_id: payout.fund_account_id,
  amount: payout.amount,
  currency: 'INR',
  notes: payout.notes,
  fees: status === 'queued' ? 0 : 590,
  tax: status === 'queued' ? 0 : 90,
  status,
  purpose: 'payout',
  utr: extra.utr ?? null,
  mode: payout.mode,
  reference_id: payout.reference_id,
  narration: payout.narration,
  batch_id: null,
  status_details: extra.status_details ?? null,
  created_at: extra.created_at ?? 1_795_421_000,
  fee_type: '',
});

/** GET /v1/payouts?account_number=…&reference_id=… answers a collection — https://razorpay.com/docs/api/x/payouts/fetch-all */
export const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

/**
 * A payout.* webhook — https://razorpay.com/docs/webhooks/payouts ("payout.queued", "payout.initiated",
 * "payout.processed", "payout.updated" e.g. when the UTR arrives, "payout.reversed", "payout.failed"…)
 */
export const payoutEvent = (event: string, payout: ReturnType<typeof payoutEntity>, createdAt = 1_795_421_100) => ({
  entity: 'event',
  account_id: RAZORPAYX_ACCOUNT_ID,
  event,
  contains: ['payout'],
  payload: { payout: { entity: payout } },
  created_at: createdAt,
});

/** A fund_account.validation.* webhook (authentic, not a payout's) — https://razorpay.com/docs/webhooks/account-validation */
export const validationEvent = (validation: ReturnType<typeof validationEntity>) => ({
  entity: 'event',
  account_id: RAZORPAYX_ACCOUNT_ID,
  event: 'fund_account.validation.completed',
  contains: ['fund_account.validation'],
  payload: { 'fund_account.validation': { entity: validation } },
  created_at: 1_795_420_030,
});

/**
 * A line of GET /v1/transactions?account_number=…&from=&to= — https://razorpay.com/docs/api/x/transactions/fetch-all
 * and the entity https://razorpay.com/docs/api/x/transactions/entity (a payout's debit, with its payout as the source;
 * a bank transfer into the account as a credit)
 */
export const payoutTransaction = (
  id: string,
  payout: ReturnType<typeof payoutEntity>,
  createdAt: number,
  direction: 'debit' | 'credit' = 'debit',
) => ({
  id,
  entity: 'transaction',
  account_number: RAZORPAYX_ACCOUNT_NUMBER,
  amount: payout.amount + payout.fees,
  currency: 'INR',
  credit: direction === 'credit' ? payout.amount + payout.fees : 0,
  debit: direction === 'debit' ? payout.amount + payout.fees : 0,
  balance: 9_000_000,
  source: {
    id: payout.id,
    entity: 'payout',
    fund_account_id: payout.fund_account_id,
    amount: payout.amount,
    notes: payout.notes,
    fees: payout.fees,
    tax: payout.tax,
    status: payout.status,
    utr: payout.utr,
    mode: payout.mode,
    created_at: payout.created_at,
    fee_type: null,
  },
  created_at: createdAt,
});

export const bankTransferTransaction = (id: string, amount: number, createdAt: number) => ({
  id,
  entity: 'transaction',
  account_number: RAZORPAYX_ACCOUNT_NUMBER,
  amount,
  currency: 'INR',
  credit: amount,
  debit: 0,
  balance: 10_000_000,
  source: {
    id: 'bt_00000000000001',
    entity: 'bank_transfer',
    payer_name: 'Kilat Lending',
    payer_account: '6543266545411243',
    payer_ifsc: 'UTIB0000002',
    mode: 'NEFT',
    bank_reference: 'AXIR000000000001',
    amount,
  },
  created_at: createdAt,
});

/** The error object — https://razorpay.com/docs/api/x/payout-idempotency/make-request (a missing key) and https://razorpay.com/docs/api/errors/x/payout/ */
export const razorpayXError = (status: number, description: string, field: string | null = null, code = 'BAD_REQUEST_ERROR') => ({
  status,
  body: { error: { code, description, source: 'business', step: null, reason: 'input_validation_failed', metadata: {}, field } },
});

/** X-Razorpay-Signature: hex HMAC-SHA256 of the raw body with the webhook secret — https://razorpay.com/docs/webhooks/validate-test */
export const razorpayXSignature = (secret: string, rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');
