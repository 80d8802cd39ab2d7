-- Every config the service has served, as an immutable numbered version (its files, who made it, why, what it followed),
-- and the one live version. Versions are only ever added: a change, a re-import or a rollback is a new version.
CREATE TABLE IF NOT EXISTS config_versions (
  id bigserial PRIMARY KEY,
  content_version text NOT NULL,
  files jsonb NOT NULL,
  author text NOT NULL,
  message text NOT NULL,
  parent_id bigint REFERENCES config_versions (id),
  source text NOT NULL CHECK (source IN ('files')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The same content never follows the same version twice: two instances importing the same files at once make one version
-- (the importer also locks config_live, server/src/config/versions.ts; this holds it whatever the code does).
CREATE UNIQUE INDEX IF NOT EXISTS config_versions_parent_content ON config_versions ((COALESCE(parent_id, 0)), content_version);

CREATE OR REPLACE FUNCTION config_versions_immutable () RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'config versions are immutable: make a new version instead of changing or deleting version %', OLD.id;
END
$$;
CREATE TRIGGER config_versions_immutable BEFORE UPDATE OR DELETE ON config_versions FOR EACH ROW EXECUTE FUNCTION config_versions_immutable();

-- The live version: one row, null until the first config is imported.
CREATE TABLE IF NOT EXISTS config_live (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  version_id bigint REFERENCES config_versions (id),
  since timestamptz
);
INSERT INTO config_live (one) VALUES (true) ON CONFLICT DO NOTHING;
