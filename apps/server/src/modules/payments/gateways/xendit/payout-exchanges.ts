/**
 * Exchanges with Xendit Payouts v2 as its public documentation shows them, for tests that replay
 * them over real HTTP (payout-gateway.api.test.ts). Field names, states and failure codes are
 * Xendit's; identifiers and amounts are made up. Each builder names the page it follows.
 */

export const XENDIT_BUSINESS_ID = '6018306aa16ad90cb3c43ba7';

export type XenditPayoutStatus =
  | 'ACCEPTED'
  | 'PENDING_COMPLIANCE_ASSESSMENT'
  | 'COMPLIANCE_REJECTED'
  | 'REQUESTED'
  | 'FAILED'
  | 'SUCCEEDED'
  | 'CANCELLED'
  | 'REVERSED';

/** https://docs.xendit.co/apidocs/get-payout (failure_code values listed there and in the payout webhook) */
export type XenditFailureCode =
  | 'INSUFFICIENT_BALANCE'
  | 'INVALID_DESTINATION'
  | 'REJECTED_BY_CHANNEL'
  | 'TEMPORARY_TRANSFER_ERROR'
  | 'TRANSFER_ERROR'
  | 'UNKNOWN_BANK_NETWORK_ERROR'
  | 'DESTINATION_MAXIMUM_LIMIT';

export interface XenditPayoutFields {
  id: string;
  reference_id: string;
  channel_code: string;
  account_number: string;
  account_holder_name: string;
  /** whole rupiah */
  amount: number;
  description: string;
}

/**
 * The payout object (create, get by id, get by reference id and the webhook's `data`) —
 * https://docs.xendit.co/apidocs/create-payout , https://docs.xendit.co/apidocs/get-payout
 */
export const xenditPayout = (
  payout: XenditPayoutFields,
  status: XenditPayoutStatus = 'ACCEPTED',
  extra: { failure_code?: XenditFailureCode; created?: string; updated?: string } = {},
) => ({
  id: payout.id,
  amount: payout.amount,
  channel_code: payout.channel_code,
  currency: 'IDR',
  status,
  description: payout.description,
  reference_id: payout.reference_id,
  created: extra.created ?? '2026-11-26T03:00:00Z',
  updated: extra.updated ?? extra.created ?? '2026-11-26T03:00:00Z',
  estimated_arrival_time: '2026-11-26T03:15:00Z',
  business_id: XENDIT_BUSINESS_ID,
  channel_properties: { account_number: payout.account_number, account_holder_name: payout.account_holder_name },
  ...(extra.failure_code ? { failure_code: extra.failure_code } : {}),
});

/** A payout webhook, `payout.succeeded` / `payout.failed` / `payout.reversed` — https://docs.xendit.co/apidocs/payout-webhook */
export const xenditPayoutWebhook = (
  event: 'payout.succeeded' | 'payout.failed' | 'payout.reversed',
  data: ReturnType<typeof xenditPayout>,
) => ({
  event,
  business_id: XENDIT_BUSINESS_ID,
  created: data.updated,
  data,
});

/**
 * A line of GET /transactions (the balance's statement) — https://docs.xendit.co/apidocs/list-transactions ;
 * the fields as Xendit's own Go library names them (github.com/xendit/xendit-go transaction.go)
 */
export const xenditTransaction = (
  id: string,
  payout: ReturnType<typeof xenditPayout>,
  status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'VOIDED' | 'REVERSED',
  created: string,
  updated = created,
) => ({
  id,
  product_id: payout.id,
  type: 'DISBURSEMENT',
  status,
  channel_category: payout.channel_code.startsWith('ID_OVO') || payout.channel_code.startsWith('ID_DANA') ? 'EWALLET' : 'BANK',
  channel_code: payout.channel_code,
  reference_id: payout.reference_id,
  account_identifier: null,
  currency: 'IDR',
  amount: payout.amount,
  net_amount: payout.amount,
  cashflow: 'MONEY_OUT',
  settlement_status: null,
  estimated_settlement_time: null,
  business_id: XENDIT_BUSINESS_ID,
  created,
  updated,
  fee: { xendit_fee: 2500, value_added_tax: 275, xendit_withholding_tax: 0, third_party_withholding_tax: 0, status: 'COMPLETED' },
});

/** A page of GET /transactions: the lines, whether more follow, the link to the next page */
export const xenditTransactionPage = (data: unknown[], hasMore: boolean) => ({
  has_more: hasMore,
  data,
  links: hasMore ? [{ href: '/transactions?after_id=…', method: 'GET', rel: 'next' }] : [],
});

/** Xendit's error body — https://docs.xendit.co/api-payouts-beta/payouts-errors/ */
export const xenditError = (status: number, errorCode: string, message: string) => ({ status, body: { error_code: errorCode, message } });
