-- A rule exception in the review queue (issue 29 item 4, decision 161): a risk operator approving an
-- application whose rules failed or asked for a person overrides the decision engine, and another risk
-- operator confirms it — never the one who asked (decision 157's maker-checker, as penalty waivers).
CREATE TABLE review_approvals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 3 AND 500),
  -- the rules the approval overrides, as the engine stored them (order_rule_results)
  exceptions jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  decided_by bigint REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- the maker never checks their own
  CONSTRAINT review_approvals_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
-- one approval waiting per application
CREATE UNIQUE INDEX review_approvals_pending_idx ON review_approvals (order_id) WHERE status = 'pending';
