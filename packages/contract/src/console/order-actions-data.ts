/**
 * The console order page's actions (issue 31 item 2, decisions 163 and 164) as the console reads
 * them: what each action may do on the order now, and what was done. Browser-safe: types only.
 */
import type { WaiverView } from './data.js';

/** An offline repayment as recorded: the bank's reference, what it paid by the one waterfall. */
export interface OfflineRepaymentView {
  bankReference: string;
  /** the collection account it landed in (decision 230) */
  bankAccount: string;
  amount: string;
  amountMinor: number;
  /** the day the bank received it: its value date, the day the replay applies it on (decision 231) */
  receivedOn: string;
  /** the day it was recorded */
  recordedOn: string;
  recordedBy: { id: number; name: string } | null;
  reason: string;
  /** 'penalty ₹10.00', 'period 1 principal ₹500.00' … */
  allocation: string[];
}

/** What recording an offline repayment answers; `duplicate`: the reference was recorded before and this is that first result. */
export interface OfflineRepaymentResult extends OfflineRepaymentView {
  duplicate: boolean;
  /** 'pending': above the configured amount it waits for a second operator (`approvalId`); 'posted': applied */
  status: 'posted' | 'pending';
  approvalId: number | null;
}

/** The ledger kinds an operator may ask to reverse (decisions 233, 274). */
export type ReversibleKind = 'repayment' | 'recovery' | 'penalty_waiver' | 'write_off' | 'settlement_waiver';

/** A row in force that may be reversed; `waiting`: a reversal of it waits for a second operator. */
export interface ReversibleRowView {
  ledgerId: number;
  kind: ReversibleKind;
  businessDate: string;
  amount: string;
  waiting: boolean;
}

/** A reversal request with the row it reverses. */
export interface ReversalRequestView extends WaiverView {
  ledgerId: number;
  reversedKind: ReversibleKind;
}

/** A refund request with its payout once approved. */
export interface RefundView extends WaiverView {
  payout: { reference: string; status: string; account: string; utr: string; failure: string } | null;
}

export interface OrderActionsView {
  orderId: number;
  market: 'IN' | 'ID';
  /** the market's business date now: an offline repayment is received on it or before */
  today: string;
  writeOff: {
    /** everything the order owes today: what a write-off takes off */
    owedMinor: number;
    owed: string;
    /** write-offs above this (minor units) wait for a second operator */
    approvalAboveMinor: number;
    /** what was written off, once it was */
    writtenOff: string | null;
    requests: WaiverView[];
  };
  offlineRepayment: {
    /** the most an offline repayment may be today (what the order may take) */
    maxMinor: number;
    max: string;
    recorded: OfflineRepaymentView[];
  };
  refund: {
    /** paid beyond what was owed, less what was refunded or is on its way */
    refundableMinor: number;
    refundable: string;
    /** the borrower's validated disbursal account a refund goes to, masked; null: none */
    account: string | null;
    requests: RefundView[];
  };
  reversal: {
    /** the rows in force that may be reversed, newest first */
    rows: ReversibleRowView[];
    requests: ReversalRequestView[];
  };
  reminder: {
    /** the last reminder an operator resent for this order */
    lastResentAt: string | null;
    /** why a reminder cannot be resent now; null: it can */
    refusal: string | null;
  };
}
