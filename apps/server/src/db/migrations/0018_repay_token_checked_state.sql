-- The order's state a repay token's amount was checked on (issue 15, decision 119): the order's
-- revision (decision 115), the business date and, for an extension, the days it moves the due
-- date. While the order's revision and the date are the same, the state is the same and so is the
-- check, and a repayment commit writes its payment in one statement without reading the order
-- again. A token without them (issued before this migration, or on an order whose decision or
-- disbursal was still ahead) is checked the long way.
ALTER TABLE repay_tokens
  ADD COLUMN order_revision bigint,
  ADD COLUMN checked_on date,
  ADD COLUMN extension_shift_days integer CHECK (extension_shift_days > 0);
