-- Repayment (issue 5): bound bank cards, repay tokens, payments with their SMS codes, and the
-- gateway's webhook events. Money moves only in ledger_entries (0001); a payment is the intent
-- and its state, posted to the ledger once, when the gateway's signed webhook says it is paid.

-- A bound card is tokenised at the gateway: only the BIN, the last 4 and the gateway's token stay
-- here (PCI DSS). The fingerprint is an HMAC of the number under a server key, so the same card
-- bound twice is found without keeping the number.
CREATE TABLE bank_cards (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  bank_code text NOT NULL,
  bank_name text NOT NULL,
  bin text NOT NULL CHECK (bin ~ '^[0-9]{6}$'),
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  holder_name text NOT NULL,
  gateway text NOT NULL,
  gateway_token text NOT NULL,
  -- the gateway asks for an SMS code before it debits this card (needValid 1); false for a card it debits at once
  requires_otp boolean NOT NULL DEFAULT true,
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bank_cards_borrower_fingerprint_key UNIQUE (borrower_id, fingerprint)
);

-- repayment-way's repayToken: single use, bound to the order, the purpose and the amount
CREATE TABLE repay_tokens (
  -- SHA-256 of the token, hex: the token itself is never stored
  token_hash text PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('repay', 'delay')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX repay_tokens_order_idx ON repay_tokens (order_id);

-- One attempt to pay: by card (with an SMS code), a virtual account, a mini-market code or the
-- hosted checkout. Its status only moves forward: created → awaiting_code → submitted → paid, or
-- failed / expired; a late or repeated webhook never moves it back.
CREATE TABLE payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- repayRecordId and the bill number the borrower sees: random, not guessable
  public_id text NOT NULL UNIQUE,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  purpose text NOT NULL CHECK (purpose IN ('repay', 'delay')),
  method text NOT NULL CHECK (method IN ('card', 'virtual_account', 'mini_market', 'checkout')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'awaiting_code', 'submitted', 'paid', 'failed', 'expired')),
  gateway text NOT NULL,
  -- the gateway's id of this payment (charge, virtual account, payment code, checkout session)
  gateway_ref text,
  -- card: the token of repayment-way that started it; a second payment of one token is refused
  repay_token_hash text UNIQUE REFERENCES repay_tokens (token_hash),
  card_id bigint REFERENCES bank_cards (id),
  -- virtual account and mini market: the bank or market, its method, and the number to pay to
  pay_code text,
  specific_num text,
  vcode text,
  -- delay: the days every unpaid period's due date moves once the fee is paid
  extension_shift_days integer CHECK (extension_shift_days > 0),
  expires_at timestamptz,
  paid_at timestamptz,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payments_gateway_ref_key UNIQUE (gateway, gateway_ref),
  CHECK (purpose = 'repay' OR extension_shift_days IS NOT NULL)
);
CREATE INDEX payments_order_idx ON payments (order_id, created_at DESC);
CREATE INDEX payments_vcode_idx ON payments (vcode) WHERE vcode IS NOT NULL;

-- A card payment's SMS code: single use, 5 minutes, at most 5 attempts (DESIGN §5)
CREATE TABLE payment_codes (
  payment_id bigint PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- Every webhook event taken, stored in the transaction of its posting: a redelivery is a no-op
CREATE TABLE webhook_events (
  gateway text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  gateway_ref text,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway, event_id)
);
