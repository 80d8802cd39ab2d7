-- Risk: per-number out-setting limits, each level's intake per number and draw (kept current at placement and void),
-- distributors (outlets that take numbers thrown out) and the throws themselves.

-- A limit for one number, over the level's default row in out_settings; a null field falls back to the default.
CREATE TABLE out_number_limits (
  user_id text NOT NULL REFERENCES users (user_id),
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  number text NOT NULL,
  big_limit numeric(14, 2) CHECK (big_limit >= 0),
  small_limit numeric(14, 2) CHECK (small_limit >= 0),
  unit_limit numeric(14, 2) CHECK (unit_limit >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game, number)
);

-- What each level keeps of each played number (4D) or entry (TOTO) in a draw; placement locks these rows so limits hold
-- across tickets. Unscaled numeric: a line playing n numbers adds intake / n to each.
CREATE TABLE number_intake (
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  user_id text NOT NULL REFERENCES users (user_id),
  number text NOT NULL,
  big numeric NOT NULL DEFAULT 0,
  small numeric NOT NULL DEFAULT 0,
  units numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (draw_id, user_id, number)
);

-- Bets placed before this migration, counted once (4D forms expanded to the numbers they play).
INSERT INTO number_intake (draw_id, user_id, number, big, small, units)
SELECT l.draw_id, l.user_id, p.num,
  sum(CASE WHEN b.game = '4D' THEN l.big_intake / b.combinations ELSE 0 END),
  sum(CASE WHEN b.game = '4D' THEN l.small_intake / b.combinations ELSE 0 END),
  sum(CASE WHEN b.game = 'TOTO' THEN l.amount_intake ELSE 0 END)
FROM bet_levels l JOIN bets b ON b.bet_id = l.bet_id
CROSS JOIN LATERAL (
  SELECT b.number AS num WHERE b.game = 'TOTO' OR b.form = 'straight'
  UNION ALL SELECT substr(b.number, 1, 3) || d::text FROM generate_series(0, 9) AS d WHERE b.game = '4D' AND b.form = 'roll'
  UNION ALL SELECT DISTINCT substr(b.number, i, 1) || substr(b.number, j, 1) || substr(b.number, k, 1) || substr(b.number, 10 - i - j - k, 1)
    FROM generate_series(1, 4) AS i, generate_series(1, 4) AS j, generate_series(1, 4) AS k
    WHERE b.game = '4D' AND b.form IN ('ibet', 'kbet') AND i <> j AND j <> k AND i <> k
) AS p
WHERE b.status <> 'void' AND l.amount_intake <> 0
GROUP BY l.draw_id, l.user_id, p.num;

-- Outlets outside the hierarchy that take numbers a level throws out.
CREATE TABLE distributors (
  distributor_id serial PRIMARY KEY,
  name text NOT NULL,
  phone text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  created_by text NOT NULL REFERENCES users (user_id),
  created_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE UNIQUE INDEX distributors_name ON distributors (created_by, lower(name)) WHERE deleted_at IS NULL;

-- An amount of a number a level threw out of its intake to a distributor by hand.
CREATE TABLE throws (
  throw_id serial PRIMARY KEY,
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  user_id text NOT NULL REFERENCES users (user_id),
  distributor_id integer NOT NULL REFERENCES distributors (distributor_id),
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  number text NOT NULL,
  big numeric(14, 2) NOT NULL DEFAULT 0 CHECK (big >= 0),
  small numeric(14, 2) NOT NULL DEFAULT 0 CHECK (small >= 0),
  units numeric(14, 2) NOT NULL DEFAULT 0 CHECK (units >= 0),
  created_by text NOT NULL REFERENCES users (user_id),
  created_at timestamptz NOT NULL
);
CREATE INDEX throws_draw_user ON throws (draw_id, user_id, number);
