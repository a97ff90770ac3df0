-- Borrowers, sessions, login codes, products, orders with their schedule, the ledger and the SMS inbox.
-- Money is bigint minor units (paise, sen); business dates are `date` in the market's time zone.

CREATE TABLE borrowers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  phone text NOT NULL,
  name text NOT NULL DEFAULT '',
  monthly_salary_minor bigint NOT NULL DEFAULT 0 CHECK (monthly_salary_minor >= 0),
  is_repeat_client boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT borrowers_market_phone_key UNIQUE (market, phone)
);

CREATE TABLE sessions (
  -- SHA-256 of the token, hex: the token itself is never stored
  token_hash text PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  device_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_borrower_idx ON sessions (borrower_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

CREATE TABLE login_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  phone text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_codes_phone_idx ON login_codes (market, phone, created_at DESC);

CREATE TABLE products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  code text NOT NULL,
  name text NOT NULL,
  logo_url text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  amount_min_minor bigint NOT NULL CHECK (amount_min_minor > 0),
  amount_max_minor bigint NOT NULL,
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  periods integer NOT NULL DEFAULT 1 CHECK (periods >= 1),
  -- daily interest bps, fees, penalty policy and extension terms (DESIGN §4)
  pricing jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT products_market_code_key UNIQUE (market, code),
  CONSTRAINT products_amount_range_check CHECK (amount_max_minor >= amount_min_minor)
);

CREATE TABLE orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_no text NOT NULL UNIQUE,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  product_id bigint NOT NULL REFERENCES products (id),
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  principal_minor bigint NOT NULL CHECK (principal_minor > 0),
  term_days integer NOT NULL,
  periods integer NOT NULL DEFAULT 1 CHECK (periods >= 1),
  -- the product's pricing as it was when the borrower applied
  pricing jsonb NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  decision text CHECK (decision IN ('approved', 'rejected')),
  decided_at timestamptz,
  disbursed_at timestamptz,
  -- final due date in force; an extension moves it together with the periods'
  due_date date,
  -- 1 allows a collection complaint (spec §6)
  is_show smallint NOT NULL DEFAULT 0 CHECK (is_show IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_decided_at_check CHECK ((decision IS NULL) = (decided_at IS NULL)),
  CONSTRAINT orders_disbursal_check CHECK (disbursed_at IS NULL OR decision = 'approved')
);
CREATE INDEX orders_borrower_idx ON orders (borrower_id, applied_at DESC);

CREATE TABLE order_periods (
  order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  period_no integer NOT NULL CHECK (period_no >= 1),
  due_date date NOT NULL,
  principal_minor bigint NOT NULL CHECK (principal_minor >= 0),
  interest_minor bigint NOT NULL DEFAULT 0 CHECK (interest_minor >= 0),
  fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  PRIMARY KEY (order_id, period_no)
);

-- Append-only: every movement of money is one row, written in the transaction of the state it changes.
CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  kind text NOT NULL CHECK (kind IN ('disbursement', 'repayment', 'penalty', 'extension_fee')),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  period_no integer,
  -- a repayToken or a gateway event id: a second posting of the same key is refused
  idempotency_key text NOT NULL UNIQUE,
  business_date date NOT NULL,
  meta jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_order_idx ON ledger_entries (order_id);

CREATE TABLE sms_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL,
  phone text NOT NULL,
  purpose text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_messages_phone_idx ON sms_messages (phone, created_at DESC);
