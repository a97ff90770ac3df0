-- What a payment's, a repay token's and an SMS's row asks of the database when it is written
-- (issue 15, decision 118), with no guarantee lost.

-- A payment and a repay token name their order and its borrower. One foreign key to the order's
-- (id, borrower_id) replaces one to the order and one to the borrower: one check where there were
-- two, and it says what the two did not, that the borrower is the order's. Deleting an order still
-- deletes them; the borrower exists because the order refers to it.
ALTER TABLE orders ADD CONSTRAINT orders_id_borrower_key UNIQUE (id, borrower_id);

ALTER TABLE payments
  DROP CONSTRAINT payments_borrower_id_fkey,
  DROP CONSTRAINT payments_order_id_fkey,
  ADD CONSTRAINT payments_order_borrower_fkey FOREIGN KEY (order_id, borrower_id)
    REFERENCES orders (id, borrower_id) ON DELETE CASCADE;

ALTER TABLE repay_tokens
  DROP CONSTRAINT repay_tokens_borrower_id_fkey,
  DROP CONSTRAINT repay_tokens_order_id_fkey,
  ADD CONSTRAINT repay_tokens_order_borrower_fkey FOREIGN KEY (order_id, borrower_id)
    REFERENCES orders (id, borrower_id) ON DELETE CASCADE;

-- Unique keys most rows leave empty index only the rows that have one: a card payment has no
-- gateway reference until it is charged, and only reminders carry a dedupe key. Lookups by a value
-- and ON CONFLICT (dedupe_key) WHERE dedupe_key IS NOT NULL use them as before.
ALTER TABLE payments DROP CONSTRAINT payments_gateway_ref_key;
CREATE UNIQUE INDEX payments_gateway_ref_key ON payments (gateway, gateway_ref) WHERE gateway_ref IS NOT NULL;

ALTER TABLE sms_outbox DROP CONSTRAINT sms_outbox_dedupe_key_key;
CREATE UNIQUE INDEX sms_outbox_dedupe_key_key ON sms_outbox (dedupe_key) WHERE dedupe_key IS NOT NULL;
