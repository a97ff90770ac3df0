-- Collections (issue 46, decisions 210–212): where each overdue loan stands, the case that works it,
-- who works it, what was said and promised, and what stops contact. Kilat stores no third party:
-- there is no column for a reference, a relative or an emergency contact (decision 212).

-- each market's collection settings: the most contacts a borrower has in one of their days
CREATE TABLE collection_settings (
  market text PRIMARY KEY CHECK (market IN ('IN', 'ID')),
  daily_contact_cap integer NOT NULL CHECK (daily_contact_cap BETWEEN 1 AND 10)
);
INSERT INTO collection_settings (market, daily_contact_cap) VALUES ('IN', 3), ('ID', 3);

-- the stages a case moves through by days past due, per market (defaults: lending/delinquency.ts)
CREATE TABLE collection_stages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  code text NOT NULL,
  name text NOT NULL,
  from_day integer NOT NULL CHECK (from_day >= 1),
  to_day integer CHECK (to_day IS NULL OR to_day >= from_day),
  retention_days integer NOT NULL CHECK (retention_days >= 0),
  rule text NOT NULL CHECK (rule IN ('round_robin_weight')),
  UNIQUE (market, code)
);
INSERT INTO collection_stages (market, code, name, from_day, to_day, retention_days, rule)
SELECT m.market, s.code, s.name, s.from_day, s.to_day, s.retention_days, 'round_robin_weight'
FROM (VALUES ('IN'), ('ID')) AS m (market)
CROSS JOIN (VALUES
  ('S1', 'Early (1–7)', 1, 7, 7),
  ('S2', 'Mid (8–30)', 8, 30, 10),
  ('S3', 'Late (31–90)', 31, 90, 30),
  ('S4', 'Recovery (91+)', 91, NULL::integer, 30)
) AS s (code, name, from_day, to_day, retention_days);

-- in-house teams and outside recovery agencies; an agency's name and contact are told to the borrower
CREATE TABLE collection_teams (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('in_house', 'agency')),
  contact text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'in_house' OR contact <> '')
);

-- an operator working cases of one market in one team, with a weight and a capacity
CREATE TABLE collectors (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  team_id bigint NOT NULL REFERENCES collection_teams (id),
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  -- the stages they are given cases of; empty: every stage
  stage_codes text[] NOT NULL DEFAULT '{}',
  weight integer NOT NULL CHECK (weight BETWEEN 1 AND 100),
  capacity integer NOT NULL CHECK (capacity >= 0),
  active boolean NOT NULL DEFAULT true,
  UNIQUE (operator_id, market)
);

-- one case per overdue spell of an order; closed with its reason
CREATE TABLE collection_cases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  market text NOT NULL,
  opened_on date NOT NULL,
  closed_on date,
  close_reason text CHECK (close_reason IN ('repaid', 'settled', 'written_off', 'cured')),
  -- as of the latest daily run (or the case page's read): what sorts the queue
  days_past_due integer NOT NULL,
  classification text NOT NULL,
  stage_code text,
  owed_minor bigint NOT NULL,
  collector_id bigint REFERENCES collectors (id),
  allocated_on date,
  -- kept by its collector until then: the daily run does not move it
  retained_until date,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((closed_on IS NULL) = (close_reason IS NULL))
);
CREATE UNIQUE INDEX collection_cases_open_order ON collection_cases (order_id) WHERE closed_on IS NULL;
CREATE INDEX collection_cases_queue ON collection_cases (collector_id, closed_on);
CREATE INDEX collection_cases_borrower ON collection_cases (borrower_id);

-- each order's class, a row whenever it changes (the day-end classification)
CREATE TABLE order_classifications (
  order_id bigint NOT NULL REFERENCES orders (id),
  business_date date NOT NULL,
  classification text NOT NULL,
  days_past_due integer NOT NULL,
  PRIMARY KEY (order_id, business_date)
);

-- every allocation, reassignment, retention and release of a case
CREATE TABLE case_allocations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id bigint NOT NULL REFERENCES collection_cases (id),
  action text NOT NULL CHECK (action IN ('allocate', 'reassign', 'retain', 'release')),
  collector_id bigint REFERENCES collectors (id),
  stage_code text,
  operator_id bigint REFERENCES operators (id),
  reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX case_allocations_case ON case_allocations (case_id, id);

-- what a collector did and heard; only ever the borrower (decision 212)
CREATE TABLE collection_contacts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id bigint NOT NULL REFERENCES collection_cases (id),
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  operator_id bigint REFERENCES operators (id),
  channel text NOT NULL CHECK (channel IN ('call', 'sms', 'whatsapp', 'email', 'field_visit')),
  outcome text NOT NULL,
  note text NOT NULL DEFAULT '',
  -- the borrower's own date of the contact: the daily cap counts by it
  local_date date NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX collection_contacts_borrower_day ON collection_contacts (borrower_id, local_date);
CREATE INDEX collection_contacts_case ON collection_contacts (case_id, id);

-- a promise to pay: kept or broken by the ledger, never by a person
CREATE TABLE promises_to_pay (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id bigint NOT NULL REFERENCES collection_cases (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  promised_on date NOT NULL,
  -- what the order had repaid when the promise was made: what is repaid beyond it counts
  repaid_before_minor bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'kept', 'broken')),
  decided_on date,
  operator_id bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX promises_to_pay_open ON promises_to_pay (status, promised_on) WHERE status = 'open';
CREATE INDEX promises_to_pay_case ON promises_to_pay (case_id);

-- what stops contact with a borrower, with its reason; lifted, never deleted
CREATE TABLE contact_stops (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  kind text NOT NULL CHECK (kind IN ('do_not_contact', 'dispute', 'deceased', 'legal', 'fraud')),
  reason text NOT NULL CHECK (reason <> ''),
  set_by bigint REFERENCES operators (id),
  set_at timestamptz NOT NULL,
  lifted_by bigint REFERENCES operators (id),
  lifted_at timestamptz,
  lift_reason text
);
CREATE INDEX contact_stops_active ON contact_stops (borrower_id) WHERE lifted_at IS NULL;

-- each agency a borrower was told of, before its first contact (RBI digital lending FAQ)
CREATE TABLE agency_notices (
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  team_id bigint NOT NULL REFERENCES collection_teams (id),
  case_id bigint NOT NULL REFERENCES collection_cases (id),
  notified_at timestamptz NOT NULL,
  PRIMARY KEY (borrower_id, team_id)
);

-- the message centre tells the borrower who will contact them
ALTER TABLE borrower_messages DROP CONSTRAINT borrower_messages_kind_check;
ALTER TABLE borrower_messages
  ADD CONSTRAINT borrower_messages_kind_check CHECK (kind IN ('approved', 'disbursed', 'payoutFailed', 'payoutReversed',
    'cancelled', 'dueSoon', 'overdue', 'repaid', 'complaintReplied', 'rejected', 'withdrawn', 'refunded', 'agencyNotice'));

-- one-time settlement (decision 213): close the loan for less than owed if paid by a date; a discount
-- above the market's share needs a second operator (never the maker); the rest is waived through the
-- ledger as 'settlement_waiver', settled by agreement, distinct from repaid and written off
ALTER TABLE collection_settings ADD COLUMN settlement_approval_above_bps integer NOT NULL DEFAULT 2000
  CHECK (settlement_approval_above_bps BETWEEN 0 AND 10000);
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'disbursement_reversal', 'repayment', 'penalty',
    'extension_fee', 'interest_waiver', 'cost_waiver', 'penalty_waiver', 'write_off', 'refund', 'refund_reversal',
    'reversal', 'settlement_waiver'));
CREATE TABLE settlements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id bigint NOT NULL REFERENCES collection_cases (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  owed_minor bigint NOT NULL CHECK (owed_minor > amount_minor),
  valid_until date NOT NULL,
  reason text NOT NULL,
  repaid_before_minor bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'offered', 'rejected', 'paid', 'expired')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  waived_minor bigint,
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX settlements_offered ON settlements (status) WHERE status = 'offered';
CREATE INDEX settlements_case ON settlements (case_id);
