-- The config console (Utilities → Configuration): versions made in the product besides those imported from files, drafts that
-- become versions once checked (and approved, when the deployment asks for it), and which version each instance serves.
ALTER TABLE config_versions DROP CONSTRAINT IF EXISTS config_versions_source_check;
ALTER TABLE config_versions ADD CONSTRAINT config_versions_source_check CHECK (source IN ('files', 'console', 'rollback'));

-- The content of menus/ as last seen by any instance: files that differ from it are a change to import (or to draft, when the live
-- version was made in the console since; server/src/config/versions.ts).
ALTER TABLE config_live ADD COLUMN IF NOT EXISTS files_content text;

CREATE TABLE IF NOT EXISTS config_drafts (
  id bigserial PRIMARY KEY,
  base_id bigint NOT NULL REFERENCES config_versions (id),
  files jsonb NOT NULL,
  author text NOT NULL,
  -- Everyone who saved it: none of them may approve it.
  editors text[] NOT NULL,
  message text NOT NULL DEFAULT '',
  source text NOT NULL CHECK (source IN ('console', 'files')),
  -- Raised by every save: a save or publish names the revision it was made from, and an approval holds only for its revision.
  revision integer NOT NULL DEFAULT 1,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'published', 'discarded')),
  published_id bigint REFERENCES config_versions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS config_drafts_open ON config_drafts (state, id);

CREATE TABLE IF NOT EXISTS config_approvals (
  draft_id bigint NOT NULL REFERENCES config_drafts (id),
  revision integer NOT NULL,
  approver text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (draft_id, revision, approver)
);

-- Each instance's served version, written when it takes a version and on its catch-up poll (seen_at).
CREATE TABLE IF NOT EXISTS config_instances (
  instance text PRIMARY KEY,
  version_id bigint NOT NULL REFERENCES config_versions (id),
  since timestamptz NOT NULL,
  seen_at timestamptz NOT NULL
);
