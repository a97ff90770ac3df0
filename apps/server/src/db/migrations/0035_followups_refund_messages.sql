-- Issue 31 follow-ups (decision 164's gap): a refund the gateway paid is told in the message centre
-- too, not only by SMS.
ALTER TABLE borrower_messages DROP CONSTRAINT borrower_messages_kind_check;
ALTER TABLE borrower_messages
  ADD CONSTRAINT borrower_messages_kind_check CHECK (kind IN ('approved', 'disbursed', 'payoutFailed', 'payoutReversed',
    'cancelled', 'dueSoon', 'overdue', 'repaid', 'complaintReplied', 'rejected', 'withdrawn', 'refunded'));
