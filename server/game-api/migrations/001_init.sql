-- The reference game API's first tables are added by the game API work; this keeps the migration runner honest from day one.
CREATE TABLE IF NOT EXISTS game_meta (key text PRIMARY KEY, value text NOT NULL);
