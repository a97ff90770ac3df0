-- The message centre (issue 17, decision 108): one row per status change a borrower is told of,
-- written in the transaction of the event that causes it. The text is not stored: kind and params
-- are, and the text is rendered on read in the language of the page, so both packs work.
-- shown_at is when the event happens: a submit decides now when approval and disbursal show.

CREATE TABLE borrower_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  complaint_id bigint REFERENCES complaints (id),
  kind text NOT NULL CHECK (kind IN ('approved', 'disbursed', 'dueSoon', 'overdue', 'repaid', 'complaintReplied')),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  idempotency_key text NOT NULL UNIQUE,
  shown_at timestamptz NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX borrower_messages_list ON borrower_messages (borrower_id, shown_at DESC, id DESC);
CREATE INDEX borrower_messages_unread ON borrower_messages (borrower_id) WHERE read_at IS NULL;
