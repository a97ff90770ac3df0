-- Issuing a list or everyone coupon campaign from the console (issue 50, decision 254): one row per
-- issue a supervisor asks for, with the borrowers it names fixed when asked; at or under the market's
-- threshold it is issued at once (approved, no checker), above it another operator approves it.

CREATE TABLE coupon_issues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES coupon_campaigns (id),
  -- 'list': an uploaded CSV; 'everyone': every borrower of the market when asked
  source text NOT NULL CHECK (source IN ('list', 'everyone')),
  -- the borrowers the issue reaches (borrowers.id), fixed when asked: the checker approves exactly these
  borrower_ids jsonb NOT NULL,
  -- what the threshold is held against: the coupons' total face value (amount off), else the campaign's budget
  face_minor bigint NOT NULL CHECK (face_minor >= 0),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 3 AND 500),
  -- how many coupons it issued (a borrower who already had one of the campaign is not issued another)
  issued integer,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  decided_by bigint REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- the maker never checks their own
  CONSTRAINT coupon_issues_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX coupon_issues_campaign ON coupon_issues (campaign_id);
