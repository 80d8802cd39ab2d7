-- Draw operations (issue 15): close time per series, draws edited and closed by hand, rates fixed at acceptance, and the ledger finalising writes.
-- Close time per series (HH:mm GMT+8 on the draw day); a series without a row uses schemas/domain/calendar.ts DEFAULT_CLOSE_TIMES.
CREATE TABLE draw_series (
  series text PRIMARY KEY CHECK (series IN ('SG4D', 'MG4D', 'TOTO')),
  close_time text NOT NULL CHECK (close_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  updated_at timestamptz NOT NULL
);
-- open_at: bets are refused before it (null: open from creation); closed_by_hand: betting stopped before close_at by an operator.
ALTER TABLE draws ADD COLUMN open_at timestamptz;
ALTER TABLE draws ADD COLUMN closed_by_hand boolean NOT NULL DEFAULT false;
-- How many times the draw was finalised (reset and finalised again counts up): the ledger entries of each run carry it.
ALTER TABLE draws ADD COLUMN finalise_count integer NOT NULL DEFAULT 0;
-- Open draws move to the new default close times (18:00 for 4D, 21:00 for TOTO) instead of the old single 18:30.
UPDATE draws SET close_at = close_at - interval '30 minutes' WHERE series IN ('SG4D', 'MG4D') AND close_at > now() AND NOT is_finalised AND result IS NULL;
UPDATE draws SET close_at = close_at + interval '150 minutes' WHERE series = 'TOTO' AND close_at > now() AND NOT is_finalised AND result IS NULL;
-- The rate table a bet was sold at (4D: the N, K or iBet-class table it settles by; TOTO: the level's TOTO rates); null for older bets (current rates).
ALTER TABLE bets ADD COLUMN pay_rate jsonb;
-- The iBet table becomes Singapore Pools' published one, per permutation class (24, 12, 6, 4), not the ordinary prize divided.
UPDATE pay_rates SET rates = jsonb_set(rates, '{I}', '{
  "24": {"big": {"first": 83, "second": 41, "third": 20, "starter": 10, "consolation": 3}, "small": {"first": 125, "second": 83, "third": 33}},
  "12": {"big": {"first": 166, "second": 83, "third": 40, "starter": 20, "consolation": 6}, "small": {"first": 250, "second": 167, "third": 66}},
  "6": {"big": {"first": 335, "second": 168, "third": 85, "starter": 41, "consolation": 10}, "small": {"first": 500, "second": 333, "third": 133}},
  "4": {"big": {"first": 500, "second": 250, "third": 127, "starter": 62, "consolation": 15}, "small": {"first": 750, "second": 500, "third": 200}}
}'::jsonb) WHERE game = '4D';
-- The money finalising moves, per draw, run and bettor: payout and commission add to AccBal and CreditLeft, the stake is booked to AccBal
-- (CreditLeft paid it at placement). A reset writes one reversing entry per entry (reverses), never deletes.
CREATE TABLE draw_ledger (
  entry_id bigserial PRIMARY KEY,
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  run integer NOT NULL,
  user_id text NOT NULL REFERENCES users (user_id),
  kind text NOT NULL CHECK (kind IN ('payout', 'commission', 'stake')),
  acc_bal numeric(14, 2) NOT NULL,
  credit_left numeric(14, 2) NOT NULL,
  reverses bigint REFERENCES draw_ledger (entry_id),
  created_at timestamptz NOT NULL
);
-- Running a finalise twice pays once; an entry is reversed at most once.
CREATE UNIQUE INDEX draw_ledger_once ON draw_ledger (draw_id, run, user_id, kind) WHERE reverses IS NULL;
CREATE UNIQUE INDEX draw_ledger_reversed_once ON draw_ledger (reverses) WHERE reverses IS NOT NULL;
CREATE INDEX draw_ledger_user ON draw_ledger (user_id, entry_id);
-- Finalising pages through a draw's open bets in bet_id order.
CREATE INDEX bets_draw_open ON bets (draw_id, bet_id) WHERE status = 'open';
