-- Issue 47 item 10 (decision 284): a product's logo is uploaded in the console and stored as the
-- other images are (the object store, a row in uploads), with the purpose 'logo': the one purpose
-- served to anyone, without a signed link, since a logo is public and its name never changes.
ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('evidence', 'identity', 'logo'));
