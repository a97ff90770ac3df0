-- Acquisition (issue 6): landing templates, visit and click tracking, captcha sessions, registration SMS
-- codes, registrations, the recommended-products catalogue and its events, joint-login events.

-- A promotion landing page, configured per channel: images, colours, texts and agreement links.
CREATE TABLE landing_templates (
  id text PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  -- the channel (user_from) the template is made for
  channel text NOT NULL,
  title text NOT NULL,
  subtitle text NOT NULL DEFAULT '',
  -- image URLs, top to bottom
  images jsonb NOT NULL DEFAULT '[]'::jsonb,
  background_color text NOT NULL,
  text_color text NOT NULL,
  button_color text NOT NULL,
  button_text text NOT NULL,
  -- [{ "title": …, "url": … }]
  agreements jsonb NOT NULL DEFAULT '[]'::jsonb,
  download_url text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX landing_templates_channel_idx ON landing_templates (market, channel);

CREATE TABLE promotion_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('visit', 'click')),
  page_id text NOT NULL,
  page_type text NOT NULL,
  client_type text NOT NULL DEFAULT '',
  user_from text NOT NULL DEFAULT '',
  app_from text NOT NULL DEFAULT '',
  utm_tag text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX promotion_events_page_idx ON promotion_events (page_id, created_at);

-- One image captcha per session id; only a hash of its text is kept.
-- state: fresh (not yet checked), passed (right at get-sms, good once more for register with that phone), spent.
CREATE TABLE captcha_sessions (
  sid text PRIMARY KEY,
  text_hash text,
  state text NOT NULL DEFAULT 'fresh' CHECK (state IN ('fresh', 'passed', 'spent')),
  phone text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captcha_sessions_expires_idx ON captcha_sessions (expires_at);

CREATE TABLE registration_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  phone text NOT NULL,
  ip text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_codes_phone_idx ON registration_codes (phone, created_at DESC);
CREATE INDEX registration_codes_ip_idx ON registration_codes (ip, created_at DESC);

-- Where a registered borrower came from.
CREATE TABLE registrations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  borrower_id bigint NOT NULL UNIQUE REFERENCES borrowers (id) ON DELETE CASCADE,
  template_id text NOT NULL DEFAULT '',
  device_id text NOT NULL DEFAULT '',
  app_name text NOT NULL DEFAULT '',
  merchant_number text NOT NULL DEFAULT '',
  invite_code text NOT NULL DEFAULT '',
  user_from text NOT NULL DEFAULT '',
  app_from text NOT NULL DEFAULT '',
  utm_tag text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Partner products recommended on the list, loan-details and joint-login-failure pages.
CREATE TABLE recommended_products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  code text NOT NULL,
  name text NOT NULL,
  logo_url text NOT NULL DEFAULT '',
  amount_range text NOT NULL,
  amount_range_des text NOT NULL,
  loan_rate text NOT NULL,
  description text NOT NULL DEFAULT '',
  tags jsonb NOT NULL DEFAULT '[]'::jsonb,
  button_text text NOT NULL,
  -- 1 active, 0 disabled (spec §3)
  button_status smallint NOT NULL DEFAULT 1 CHECK (button_status IN (0, 1)),
  -- an http(s) URL opened by the page, or a target handed to the native bridge
  target text NOT NULL,
  -- where the product is shown: relevant, banner, popup, bag, joint_login, …
  scenes text[] NOT NULL DEFAULT '{}',
  sort_order integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT recommended_products_market_code_key UNIQUE (market, code)
);

CREATE TABLE recommend_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('page_event', 'apply')),
  borrower_id bigint NOT NULL REFERENCES borrowers (id) ON DELETE CASCADE,
  product_id bigint NOT NULL REFERENCES recommended_products (id),
  module_id integer NOT NULL,
  position_id integer,
  scene text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recommend_events_product_idx ON recommend_events (product_id, created_at);

CREATE TABLE joint_login_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id bigint NOT NULL REFERENCES recommended_products (id),
  -- the constant 18 of spec §9
  source integer NOT NULL,
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX joint_login_events_product_idx ON joint_login_events (product_id, created_at);
