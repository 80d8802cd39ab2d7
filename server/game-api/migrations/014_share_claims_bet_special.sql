-- Risk: share claims (what each upline claims from or owes each direct downline on the group's win/loss for a period) and their claim-backs.

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
