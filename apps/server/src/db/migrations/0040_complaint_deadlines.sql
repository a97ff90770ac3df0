-- Each complaint's deadline under its market's grievance rule (issue 49, decision 221): India's 30 days
-- before the RBI Ombudsman, Indonesia's 10 working days (once extended by 10, with the reason told to
-- the borrower) before OJK or LAPS SJK. Written by the complaint-deadlines job, which computes the
-- working days with the market's holidays (src/lending/grievance-deadline.ts), and marks a complaint
-- escalated to the desk before its deadline passes.
CREATE TABLE complaint_deadlines (
  complaint_id bigint PRIMARY KEY REFERENCES complaints (id) ON DELETE CASCADE,
  market text NOT NULL,
  received_on date NOT NULL,
  deadline date NOT NULL,
  extended_at timestamptz,
  extension_reason text,
  escalated_at timestamptz
);

-- the dashboard and the job read the unescalated and the due ones by market and date
CREATE INDEX complaint_deadlines_due_idx ON complaint_deadlines (market, deadline);
