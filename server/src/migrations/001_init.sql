-- Numbering: 010-019 config status, 020-029 audit log, 030-039 sessions. Each migration is one job.
CREATE TABLE IF NOT EXISTS service_meta (key text PRIMARY KEY, value text NOT NULL);
