-- Every SMS goes through an outbox (issue 12): written in the caller's transaction, delivered after
-- commit by a drainer, so an SMS never leaves for a transaction that rolled back. The clean-up job's
-- set-based deletes get the indexes they scan by.

CREATE TABLE sms_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL,
  phone text NOT NULL,
  purpose text NOT NULL,
  body text NOT NULL,
  -- one message per key (due reminders: order, period, due date and kind); NULL for codes
  dedupe_key text UNIQUE,
  -- not delivered before (quiet hours hold reminders until 08:00 local), nor after (dropped as 'expired')
  not_before timestamptz NOT NULL,
  not_after timestamptz,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'expired')),
  attempts integer NOT NULL DEFAULT 0,
  -- a drainer's claim: another instance takes the row only once the lease has passed
  claimed_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL
);
-- what the drainer scans: pending rows in delivery order
CREATE INDEX sms_outbox_pending_idx ON sms_outbox (not_before, id) WHERE status = 'pending';
CREATE INDEX sms_outbox_done_idx ON sms_outbox (created_at) WHERE status <> 'pending';

-- the development inbox is the outbox's development transport: one inbox row per outbox row, so a
-- redelivery after a lost lease shows the message once
ALTER TABLE sms_messages ADD COLUMN outbox_id bigint UNIQUE;

-- clean-up (issue 12)
CREATE INDEX login_codes_expires_idx ON login_codes (expires_at);
CREATE INDEX registration_codes_expires_idx ON registration_codes (expires_at);
CREATE INDEX agreement_links_expires_idx ON agreement_links (expires_at);
CREATE INDEX repay_tokens_expires_idx ON repay_tokens (expires_at);
CREATE INDEX payment_codes_expires_idx ON payment_codes (expires_at);
CREATE INDEX payments_open_codes_expiry_idx ON payments (expires_at)
  WHERE vcode IS NOT NULL AND status IN ('created', 'awaiting_code', 'submitted');
-- reconciliation: card payments left submitted
CREATE INDEX payments_submitted_cards_idx ON payments (updated_at) WHERE method = 'card' AND status = 'submitted';
-- due reminders: the periods whose due date falls in the next few days
CREATE INDEX order_periods_due_date_idx ON order_periods (due_date);
