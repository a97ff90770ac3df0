-- Repayment (issue 5): how many codes a card payment has been sent. A resend replaces the code in
-- place (one row per payment), so this count is what caps the resends of one payment.
ALTER TABLE payment_codes ADD COLUMN sends integer NOT NULL DEFAULT 1 CHECK (sends > 0);
