-- Risk: share claims (what each upline claims from or owes each direct downline on the group's win/loss for a period) and their claim-backs;
-- special bets (server/docs/special-bets.md): each level's settings and the tickets their generation placed.

-- A claim recorded for one period: the win/loss of the downline's group, split into what the group holds, what the upline holds and
-- what is held above the upline; claim = upline + above (positive: the downline pays the upline). Figures are frozen when recorded.
CREATE TABLE share_claims (
  claim_id serial PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  upline_id text NOT NULL REFERENCES users (user_id),
  downline_id text NOT NULL REFERENCES users (user_id),
  draw_from date NOT NULL,
  draw_to date NOT NULL CHECK (draw_to >= draw_from),
  bets integer NOT NULL,
  win_loss numeric(14, 2) NOT NULL,
  downline_share numeric(14, 2) NOT NULL,
  upline_share numeric(14, 2) NOT NULL,
  above_share numeric(14, 2) NOT NULL,
  claim numeric(14, 2) NOT NULL CHECK (claim = upline_share + above_share),
  claim_back_id integer,
  created_by text NOT NULL REFERENCES users (user_id),
  created_at timestamptz NOT NULL,
  -- One claim per pair and period: recording again replaces an unsettled one.
  UNIQUE (game, upline_id, downline_id, draw_from, draw_to)
);
CREATE INDEX share_claims_upline ON share_claims (upline_id, game, draw_from);

-- A claim-back: claims between one upline and one downline imported together and settled as one amount.
CREATE TABLE share_claim_backs (
  claim_back_id serial PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  upline_id text NOT NULL REFERENCES users (user_id),
  downline_id text NOT NULL REFERENCES users (user_id),
  amount numeric(14, 2) NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  remarks text NOT NULL DEFAULT '',
  created_by text NOT NULL REFERENCES users (user_id),
  created_at timestamptz NOT NULL,
  settled_by text REFERENCES users (user_id),
  settled_at timestamptz
);
CREATE INDEX share_claim_backs_upline ON share_claim_backs (upline_id, game, claim_back_id DESC);
ALTER TABLE share_claims ADD CONSTRAINT share_claims_back FOREIGN KEY (claim_back_id) REFERENCES share_claim_backs (claim_back_id) ON DELETE SET NULL;

-- Bet Special settings, one row per level (4D only): setting 1 the numbers (patterns, extra numbers, Big and Small each),
-- setting 2 the placement (the account, the series whose next draw is used, skipping numbers already bet, a stake cap; 0 = none).
CREATE TABLE bet_special_settings (
  user_id text PRIMARY KEY REFERENCES users (user_id),
  patterns text[] NOT NULL DEFAULT '{}',
  numbers text[] NOT NULL DEFAULT '{}',
  big numeric(14, 2) NOT NULL DEFAULT 0 CHECK (big >= 0),
  small numeric(14, 2) NOT NULL DEFAULT 0 CHECK (small >= 0),
  bettor_id text REFERENCES users (user_id),
  series text NOT NULL DEFAULT 'SG4D' CHECK (series IN ('SG4D', 'MG4D')),
  skip_placed boolean NOT NULL DEFAULT true,
  max_stake numeric(14, 2) NOT NULL DEFAULT 0 CHECK (max_stake >= 0),
  updated_by text NOT NULL REFERENCES users (user_id),
  updated_at timestamptz NOT NULL
);

-- A generated special bet, written in the placement's transaction: at most one per level and draw, so a rerun places nothing.
CREATE TABLE bet_special_runs (
  user_id text NOT NULL REFERENCES users (user_id),
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  job_id integer NOT NULL,
  ticket_no text,
  lines integer NOT NULL,
  stake numeric(14, 2) NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, draw_id)
);
CREATE INDEX bet_special_runs_job ON bet_special_runs (job_id);

-- A ticket placed by a special-bet generation says so.
ALTER TABLE tickets DROP CONSTRAINT tickets_source_check;
ALTER TABLE tickets ADD CONSTRAINT tickets_source_check CHECK (source IN ('web', 'sms', 'upload', 'fixed', 'special'));
