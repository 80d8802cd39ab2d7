-- The append-only, hash-chained audit log: each row holds the hash of the one before (see server/src/audit/chain.ts).
CREATE TABLE IF NOT EXISTS audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  request_id text,
  user_id text,
  role text,
  loc_id text,
  client_address text,
  action text NOT NULL,
  method text,
  path text,
  status integer,
  duration_ms integer,
  config_version text,
  detail jsonb,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
-- Filters of GET /ui/audit, each walked newest first.
CREATE INDEX IF NOT EXISTS audit_log_user_idx ON audit_log (user_id, id);
CREATE INDEX IF NOT EXISTS audit_log_action_idx ON audit_log (action, id);
CREATE INDEX IF NOT EXISTS audit_log_at_idx ON audit_log (at);
CREATE INDEX IF NOT EXISTS audit_log_request_idx ON audit_log (request_id);
