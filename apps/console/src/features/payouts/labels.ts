/** How the payouts screens name states and mismatch kinds. */
import type { PayoutListState, PayoutMismatchView } from '@kilat/contract/console/browser';

export const STATE_LABEL: Record<PayoutListState, string> = {
  waiting: 'Waiting',
  processing: 'Processing',
  failed: 'Failed',
  reversed: 'Reversed',
  succeeded: 'Succeeded',
};

export const STATUS_LABEL: Record<string, string> = {
  queued: 'queued',
  processing: 'processing at the gateway',
  processed: 'processed',
  failed: 'failed',
  cancelled: 'cancelled',
  reversed: 'reversed',
};

export const KIND_LABEL: Record<PayoutMismatchView['kind'], string> = {
  missing_at_gateway: 'Missing at the gateway',
  missing_in_ledger: 'Missing in the ledger',
  amount_differs: 'Amounts differ',
};

export const MOVEMENT_LABEL: Record<PayoutMismatchView['movement'], string> = {
  disbursement: 'payout',
  disbursement_reversal: 'return',
};
