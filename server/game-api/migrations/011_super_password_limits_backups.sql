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
