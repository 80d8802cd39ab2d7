-- Each record is the only one linking to the record before it: an appender that built on a stale head fails and retries
-- (server/src/audit/store.ts), so concurrent instances can never fork the chain.
CREATE UNIQUE INDEX IF NOT EXISTS audit_log_prev_hash_key ON audit_log (prev_hash);
