-- The console's search and borrower pages (issue 31 item 1, decision 156): a borrower by a name's
-- first letters, by a card's or a disbursal account's last four, the SMS sent to their phone, and the
-- webhook events and payouts of an order. Phone and order number already have their unique indexes;
-- a borrower's cards are found by their (borrower_id, fingerprint) key.
CREATE INDEX borrowers_name_prefix_idx ON borrowers (lower(name) text_pattern_ops, id);
CREATE INDEX bank_cards_last4_idx ON bank_cards (last4);
CREATE INDEX disbursal_accounts_last4_idx ON disbursal_accounts (last4);
CREATE INDEX disbursal_accounts_borrower_idx ON disbursal_accounts (borrower_id);
CREATE INDEX payouts_order_idx ON payouts (order_id, attempt);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone, created_at DESC);
CREATE INDEX webhook_events_gateway_ref_idx ON webhook_events (gateway_ref) WHERE gateway_ref IS NOT NULL;
