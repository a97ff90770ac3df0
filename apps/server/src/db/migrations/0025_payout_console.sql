-- Operators see the money going out (issue 28 item 6, decisions 142-143): every state a payout
-- attempt passes through, with its time, for the order's payout timeline; and who resolved a
-- reconciliation mismatch, with their note.

-- One row per change of an attempt's state (or its UTR arriving later), written by the database
-- itself: every writer of payouts (the job's batches, webhooks, the approval's outbox, an operator)
-- is recorded, one statement per statement, with the time the writer gave the row.
CREATE TABLE payout_state_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  payout_id bigint NOT NULL REFERENCES payouts (id) ON DELETE CASCADE,
  status text NOT NULL,
  gateway_payout_id text,
  utr text,
  failure_code text,
  failure_reason text,
  retryable boolean NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX payout_state_changes_payout ON payout_state_changes (payout_id, id);

CREATE FUNCTION payouts_record_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payout_state_changes (payout_id, status, gateway_payout_id, utr, failure_code, failure_reason, retryable, at)
  SELECT id, status, gateway_payout_id, utr, failure_code, failure_reason, retryable, created_at FROM new_rows;
  RETURN NULL;
END;
$$;

CREATE FUNCTION payouts_record_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payout_state_changes (payout_id, status, gateway_payout_id, utr, failure_code, failure_reason, retryable, at)
  SELECT n.id, n.status, n.gateway_payout_id, n.utr, n.failure_code, n.failure_reason, n.retryable, n.updated_at
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.status IS DISTINCT FROM o.status OR n.utr IS DISTINCT FROM o.utr;
  RETURN NULL;
END;
$$;

CREATE TRIGGER payouts_inserted AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payouts_record_inserted();
CREATE TRIGGER payouts_changed AFTER UPDATE ON payouts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payouts_record_changed();

-- the attempts that existed before: their present state, as the one change known
INSERT INTO payout_state_changes (payout_id, status, gateway_payout_id, utr, failure_code, failure_reason, retryable, at)
SELECT id, status, gateway_payout_id, utr, failure_code, failure_reason, retryable, updated_at FROM payouts;

ALTER TABLE payout_mismatches ADD COLUMN resolved_by bigint REFERENCES operators (id);
ALTER TABLE payout_mismatches ADD COLUMN resolution_note text;
-- the console lists unresolved mismatches first, newest first
CREATE INDEX payout_mismatches_listed ON payout_mismatches ((resolved_at IS NOT NULL), found_at DESC, id DESC);
