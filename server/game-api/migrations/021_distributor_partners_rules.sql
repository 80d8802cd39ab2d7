-- Out Setting 3's side outlets, shared and ruled: the downline users an owner lets throw to its distributor too,
-- and each distributor's rules (which numbers it takes, how much of each, in which order) that the outset jobs apply.

-- A downline agent of the distributor's owner who may also pick it (Throw Number, the Out Setting 2 processes).
CREATE TABLE distributor_partners (
  distributor_id integer NOT NULL REFERENCES distributors (distributor_id),
  user_id text NOT NULL REFERENCES users (user_id),
  PRIMARY KEY (distributor_id, user_id)
);
CREATE INDEX distributor_partners_user ON distributor_partners (user_id);

-- What a distributor takes of each number of a draw: a game, a number or pattern ('' = every number), caps, a priority (lower first).
CREATE TABLE distributor_rules (
  rule_id serial PRIMARY KEY,
  distributor_id integer NOT NULL REFERENCES distributors (distributor_id),
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  pattern text NOT NULL DEFAULT '',
  big_cap numeric(14, 2) NOT NULL DEFAULT 0 CHECK (big_cap >= 0),
  small_cap numeric(14, 2) NOT NULL DEFAULT 0 CHECK (small_cap >= 0),
  unit_cap numeric(14, 2) NOT NULL DEFAULT 0 CHECK (unit_cap >= 0),
  priority integer NOT NULL CHECK (priority >= 0),
  CHECK (big_cap + small_cap + unit_cap > 0)
);
CREATE INDEX distributor_rules_distributor ON distributor_rules (distributor_id, priority);
-- The rule jobs sum what each distributor already took of a number.
CREATE INDEX throws_draw_distributor ON throws (draw_id, distributor_id, number);
