-- India's cooling-off exit (issue 17): a borrower who exits in the cooling-off period repays the
-- principal and the proportionate APR; the rest of the schedule's fee and interest is waived by a
-- ledger row of its own kind, written in the repayment's transaction.

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'repayment', 'penalty', 'extension_fee', 'interest_waiver', 'cost_waiver'));
