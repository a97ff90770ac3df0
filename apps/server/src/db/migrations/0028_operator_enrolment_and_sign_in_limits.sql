-- Operators set their own password and TOTP through a one-time enrolment link (issue 31 item 5,
-- decision 155): an operator added (or reset) by an admin has neither until they enrol.
ALTER TABLE operators ALTER COLUMN password_hash DROP NOT NULL, ALTER COLUMN totp_secret DROP NOT NULL;

-- One link per invitation or reset: only the token's SHA-256 is kept; the TOTP secret waits here,
-- shown to whoever opens the link, and moves to the operator when they enrol with a code of it.
CREATE TABLE operator_enrolments (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  totp_secret text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_by bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_enrolments_operator_idx ON operator_enrolments (operator_id);

-- Failed sign-ins counted per account (the email typed, known or not) and per address, shared by
-- every instance: the same answer for an unknown email as for a known one.
CREATE TABLE console_sign_in_limits (
  scope text NOT NULL CHECK (scope IN ('account', 'address')),
  key text NOT NULL,
  failures integer NOT NULL CHECK (failures >= 0),
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (scope, key)
);
