-- Repay the way borrowers pay (issue 51, decisions 240 and 241): by UPI in India, by e-wallet or QRIS
-- in Indonesia. A UPI intent link, a QRIS string or an e-wallet charge's id is kept in vcode, as a
-- virtual account keeps its number; an e-wallet's channel in pay_code, as a bank's.
ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('card', 'virtual_account', 'mini_market', 'checkout', 'upi', 'ewallet', 'qris'));
