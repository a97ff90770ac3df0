-- India's Pay by UPI (issue 51, decision 240): a payment may be made by UPI, against a single-use
-- UPI QR code whose intent link (upi://pay…) is kept in vcode, as a virtual account keeps its number.
ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('card', 'virtual_account', 'mini_market', 'checkout', 'upi'));
