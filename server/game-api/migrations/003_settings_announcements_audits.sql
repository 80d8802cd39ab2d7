-- Key/value settings: app download URLs, maintenance end time.
CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);
-- SMS and Telegram betting settings, one row per game (4D, TOTO).
CREATE TABLE sms_settings (game text PRIMARY KEY CHECK (game IN ('4D', 'TOTO')), sms_number text NOT NULL, telegram_bot text NOT NULL, open_time text NOT NULL, close_time text NOT NULL, open_day text NOT NULL, sms_helpdesk text NOT NULL);
-- loc_id null means every location.
CREATE TABLE announcements (announcement_id serial PRIMARY KEY, content text NOT NULL, color text NOT NULL, popup text NOT NULL CHECK (popup IN ('Y', 'N')), loc_id text REFERENCES locations (loc_id), created_by text NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX announcements_created_at ON announcements (created_at DESC);
-- The game API's own change log: who did what, where, when.
CREATE TABLE audits (audit_id bigserial PRIMARY KEY, user_id text, action text NOT NULL, path text NOT NULL, detail jsonb NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL);
CREATE INDEX audits_user_id ON audits (user_id, audit_id);
CREATE INDEX audits_action ON audits (action, audit_id);
