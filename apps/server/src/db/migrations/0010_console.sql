-- The operators' console (issue 18): operators and their sessions, the append-only audit log,
-- the complaint desk's assignment and closing, and reply templates per problem type.

CREATE TABLE operators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email) AND position('@' IN email) > 1),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  role text NOT NULL CHECK (role IN ('agent', 'supervisor', 'risk', 'admin')),
  -- argon2id, PHC string
  password_hash text NOT NULL,
  -- base32 TOTP secret (RFC 6238, 30 s steps)
  totp_secret text NOT NULL,
  -- the last time step a code was accepted for: a code of that step or earlier is a replay
  last_totp_step bigint NOT NULL DEFAULT 0,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  locked_until timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Cookie sessions: only the token's SHA-256 is kept; the CSRF token is sent back in a header on every change.
CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id bigint NOT NULL REFERENCES operators (id),
  csrf_token text NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

-- Every console action, written in the transaction of the change it records; never updated or deleted.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- NULL for a refused sign-in of an address no operator has
  operator_id bigint REFERENCES operators (id),
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_operator_idx ON audit_log (operator_id, created_at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- The desk's state of a complaint: who works on it, and whether an operator closed it. A complaint without a row is unassigned and open.
CREATE TABLE complaint_desk (
  complaint_id bigint PRIMARY KEY REFERENCES complaints (id) ON DELETE CASCADE,
  assignee_id bigint REFERENCES operators (id),
  closed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaint_desk_assignee_idx ON complaint_desk (assignee_id);

-- Reply templates per problem type, in both languages: the borrower's market picks the text.
CREATE TABLE reply_templates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  problem_type integer NOT NULL CHECK (problem_type > 0),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  body_en text NOT NULL CHECK (char_length(body_en) BETWEEN 1 AND 2000),
  body_id text NOT NULL CHECK (char_length(body_id) BETWEEN 1 AND 2000),
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reply_templates_type_idx ON reply_templates (problem_type, id);

-- The chatbot editor retires nodes instead of deleting them: QA records keep pointing at them.
ALTER TABLE qa_nodes ADD COLUMN retired_at timestamptz;
