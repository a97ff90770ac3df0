/**
 * The payouts' ledger rows (DESIGN §4, decision 137), written through the one posting function of
 * the ledger in the caller's transaction. The one place payouts write the ledger: when the ledger
 * module takes over posting, this file is re-pointed and nothing else.
 */
import type { Db } from '../../db/database.js';
import type { BusinessDate } from '../../lending/business-date.js';
import { postLedgerEntry } from '../loans/ledger.js';

export interface DisbursalPosting {
  orderId: number;
  orderNo: string;
  attempt: number;
  amountMinor: number;
  /** the business date the money landed (or came back) */
  businessDate: BusinessDate;
  /** the gateway's bank reference (UTR) and its payout id */
  utr: string | null;
  gateway: string;
  gatewayPayoutId: string | null;
}

/** `disbursement:<orderNo>` for the first payout that lands; a payout landing after a reversal gets its attempt's own key. */
export const disbursementKey = (orderNo: string, attempt: number, landedBefore: boolean) =>
  landedBefore ? `disbursement:${orderNo}:${attempt}` : `disbursement:${orderNo}`;

/** The disbursement, the day the payout landed, with its reference: the loan starts here. */
export const postDisbursement = async (tx: Db, posting: DisbursalPosting & { landedBefore: boolean }) =>
  postLedgerEntry(tx, {
    orderId: posting.orderId,
    kind: 'disbursement',
    amountMinor: posting.amountMinor,
    idempotencyKey: disbursementKey(posting.orderNo, posting.attempt, posting.landedBefore),
    businessDate: posting.businessDate,
    meta: { utr: posting.utr, gateway: posting.gateway, gatewayPayoutId: posting.gatewayPayoutId, attempt: posting.attempt },
  });

/** The payout came back: the disbursal is undone (nothing is owed for it; what was paid on it is owed back). */
export const postDisbursementReversal = async (tx: Db, posting: DisbursalPosting) =>
  postLedgerEntry(tx, {
    orderId: posting.orderId,
    kind: 'disbursement_reversal',
    amountMinor: posting.amountMinor,
    idempotencyKey: `disbursement_reversal:${posting.orderNo}:${posting.attempt}`,
    businessDate: posting.businessDate,
    meta: { utr: posting.utr, gateway: posting.gateway, gatewayPayoutId: posting.gatewayPayoutId, attempt: posting.attempt },
  });
