-- The durable job runner (server/game-api/jobs/): what a job runs (payload), when (run_at), who holds it (a lease renewed while it runs),
-- how far it got (done_count of total_count) and how often it was tried. Scheduling columns use the database clock, shared by every instance.
ALTER TABLE jobs ADD COLUMN payload jsonb NOT NULL DEFAULT '{}';
ALTER TABLE jobs ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN max_attempts integer NOT NULL DEFAULT 3 CHECK (max_attempts >= 1);
ALTER TABLE jobs ADD COLUMN run_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE jobs ADD COLUMN locked_by text;
ALTER TABLE jobs ADD COLUMN locked_until timestamptz;
ALTER TABLE jobs ADD COLUMN done_count integer NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN total_count integer NOT NULL DEFAULT 0;
-- Progress is done_count of total_count now: one fact, one place.
ALTER TABLE jobs DROP COLUMN progress;
-- A job may be the system's own (finalising a draw), started by no user.
ALTER TABLE jobs ALTER COLUMN user_id DROP NOT NULL;
CREATE INDEX jobs_claimable ON jobs (run_at, job_id) WHERE status IN ('queued', 'running');
-- Each line of an uploaded file, recorded in the transaction that placed it (or alone, with its errors): a resumed job skips the lines recorded.
CREATE TABLE upload_lines (
  file_id integer NOT NULL REFERENCES files (file_id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  placed boolean NOT NULL,
  errors jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (file_id, line_no)
);
