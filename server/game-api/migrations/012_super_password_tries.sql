-- Wrong super passwords (issue 14): counted per user, and a run of them locks the super password for a while.
ALTER TABLE users ADD COLUMN super_password_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN super_password_locked_until timestamptz;
