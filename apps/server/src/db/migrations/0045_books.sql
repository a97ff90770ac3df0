-- The books and bank statement reconciliation (issue 47, decisions 260–264).

-- Provisioning rates per market and days-past-due bucket, in basis points of what is owed; admin
-- changes them with a reason (audited as books.provisioning-change). Defaults below.
CREATE TABLE provisioning_rates (
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  bucket text NOT NULL CHECK (bucket IN ('current', '1-30', '31-60', '61-90', '91-180', '181+')),
  rate_bps integer NOT NULL CHECK (rate_bps BETWEEN 0 AND 10000),
  updated_by bigint REFERENCES operators (id),
  updated_at timestamptz,
  PRIMARY KEY (market, bucket)
);
INSERT INTO provisioning_rates (market, bucket, rate_bps)
SELECT m.market, b.bucket, b.rate_bps
FROM (VALUES ('IN'), ('ID')) AS m (market)
CROSS JOIN (VALUES ('current', 100), ('1-30', 500), ('31-60', 2500), ('61-90', 5000), ('91-180', 10000), ('181+', 10000)) AS b (bucket, rate_bps);

-- An uploaded bank statement of one of the market's collection accounts, read by a documented column
-- mapping (decision 261); its credits each matched, queued or resolved below.
CREATE TABLE bank_statements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  bank_account text NOT NULL,
  format text NOT NULL,
  file_name text NOT NULL,
  credits integer NOT NULL,
  uploaded_by bigint NOT NULL REFERENCES operators (id),
  uploaded_at timestamptz NOT NULL
);

-- One credit of a statement. The same credit in a second upload (same account, value date, reference
-- and amount) is not stored twice.
CREATE TABLE bank_statement_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  statement_id bigint NOT NULL REFERENCES bank_statements (id),
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  bank_account text NOT NULL,
  line_no integer NOT NULL,
  value_date date NOT NULL,
  reference text NOT NULL,
  narration text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- matched: to an offline repayment's claim or to a gateway's settlement of a day; unmatched: queued; resolved: by an operator's note
  status text NOT NULL CHECK (status IN ('matched', 'unmatched', 'resolved')),
  matched_claim_id bigint REFERENCES bank_credit_claims (id),
  matched_gateway text,
  matched_gateway_date date,
  resolved_by bigint REFERENCES operators (id),
  resolved_at timestamptz,
  resolution_note text,
  UNIQUE (market, bank_account, value_date, reference, amount_minor),
  CHECK ((status = 'resolved') = (resolution_note IS NOT NULL))
);
CREATE INDEX bank_statement_lines_queue_idx ON bank_statement_lines (market, status);
CREATE UNIQUE INDEX bank_statement_lines_claim_idx ON bank_statement_lines (matched_claim_id) WHERE matched_claim_id IS NOT NULL;
