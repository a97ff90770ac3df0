-- Issue 31 item 3 (decision 167): the recommended-products catalogue is edited on the console's
-- products screen. A scene's module id (spec §9: 301 for the banner and popup precise scenes, 302 for
-- bag scenes, 300 otherwise) was worked out from its name in code; each scene now has its row, which
-- the list and apply calls read and operators set. Seeded with the scenes in use and the module id the
-- name rule gives each today, so nothing changes; a scene without a row still gets the name rule's.
CREATE TABLE recommend_scenes (
  scene text PRIMARY KEY CHECK (scene ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  module_id integer NOT NULL CHECK (module_id IN (300, 301, 302)),
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO recommend_scenes (scene, module_id, description) VALUES
  ('relevant', 300, 'The recommended-products list (/relevant) and loan details'),
  ('banner', 301, 'The banner (a precise scene)'),
  ('popup', 301, 'The popup (a precise scene)'),
  ('bag', 302, 'The bag (loan more)'),
  ('joint_login', 300, 'The joint-login failure page')
ON CONFLICT (scene) DO NOTHING;
