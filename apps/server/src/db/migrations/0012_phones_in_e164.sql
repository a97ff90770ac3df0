-- Phones are stored in E.164 (docs/decisions/056): India's 10-digit mobiles (optionally written
-- with 0 or 91) become +91…, Indonesia's 08… mobiles (or 628…) become +628…. Separators typed in
-- the past are dropped first; anything else is left as it was.
CREATE FUNCTION pg_temp.e164(market text, phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN market = 'IN' AND regexp_replace(phone, '[\s().-]', '', 'g') ~ '^(\+?91|0)?[6-9][0-9]{9}$'
      THEN '+91' || right(regexp_replace(phone, '[\s().-]', '', 'g'), 10)
    WHEN market = 'ID' AND regexp_replace(phone, '[\s().-]', '', 'g') ~ '^(\+?62|0)8[0-9]{7,11}$'
      THEN '+62' || regexp_replace(regexp_replace(phone, '[\s().-]', '', 'g'), '^(\+?62|0)', '')
    ELSE phone
  END
$$;

UPDATE borrowers SET phone = pg_temp.e164(market, phone) WHERE phone NOT LIKE '+%';
UPDATE login_codes SET phone = pg_temp.e164(market, phone) WHERE phone NOT LIKE '+%';
UPDATE registration_codes SET phone = pg_temp.e164(market, phone) WHERE phone NOT LIKE '+%';
UPDATE sms_messages SET phone = pg_temp.e164(market, phone) WHERE phone NOT LIKE '+%';
UPDATE sms_outbox SET phone = pg_temp.e164(market, phone) WHERE phone NOT LIKE '+%';
