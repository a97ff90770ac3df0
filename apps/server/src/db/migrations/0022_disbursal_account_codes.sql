-- The SMS codes that allow a borrower to change the account their loan is sent to (issue 28,
-- decision 134): a purpose of the one-time-code module (decision 062), one table as login and
-- registration codes have, found by the borrower's market and phone.
CREATE TABLE disbursal_account_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  phone text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX disbursal_account_codes_phone_idx ON disbursal_account_codes (market, phone, created_at DESC);
