-- Coupons (issue 50, decisions 250–254): campaigns set up by supervisors, the coupons they issue to
-- borrowers, and the discount a paid repayment takes through the ledger ('coupon_discount').

CREATE TABLE coupon_campaigns (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  name text NOT NULL,
  -- amount_off: value minor units off fees then interest; percent_off_interest: value basis points of the
  -- interest; interest_free_days: value days of the loan's daily interest (lending/coupon.ts)
  kind text NOT NULL CHECK (kind IN ('amount_off', 'percent_off_interest', 'interest_free_days')),
  value integer NOT NULL CHECK (value > 0),
  CHECK (kind <> 'percent_off_interest' OR value <= 10000),
  audience text NOT NULL CHECK (audience IN ('first_loan', 'repaid_on_time', 'list', 'everyone')),
  -- validity: from/to market dates, or N days after a coupon is issued
  valid_from date,
  valid_to date,
  valid_days integer CHECK (valid_days IS NULL OR valid_days > 0),
  CHECK ((valid_days IS NULL) <> (valid_to IS NULL)),
  -- the repayment (before the coupon) must be at least this much
  min_amount_minor bigint NOT NULL DEFAULT 0 CHECK (min_amount_minor >= 0),
  -- the most the campaign's coupons may take off in total (used and held)
  budget_minor bigint NOT NULL CHECK (budget_minor > 0),
  paused boolean NOT NULL DEFAULT false,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  campaign_id bigint NOT NULL REFERENCES coupon_campaigns (id),
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  issued_at timestamptz NOT NULL,
  valid_from timestamptz NOT NULL,
  valid_until timestamptz NOT NULL,
  -- held by a repay token's payment while it is open (decision 251); free again once it fails, expires or the token lapses
  held_by_token text,
  held_minor bigint CHECK (held_minor IS NULL OR held_minor > 0),
  -- used: the paid payment and the discount the ledger posted; set once
  used_payment text,
  used_minor bigint,
  used_at timestamptz,
  CHECK ((used_at IS NULL) = (used_payment IS NULL)),
  -- one coupon of a campaign per borrower
  UNIQUE (campaign_id, borrower_id)
);
CREATE INDEX coupons_borrower ON coupons (borrower_id);
CREATE UNIQUE INDEX coupons_used_payment ON coupons (used_payment) WHERE used_payment IS NOT NULL;

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'disbursement_reversal', 'repayment', 'penalty',
    'extension_fee', 'interest_waiver', 'cost_waiver', 'penalty_waiver', 'write_off', 'refund', 'refund_reversal',
    'reversal', 'settlement_waiver', 'coupon_discount'));
