-- Bin burst: a draw's result imported as a file is staged here, previewed (the payouts it would make), applied by a job, then confirmed (finalised).
CREATE TABLE result_imports (
  import_id serial PRIMARY KEY,
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  game text NOT NULL,
  loc_id text REFERENCES locations (loc_id),
  file_name text NOT NULL,
  content text NOT NULL,
  result jsonb NOT NULL,
  status text NOT NULL DEFAULT 'imported' CHECK (status IN ('imported', 'previewed', 'applied', 'confirmed')),
  preview jsonb,
  report jsonb,
  imported_by text NOT NULL REFERENCES users (user_id),
  imported_at timestamptz NOT NULL,
  applied_at timestamptz,
  confirmed_at timestamptz
);
CREATE INDEX result_imports_loc ON result_imports (game, loc_id, import_id DESC);
