-- Collections, the rest (issue 46, decisions 214–215).

-- the sandbox's clock for collection conduct (decision 214): an offset from the real time that the
-- contact rules (hours, Sundays, holidays, the daily cap) are judged at, so a browser test can work
-- a case at 11:00 whatever the hour it runs. One row per scope, shared by every instance; production
-- never reads it and has no route that writes it.
CREATE TABLE sandbox_clock (
  scope text PRIMARY KEY CHECK (scope IN ('collection-contact')),
  offset_ms bigint NOT NULL,
  set_at timestamptz NOT NULL
);

-- a follow-up the collector schedules on a contact (decision 215): shown first in "My cases" once due
ALTER TABLE collection_contacts ADD COLUMN follow_up_at timestamptz;
CREATE INDEX collection_contacts_follow_up ON collection_contacts (case_id, follow_up_at) WHERE follow_up_at IS NOT NULL;
