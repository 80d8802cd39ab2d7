-- Risk, live exposure (issue #16): per-draw aggregates kept current in the transactions that place, void, settle and reset bets,
-- so the exposure view and the Full report read a few rows instead of scanning a draw's bets. Figures are unscaled numeric: a
-- line playing n numbers adds 1/n of its level figures to each (as number_intake), so the running sums equal a full recount exactly.

-- Per draw, played number (4D) or entry (TOTO), bet type and level user (every level it holds in bettors' chains together): what
-- reached it, what it keeps and passes on, and what its kept part pays if the number takes each 4D prize tier (max_payout: TOTO's
-- stored worst case). liability, the worst of them, is indexed so a level's largest exposures are read first without a sort.
CREATE TABLE draw_number_totals (
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  user_id text NOT NULL REFERENCES users (user_id),
  number text NOT NULL,
  form text NOT NULL,
  bets integer NOT NULL DEFAULT 0,
  big_in numeric NOT NULL DEFAULT 0,
  small_in numeric NOT NULL DEFAULT 0,
  amount_in numeric NOT NULL DEFAULT 0,
  big_kept numeric NOT NULL DEFAULT 0,
  small_kept numeric NOT NULL DEFAULT 0,
  amount_kept numeric NOT NULL DEFAULT 0,
  big_out numeric NOT NULL DEFAULT 0,
  small_out numeric NOT NULL DEFAULT 0,
  amount_out numeric NOT NULL DEFAULT 0,
  max_payout numeric NOT NULL DEFAULT 0,
  pay_first numeric NOT NULL DEFAULT 0,
  pay_second numeric NOT NULL DEFAULT 0,
  pay_third numeric NOT NULL DEFAULT 0,
  pay_starter numeric NOT NULL DEFAULT 0,
  pay_consolation numeric NOT NULL DEFAULT 0,
  liability numeric GENERATED ALWAYS AS (GREATEST(pay_first, pay_second, pay_third, pay_starter, pay_consolation, max_payout)) STORED,
  PRIMARY KEY (draw_id, user_id, number, form)
);
CREATE INDEX draw_number_totals_liability ON draw_number_totals (draw_id, user_id, liability DESC, number, form);

-- Per draw, bettor and level of its chain: tickets, bets, stake and payout of the bettor's bets, and the level's commission,
-- intake kept and passed on and its parts of the payout (the Full report's figures).
CREATE TABLE draw_user_totals (
  draw_id integer NOT NULL REFERENCES draws (draw_id),
  bettor_id text NOT NULL REFERENCES users (user_id),
  user_id text NOT NULL REFERENCES users (user_id),
  level integer NOT NULL,
  tickets integer NOT NULL DEFAULT 0,
  bets integer NOT NULL DEFAULT 0,
  stake numeric NOT NULL DEFAULT 0,
  payout numeric NOT NULL DEFAULT 0,
  commission numeric NOT NULL DEFAULT 0,
  amount_in numeric NOT NULL DEFAULT 0,
  amount_kept numeric NOT NULL DEFAULT 0,
  amount_out numeric NOT NULL DEFAULT 0,
  max_payout numeric NOT NULL DEFAULT 0,
  kept_payout numeric NOT NULL DEFAULT 0,
  out_payout numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (draw_id, bettor_id, user_id, level)
);
CREATE INDEX draw_user_totals_user ON draw_user_totals (draw_id, user_id);

-- backfill: the bets placed before this migration, counted once by the text of draw-totals-sql.ts (tests run these two statements again).
INSERT INTO draw_number_totals (draw_id, user_id, number, form, bets, big_in, small_in, amount_in, big_kept, small_kept, amount_kept, big_out, small_out, amount_out, max_payout, pay_first, pay_second, pay_third, pay_starter, pay_consolation)
SELECT b.draw_id, l.user_id, p.num AS number, b.form, count(*)::int AS bets,
    sum(l.big_in / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS big_in, sum(l.small_in / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS small_in, sum(l.amount_in / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS amount_in,
    sum(l.big_intake / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS big_kept, sum(l.small_intake / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS small_kept, sum(l.amount_intake / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS amount_kept,
    sum(l.big_out / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS big_out, sum(l.small_out / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS small_out, sum(l.amount_out / (CASE WHEN b.game = '4D' THEN b.combinations ELSE 1 END)) AS amount_out,
    sum(CASE WHEN b.game = 'TOTO' THEN l.max_payout ELSE 0 END) AS max_payout,
    sum(CASE WHEN b.game = '4D' THEN l.big_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * (COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'big'->>'first')::numeric
      + l.small_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * COALESCE((COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'small'->>'first')::numeric, 0) ELSE 0 END) AS pay_first,
    sum(CASE WHEN b.game = '4D' THEN l.big_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * (COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'big'->>'second')::numeric
      + l.small_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * COALESCE((COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'small'->>'second')::numeric, 0) ELSE 0 END) AS pay_second,
    sum(CASE WHEN b.game = '4D' THEN l.big_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * (COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'big'->>'third')::numeric
      + l.small_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * COALESCE((COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'small'->>'third')::numeric, 0) ELSE 0 END) AS pay_third,
    sum(CASE WHEN b.game = '4D' THEN l.big_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * (COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'big'->>'starter')::numeric
      + l.small_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * COALESCE((COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'small'->>'starter')::numeric, 0) ELSE 0 END) AS pay_starter,
    sum(CASE WHEN b.game = '4D' THEN l.big_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * (COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'big'->>'consolation')::numeric
      + l.small_intake / (CASE WHEN b.form = 'ibet' THEN 1 ELSE b.combinations END) * COALESCE((COALESCE(b.pay_rate, '{"big":{"first":2000,"second":1000,"third":490,"starter":250,"consolation":60},"small":{"first":3000,"second":2000,"third":800}}'::jsonb)->'small'->>'consolation')::numeric, 0) ELSE 0 END) AS pay_consolation
  FROM bets b JOIN bet_levels l ON l.bet_id = b.bet_id CROSS JOIN LATERAL (
    SELECT b.number AS num WHERE b.game = 'TOTO' OR b.form = 'straight'
    UNION ALL SELECT substr(b.number, 1, 3) || d::text FROM generate_series(0, 9) AS d WHERE b.game = '4D' AND b.form = 'roll'
    UNION ALL SELECT DISTINCT substr(b.number, i, 1) || substr(b.number, j, 1) || substr(b.number, k, 1) || substr(b.number, 10 - i - j - k, 1)
      FROM generate_series(1, 4) AS i, generate_series(1, 4) AS j, generate_series(1, 4) AS k
      WHERE b.game = '4D' AND b.form IN ('ibet', 'kbet') AND i <> j AND j <> k AND i <> k
  ) AS p
  WHERE b.status <> 'void'
  GROUP BY b.draw_id, l.user_id, p.num, b.form;

INSERT INTO draw_user_totals (draw_id, bettor_id, user_id, level, tickets, bets, stake, payout, commission, amount_in, amount_kept, amount_out, max_payout, kept_payout, out_payout)
SELECT b.draw_id, b.user_id AS bettor_id, l.user_id, l.level, count(DISTINCT b.ticket_id)::int AS tickets, count(*)::int AS bets,
    sum(b.amount) AS stake, sum(b.payout) AS payout, sum(l.commission) AS commission,
    sum(l.amount_in) AS amount_in, sum(l.amount_intake) AS amount_kept, sum(l.amount_out) AS amount_out, sum(l.max_payout) AS max_payout,
    sum(l.intake_payout) AS kept_payout, sum(l.out_payout) AS out_payout
  FROM bets b JOIN bet_levels l ON l.bet_id = b.bet_id
  WHERE b.status <> 'void'
  GROUP BY b.draw_id, b.user_id, l.user_id, l.level;
