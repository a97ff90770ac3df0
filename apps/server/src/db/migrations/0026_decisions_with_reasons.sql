-- A real application (issue 29, decisions 147-150): the borrower chooses amount and term within the
-- product's steps and term options; the decision engine's rules are each stored with the order; an
-- order waits in manual review until its deadline; the key fact statement has a proposal number.

-- what the application stated: the age rule (18+, or married in Indonesia) and the employment rule read these
ALTER TABLE borrowers ADD COLUMN stated_birth_date date;
ALTER TABLE borrowers ADD COLUMN married boolean;
ALTER TABLE borrowers ADD COLUMN employment text;
ALTER TABLE loan_applications ADD COLUMN birth_date date;
ALTER TABLE loan_applications ADD COLUMN married boolean;
ALTER TABLE loan_applications ADD COLUMN amount_minor bigint CHECK (amount_minor > 0);
ALTER TABLE loan_applications ADD COLUMN term_days integer CHECK (term_days > 0);

-- the slider's step and the terms a borrower may choose (spec §9: 91 to 365 days); a product keeps its one term until configured
ALTER TABLE products ADD COLUMN amount_step_minor bigint;
UPDATE products SET amount_step_minor = CASE market WHEN 'IN' THEN 50000 ELSE 10000000 END;
ALTER TABLE products ALTER COLUMN amount_step_minor SET NOT NULL;
ALTER TABLE products ADD CONSTRAINT products_amount_step_positive CHECK (amount_step_minor > 0);
ALTER TABLE products ADD COLUMN term_options integer[];
UPDATE products SET term_options = ARRAY[term_days];
ALTER TABLE products ALTER COLUMN term_options SET NOT NULL;

-- the decision: 'review' waits for the risk role until review_due_at (spec §9: a loan decision within 1 day);
-- a rejection names its main rule and the day the borrower may apply again
ALTER TABLE orders ADD COLUMN decision_reason text;
ALTER TABLE orders ADD COLUMN reapply_on date;
ALTER TABLE orders ADD COLUMN review_due_at timestamptz;
ALTER TABLE orders ADD COLUMN withdrawn_at timestamptz;
ALTER TABLE orders ADD COLUMN proposal_no text;

CREATE TABLE order_rule_results (
  order_id bigint NOT NULL REFERENCES orders (id),
  rule text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('pass', 'fail', 'review')),
  -- what the rule read and found, for the review queue and the audit of a decision
  detail jsonb NOT NULL DEFAULT '{}',
  decided_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, rule)
);
CREATE INDEX orders_waiting_review ON orders (review_due_at) WHERE decision IS NULL AND review_due_at IS NOT NULL;

-- the key fact statement's proposal (RBI KFS: a unique number, valid at least 3 working days); the same
-- offer asked again within its validity answers the same proposal, after it a new one is made (two made at
-- the same instant are both valid offers of the same terms: nothing to refuse)
CREATE TABLE loan_proposals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  proposal_no text NOT NULL UNIQUE,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  product_id bigint NOT NULL REFERENCES products (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  term_days integer NOT NULL CHECK (term_days > 0),
  apr_bps integer NOT NULL,
  total_repayment_minor bigint NOT NULL,
  issued_on date NOT NULL,
  valid_until date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loan_proposals_offer ON loan_proposals (borrower_id, product_id, amount_minor, term_days, valid_until);
ALTER TABLE agreement_links ADD COLUMN proposal_no text;

-- the borrower is told of a rejection (with its reason) and of a withdrawal in the message centre
ALTER TABLE borrower_messages DROP CONSTRAINT borrower_messages_kind_check;
ALTER TABLE borrower_messages
  ADD CONSTRAINT borrower_messages_kind_check CHECK (kind IN ('approved', 'disbursed', 'payoutFailed', 'payoutReversed',
    'cancelled', 'dueSoon', 'overdue', 'repaid', 'complaintReplied', 'rejected', 'withdrawn'));
