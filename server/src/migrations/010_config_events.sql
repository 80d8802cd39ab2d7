-- Config reloads and rejections of every instance, so GET /ui/config/status shows the last refused change whichever instance saw it.
CREATE TABLE IF NOT EXISTS config_events (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), outcome text NOT NULL CHECK (outcome IN ('loaded', 'rejected')), version text NOT NULL, errors jsonb NOT NULL DEFAULT '[]'::jsonb, instance text NOT NULL);
CREATE INDEX IF NOT EXISTS config_events_outcome_id ON config_events (outcome, id DESC);
