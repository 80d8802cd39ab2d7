-- The x-request-id a trusted proxy sent, beside the service's own request id (server/src/plugins/app/request-id.ts).
ALTER TABLE audit_log ADD COLUMN IF NOT EXISTS forwarded_request_id text;
