-- India's AutoPay (issue 51 item 2, decisions 242–245): a UPI AutoPay / e-NACH mandate per order,
-- capped at the largest instalment and expiring after the last due date, moved only by the
-- gateway's signed events and the borrower's own pause, resume and cancel; and each instalment's
-- debit through it: its pre-debit notice (at least 24 hours before), then its payment, which is an
-- ordinary payment row (method 'autopay') posted by the same webhook path as every other method.
CREATE TABLE mandates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  market text NOT NULL,
  gateway text NOT NULL,
  method text NOT NULL CHECK (method IN ('upi', 'emandate')),
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'active', 'paused', 'cancelled', 'rejected', 'expired')),
  -- who paused it: the borrower from loan details (Kilat holds its debits) or the payer's UPI app (token.paused)
  paused_by text CHECK (paused_by IN ('borrower', 'gateway')),
  max_amount_minor bigint NOT NULL CHECK (max_amount_minor > 0),
  expires_at timestamptz NOT NULL,
  -- the gateway's registration: where the borrower authorises it, its id, the authorisation order and customer
  auth_url text,
  gateway_ref text,
  gateway_order_ref text,
  customer_ref text,
  -- the gateway's token once the mandate is registered (Razorpay token_…), which every debit uses
  token_ref text,
  failure_reason text,
  authorised_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one live mandate per loan: setting up another while one is waiting, active or paused is refused
CREATE UNIQUE INDEX mandates_one_live_per_order ON mandates (order_id) WHERE status IN ('created', 'active', 'paused');
CREATE UNIQUE INDEX mandates_token ON mandates (gateway, token_ref) WHERE token_ref IS NOT NULL;
CREATE INDEX mandates_gateway_order ON mandates (gateway, gateway_order_ref) WHERE gateway_order_ref IS NOT NULL;
CREATE INDEX mandates_active ON mandates (market, status);

-- one debit per mandate, instalment and due date: notified (the pre-debit notice sent), presented (its payment
-- handed to the gateway), skipped (paid otherwise, paused or cancelled before its time) or missed (its day passed)
CREATE TABLE mandate_debits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mandate_id bigint NOT NULL REFERENCES mandates (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  period_no integer NOT NULL,
  due_date date NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL DEFAULT 'notified' CHECK (status IN ('notified', 'presented', 'skipped', 'missed')),
  notified_at timestamptz NOT NULL,
  debit_not_before timestamptz NOT NULL,
  -- the gateway's reference of the notice (Razorpay's order with its notification), when it keeps one
  gateway_ref text,
  payment_id bigint REFERENCES payments (id),
  skip_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (mandate_id, period_no, due_date),
  CHECK (debit_not_before >= notified_at + interval '24 hours')
);
CREATE INDEX mandate_debits_due ON mandate_debits (status, debit_not_before);

ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('card', 'virtual_account', 'mini_market', 'checkout', 'upi', 'ewallet', 'qris', 'autopay'));

-- the pre-debit notice in the message centre
ALTER TABLE borrower_messages DROP CONSTRAINT borrower_messages_kind_check;
ALTER TABLE borrower_messages
  ADD CONSTRAINT borrower_messages_kind_check CHECK (kind IN ('approved', 'disbursed', 'payoutFailed', 'payoutReversed',
    'cancelled', 'dueSoon', 'overdue', 'repaid', 'complaintReplied', 'rejected', 'withdrawn', 'refunded', 'agencyNotice',
    'autopayDebit'));
