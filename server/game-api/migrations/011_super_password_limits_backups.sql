-- Utilities and limits (issue 15): the super password, per-draw limits per number and bet type, and which tickets an .ara backup holds.
-- The super password: a second secret (scrypt, like the sign-in password) that confirms destructive calls; null until the user sets one.
ALTER TABLE users ADD COLUMN super_password_hash text;
-- The most units one number and bet type may take in any one draw of a game (TOTO: number is the line's two-digit numbers, or the side-bet type).
CREATE TABLE bet_limits (
  limit_id serial PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  number text NOT NULL,
  bet_type text NOT NULL,
  max_units numeric(14, 2) NOT NULL CHECK (max_units >= 0),
  updated_by text NOT NULL REFERENCES users (user_id),
  updated_at timestamptz NOT NULL,
  UNIQUE (game, bet_type, number)
);
-- When a ticket was written to an .ara backup (null: not yet backed up); countCreateARA counts the nulls of a draw.
ALTER TABLE tickets ADD COLUMN ara_backed_up_at timestamptz;
-- Fixed Setting: per user and game, whether the fixed process places the user's standing orders, and on which weekdays' draws
-- (0 Sunday … 6 Saturday; empty: every draw the order's day code covers). A user without a row is enabled on every day.
CREATE TABLE fixed_settings (
  user_id text NOT NULL REFERENCES users (user_id),
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  enabled boolean NOT NULL,
  draw_days integer[] NOT NULL DEFAULT '{}',
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game)
);
-- Fixed Process: what each run did per standing order and draw (fixed_id without a foreign key: a deleted order keeps its history).
-- placed: written in the placement's own transaction, so an order is placed once per draw; a failed one is tried again by the next run.
CREATE TABLE fixed_runs (
  run_id bigserial PRIMARY KEY,
  job_id integer NOT NULL,
  fixed_id integer NOT NULL,
  user_id text NOT NULL,
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  placed boolean NOT NULL,
  ticket_no text,
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX fixed_runs_placed_once ON fixed_runs (fixed_id, draw_id) WHERE placed;
CREATE INDEX fixed_runs_job ON fixed_runs (job_id, run_id);
