-- The loan's life follows the money (issue 28, decisions 135-137): the disbursement is posted the
-- day the payout lands, a payout returned by the bank posts a reversal that undoes it, a borrower
-- may cancel a loan whose money never arrived, and the borrower is told of a payout that failed or
-- came back.

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'disbursement_reversal', 'repayment', 'penalty',
    'extension_fee', 'interest_waiver', 'cost_waiver'));

ALTER TABLE borrower_messages DROP CONSTRAINT borrower_messages_kind_check;
ALTER TABLE borrower_messages
  ADD CONSTRAINT borrower_messages_kind_check CHECK (kind IN ('approved', 'disbursed', 'payoutFailed', 'payoutReversed',
    'cancelled', 'dueSoon', 'overdue', 'repaid', 'complaintReplied'));

-- an approved loan the borrower cancelled before any money reached them (decision 136): closed, nothing owed
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
