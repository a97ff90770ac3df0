-- The application before loan confirm (issue 17, decision 076): what the borrower told underwriting,
-- kept as it was sent; the borrower row carries the name and monthly salary underwriting reads.

CREATE TABLE loan_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  product_id bigint NOT NULL REFERENCES products (id),
  name text NOT NULL,
  salary_minor bigint NOT NULL CHECK (salary_minor > 0),
  salary_period text NOT NULL CHECK (salary_period IN ('month', 'year')),
  employment text NOT NULL,
  city text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX loan_applications_borrower ON loan_applications (borrower_id, created_at DESC);
