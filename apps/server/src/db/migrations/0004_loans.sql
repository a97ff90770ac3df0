-- Loans (issue 4): the borrower's rating of a settled loan, loan-page events, and agreement links.
-- Orders, their schedule and the ledger are in 0001; the underwriting decision and the disbursal
-- are the orders' decided_at and disbursed_at, written at submit time with the configured delays
-- ahead of them, so the status derived from them moves with the clock (21 → 151 → 170, or 21 → 110).

-- One rating per order (DESIGN §6: the stars the borrower picked)
CREATE TABLE order_scores (
  order_id bigint PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The event save of loan pages (module 30 for 'loan more') and the recommended tap on loan details
CREATE TABLE loan_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('event', 'recommended_tap')),
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  -- a loan product (event) or a recommended product (tap): no foreign key for either
  product_id bigint NOT NULL,
  order_id bigint REFERENCES orders (id) ON DELETE CASCADE,
  module_id integer,
  position_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loan_events_borrower_idx ON loan_events (borrower_id, created_at);

-- A link to one agreement rendered with the borrower's data; the token itself is never stored
CREATE TABLE agreement_links (
  token_hash text PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES products (id),
  order_id bigint REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
