-- The console's dashboard (issue 31 item 4, decision 166): each figure reads its range of dates
-- through an index, so a range costs what it holds, not what the table holds.

-- disbursed, repaid, penalties accrued and waived per business date; the order and amount in the index
CREATE INDEX ledger_entries_kind_date_idx ON ledger_entries (kind, business_date) INCLUDE (order_id, amount_minor);
-- payouts that failed or came back, by when
CREATE INDEX payout_state_changes_status_at_idx ON payout_state_changes (status, at);
-- complaints made, chatbot feedback, visits and clicks, codes sent and registrations in a range
CREATE INDEX complaints_created_idx ON complaints (created_at);
CREATE INDEX qa_records_feedback_idx ON qa_records (created_at) WHERE type IN (1, 2);
CREATE INDEX promotion_events_created_idx ON promotion_events (created_at);
CREATE INDEX registration_codes_market_created_idx ON registration_codes (market, created_at);
CREATE INDEX registrations_created_idx ON registrations (created_at);
-- a code sent is counted in the channel of its phone's last click before it
CREATE INDEX promotion_events_click_phone_idx ON promotion_events (phone, created_at DESC) WHERE kind = 'click' AND phone <> '';
-- the open loans by days past due: each open order's principal, periods, due date and disbursal from
-- the index alone; which of them have a repayment is read from the repayments since the oldest was
-- disbursed (ledger_entries_kind_date_idx), and each of those loans by period
CREATE INDEX orders_open_book_idx ON orders (market, id) INCLUDE (principal_minor, periods, due_date, disbursed_at)
  WHERE closed_on IS NULL AND disbursed_at IS NOT NULL AND cancelled_at IS NULL;
CREATE INDEX ledger_entries_repayment_order_idx ON ledger_entries (order_id) WHERE kind = 'repayment';
