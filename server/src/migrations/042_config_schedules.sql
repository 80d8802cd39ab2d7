-- Scheduled publishes of config drafts (Utilities → Configuration): a draft's revision to publish at a time. Every instance
-- looks for schedules that are due and claims one in the same transaction that publishes it, so it is applied once
-- whatever the number of instances (server/src/config/schedules.ts).
CREATE TABLE IF NOT EXISTS config_schedules (
  id bigserial PRIMARY KEY,
  draft_id bigint NOT NULL REFERENCES config_drafts (id),
  -- The revision scheduled: a later save cancels the schedule (below), as it voids approvals.
  revision integer NOT NULL,
  at timestamptz NOT NULL,
  message text NOT NULL DEFAULT '',
  author text NOT NULL,
  -- The draw close the time lands within 30 minutes of, when the operator confirmed scheduling it there anyway.
  near_close jsonb,
  state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'applied', 'failed', 'cancelled')),
  -- Why it failed or was cancelled: a catalogued code (UI_CONFIG_DRAFT_INVALID …) or edited, discarded, published, cancelled, rescheduled.
  reason text,
  -- The refusal's message and what it lists (problems at file and pointer, conflicts), for a failed one.
  detail jsonb,
  version_id bigint REFERENCES config_versions (id),
  -- The instance that applied it or found it failed.
  instance text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One pending schedule per draft; the due ones are found by time.
CREATE UNIQUE INDEX IF NOT EXISTS config_schedules_one_pending ON config_schedules (draft_id) WHERE state = 'scheduled';
CREATE INDEX IF NOT EXISTS config_schedules_due ON config_schedules (at) WHERE state = 'scheduled';

-- Any save, discard or publish of a draft cancels its pending schedule, whichever code path made it: a schedule holds for the
-- revision it was made for, as an approval does. A scheduled publish claims its schedule before it publishes, so it is not
-- cancelled by its own publish.
CREATE OR REPLACE FUNCTION config_drafts_cancel_schedule () RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE config_schedules SET state = 'cancelled', updated_at = now(),
         reason = CASE WHEN NEW.state = 'discarded' THEN 'discarded' WHEN NEW.state = 'published' THEN 'published' ELSE 'edited' END,
         detail = jsonb_build_object('revision', NEW.revision, 'version', NEW.published_id)
   WHERE draft_id = NEW.id AND state = 'scheduled';
  RETURN NEW;
END
$$;
DROP TRIGGER IF EXISTS config_drafts_cancel_schedule ON config_drafts;
CREATE TRIGGER config_drafts_cancel_schedule AFTER UPDATE OF revision, state ON config_drafts FOR EACH ROW
  WHEN (OLD.revision IS DISTINCT FROM NEW.revision OR OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION config_drafts_cancel_schedule();
