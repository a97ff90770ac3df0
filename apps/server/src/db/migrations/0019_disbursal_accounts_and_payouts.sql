-- Money that leaves Kilat (issue 28): where a borrower's loan is sent, and each attempt to send it.

-- A disbursal account: masked, beside the gateway's own id. The full number is kept encrypted only
-- where the gateway needs it on every payout (Xendit takes the number with each payout; RazorpayX
-- keeps a fund account `fa_…` instead). One active account per borrower; a replaced one stays for
-- the payouts that name it.
CREATE TABLE disbursal_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  kind text NOT NULL CHECK (kind IN ('bank', 'upi', 'ewallet')),
  -- India: the IFSC (bank) or the UPI handle's PSP; Indonesia: the payout channel (ID_BCA, ID_OVO …)
  channel_code text NOT NULL,
  bank_name text NOT NULL,
  holder_name text NOT NULL,
  last4 text NOT NULL,
  -- encrypted full number (or UPI ID / wallet phone), null where the gateway keeps it for us
  number_encrypted text,
  gateway text NOT NULL,
  gateway_account_id text,
  validation_status text NOT NULL DEFAULT 'pending'
    CHECK (validation_status IN ('pending', 'valid', 'invalid', 'name_mismatch')),
  validation_ref text,
  registered_name text,
  -- 0..100: how closely the registered name matches the applicant's (stored, explained on a mismatch)
  name_match_score smallint,
  validated_at timestamptz,
  replaced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX disbursal_accounts_active ON disbursal_accounts (borrower_id) WHERE replaced_at IS NULL;

-- A payout attempt. The row written in the approval's transaction (status 'queued') is the outbox:
-- a job claims it after commit, so a rolled-back approval sends nothing. The idempotency key is
-- stored before the gateway is called and kept for every retry of the attempt.
CREATE TABLE payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  order_id bigint NOT NULL,
  borrower_id bigint NOT NULL,
  disbursal_account_id bigint NOT NULL REFERENCES disbursal_accounts (id),
  market text NOT NULL,
  gateway text NOT NULL,
  attempt integer NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'processing', 'processed', 'failed', 'cancelled', 'reversed')),
  gateway_payout_id text,
  utr text,
  failure_code text,
  failure_reason text,
  retryable boolean NOT NULL DEFAULT false,
  tries integer NOT NULL DEFAULT 0,
  -- a job's claim (another instance takes the row only once the lease has passed) and the next try
  claimed_until timestamptz,
  next_try_at timestamptz NOT NULL DEFAULT now(),
  -- the business date the money landed, and the one it came back
  processed_on date,
  reversed_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (order_id, borrower_id) REFERENCES orders (id, borrower_id) ON DELETE CASCADE,
  UNIQUE (order_id, attempt)
);
-- at most one attempt on its way per order
CREATE UNIQUE INDEX payouts_one_open_per_order ON payouts (order_id) WHERE status IN ('queued', 'processing');
CREATE UNIQUE INDEX payouts_gateway_id ON payouts (gateway, gateway_payout_id) WHERE gateway_payout_id IS NOT NULL;
-- what the payout job scans
CREATE INDEX payouts_due ON payouts (next_try_at, id) WHERE status IN ('queued', 'processing');
