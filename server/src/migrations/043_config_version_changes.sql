-- What each config version changed against its parent (a count and the first one or two changes, or that it is the initial
-- import), computed once when the version is made: the versions list shows it without diffing ~1 MB of files per row.
-- Versions made before this column have none (null); they stay as they are, versions being immutable.
ALTER TABLE config_versions ADD COLUMN IF NOT EXISTS changes jsonb;
