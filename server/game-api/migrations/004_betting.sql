-- The betting domain: draws and results, pay rates, commission and out settings, tickets, bets, per-level rows, strikes, uploads, jobs and fixed bets.
-- Every money column is numeric(14,2); rates and shares keep 4 places.
CREATE TABLE draws (
  draw_id serial PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  series text NOT NULL CHECK (series IN ('SG4D', 'MG4D', 'TOTO')),
  draw_date date NOT NULL,
  close_at timestamptz NOT NULL,
  special boolean NOT NULL DEFAULT false,
  result jsonb,
  result_entered_at timestamptz,
  is_finalised boolean NOT NULL DEFAULT false,
  finalised_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (series, draw_date)
);
CREATE INDEX draws_game_date ON draws (game, draw_date);
-- Pay rates per user and game (the bettor's row settles its lines); user_id '*' is the default row.
CREATE TABLE pay_rates (user_id text NOT NULL, game text NOT NULL CHECK (game IN ('4D', 'TOTO')), rates jsonb NOT NULL, updated_at timestamptz NOT NULL, PRIMARY KEY (user_id, game));
-- Commission rate and out setting (intake limit per number or entry) per user and game; absent means rate 0 and no limit.
CREATE TABLE commission_rates (user_id text NOT NULL REFERENCES users (user_id), game text NOT NULL CHECK (game IN ('4D', 'TOTO')), rate numeric(6, 4) NOT NULL CHECK (rate >= 0 AND rate <= 0.3), PRIMARY KEY (user_id, game));
CREATE TABLE out_settings (user_id text NOT NULL REFERENCES users (user_id), game text NOT NULL CHECK (game IN ('4D', 'TOTO')), big_limit numeric(14, 2), small_limit numeric(14, 2), unit_limit numeric(14, 2), PRIMARY KEY (user_id, game));
-- charged: the ticket moved the bettor's money (placed through the routes); seeded history and benchmark tickets do not.
CREATE TABLE tickets (
  ticket_id bigserial PRIMARY KEY,
  ticket_no text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users (user_id),
  placed_by text NOT NULL REFERENCES users (user_id),
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  loc_id text,
  series text NOT NULL,
  day_code text,
  source text NOT NULL CHECK (source IN ('web', 'sms', 'upload', 'fixed')),
  text text,
  stake numeric(14, 2) NOT NULL,
  charged boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'void')),
  file_id integer,
  placed_at timestamptz NOT NULL,
  voided_at timestamptz
);
CREATE INDEX tickets_user_placed ON tickets (user_id, placed_at DESC);
-- One row per ticket line and draw: 4D number/form/big/small, or TOTO type/numbers/units per combination.
CREATE TABLE bets (
  bet_id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES tickets (ticket_id),
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  user_id text NOT NULL REFERENCES users (user_id),
  game text NOT NULL,
  line_no integer NOT NULL,
  number text NOT NULL,
  form text NOT NULL,
  numbers integer[],
  system_size integer,
  big numeric(14, 2) NOT NULL DEFAULT 0,
  small numeric(14, 2) NOT NULL DEFAULT 0,
  units numeric(14, 2) NOT NULL DEFAULT 0,
  combinations integer NOT NULL DEFAULT 1,
  amount numeric(14, 2) NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void')),
  payout numeric(14, 2) NOT NULL DEFAULT 0,
  settled_at timestamptz
);
CREATE INDEX bets_draw ON bets (draw_id, status);
CREATE INDEX bets_ticket ON bets (ticket_id);
CREATE INDEX bets_number ON bets (number);
-- The detail rows: what reached each level of the bettor's chain (level 0 = bettor), what it kept, passed on, earned and paid.
CREATE TABLE bet_levels (
  bet_id bigint NOT NULL REFERENCES bets (bet_id),
  level integer NOT NULL,
  user_id text NOT NULL REFERENCES users (user_id),
  draw_id integer NOT NULL,
  share numeric(6, 4) NOT NULL,
  commission numeric(14, 2) NOT NULL,
  big_in numeric(14, 2) NOT NULL DEFAULT 0,
  small_in numeric(14, 2) NOT NULL DEFAULT 0,
  amount_in numeric(14, 2) NOT NULL,
  big_intake numeric(14, 2) NOT NULL DEFAULT 0,
  small_intake numeric(14, 2) NOT NULL DEFAULT 0,
  amount_intake numeric(14, 2) NOT NULL,
  big_out numeric(14, 2) NOT NULL DEFAULT 0,
  small_out numeric(14, 2) NOT NULL DEFAULT 0,
  amount_out numeric(14, 2) NOT NULL,
  max_payout numeric(14, 2) NOT NULL,
  intake_payout numeric(14, 2) NOT NULL DEFAULT 0,
  out_payout numeric(14, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (bet_id, level)
);
CREATE INDEX bet_levels_user_draw ON bet_levels (user_id, draw_id);
CREATE INDEX bet_levels_draw ON bet_levels (draw_id);
-- Each prize a settled bet took: 4D tier, TOTO group (G1-G7) or side bet type, with the count of combinations.
CREATE TABLE strikes (
  strike_id bigserial PRIMARY KEY,
  bet_id bigint NOT NULL REFERENCES bets (bet_id),
  draw_id integer NOT NULL,
  user_id text NOT NULL,
  number text NOT NULL,
  prize text NOT NULL,
  rate_table text,
  big numeric(14, 2) NOT NULL DEFAULT 0,
  small numeric(14, 2) NOT NULL DEFAULT 0,
  hits integer NOT NULL DEFAULT 1,
  payout numeric(14, 2) NOT NULL
);
CREATE INDEX strikes_draw ON strikes (draw_id);
CREATE INDEX strikes_bet ON strikes (bet_id);
-- Uploaded bet files and the long-running jobs that process them.
CREATE TABLE files (
  file_id serial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id),
  game text NOT NULL,
  name text NOT NULL,
  content text NOT NULL,
  strict_number boolean NOT NULL DEFAULT true,
  accept_decimals boolean NOT NULL DEFAULT false,
  remarks text NOT NULL DEFAULT '',
  file_status text NOT NULL DEFAULT 'uploaded' CHECK (file_status IN ('uploaded', 'processing', 'processed', 'failed')),
  line_count integer NOT NULL DEFAULT 0,
  placed_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]',
  uploaded_at timestamptz NOT NULL,
  processed_at timestamptz
);
CREATE INDEX files_user ON files (user_id, file_id DESC);
CREATE TABLE jobs (
  job_id serial PRIMARY KEY,
  kind text NOT NULL,
  subject_id integer,
  user_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX jobs_subject ON jobs (kind, subject_id, job_id DESC);
-- Fixed (recurring) bets: the lines are placed again on every draw of the day code by the fixed process.
CREATE TABLE fixed_bets (
  fixed_id serial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id),
  placed_by text NOT NULL REFERENCES users (user_id),
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  day_code text NOT NULL,
  lines jsonb NOT NULL,
  stake_per_draw numeric(14, 2) NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);
CREATE INDEX fixed_bets_user ON fixed_bets (user_id);
