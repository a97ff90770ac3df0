-- Who the borrower is (issue 29 item 2, decisions 151–153): each identity check sent to the KYC
-- provider, kept with its outcome. Identity numbers (PAN, NIK) are sealed with ACCOUNT_ENCRYPTION_KEY
-- (AES-256-GCM, as disbursal account numbers are); of the Aadhaar number only its last four and the
-- provider's reference are ever kept. One current check per borrower: a new one replaces it.
CREATE TABLE identity_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL REFERENCES borrowers (id),
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  document_kind text NOT NULL CHECK (document_kind IN ('pan_aadhaar', 'nik_ktp')),
  provider text NOT NULL,
  -- the provider's id of the check (India: its offline e-KYC reference, which stands for the Aadhaar number)
  provider_ref text NOT NULL,
  status text NOT NULL CHECK (status IN ('awaiting_otp', 'pending', 'verified', 'failed')),
  failure text CHECK (failure IN ('name_mismatch', 'birth_date_mismatch', 'liveness_failed', 'document_not_found')),
  given_name text NOT NULL,
  given_birth_date date NOT NULL,
  -- what the document says, once the provider has read it
  document_name text,
  document_birth_date date,
  number_sealed text NOT NULL,
  number_last4 text NOT NULL CHECK (number_last4 ~ '^[0-9A-Z]{4}$'),
  aadhaar_last4 text CHECK (aadhaar_last4 ~ '^[0-9]{4}$'),
  liveness_score smallint,
  selfie_upload text NOT NULL,
  document_upload text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  replaced_at timestamptz
);
CREATE UNIQUE INDEX identity_checks_current ON identity_checks (borrower_id) WHERE replaced_at IS NULL;
CREATE UNIQUE INDEX identity_checks_provider_ref ON identity_checks (provider, provider_ref);

-- An image's purpose: complaint evidence (every image so far) or an identity document or selfie,
-- which is never evidence and is served only to its borrower and to operators of the risk role.
ALTER TABLE uploads ADD COLUMN purpose text NOT NULL DEFAULT 'evidence' CHECK (purpose IN ('evidence', 'identity'));
