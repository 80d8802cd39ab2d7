-- A job's message as a code and named values besides its English (issue #39): the page says what a job is doing, did or why it
-- failed in the user's language (menus/i18n jobs.<code>). A fixed run's refusal keeps its code and values the same way.
ALTER TABLE jobs ADD COLUMN message_code text NOT NULL DEFAULT '', ADD COLUMN message_values jsonb NOT NULL DEFAULT '{}';
ALTER TABLE fixed_runs ADD COLUMN message_code text NOT NULL DEFAULT '', ADD COLUMN message_values jsonb NOT NULL DEFAULT '{}';
