-- Settling throws (issue #39): what a level threw to a distributor leaves its book at finalise. Each throw gets what the distributor
-- owes back on it; each bet level the part of its kept intake and kept payout that went with the throws (unscaled, like draw_user_totals),
-- so every report counts a level's win/loss on what it kept after throwing; the strikes keep their Big part to share a throw's Big and Small apart.
ALTER TABLE throws ADD COLUMN payout numeric(14, 2);
ALTER TABLE bet_levels ADD COLUMN amount_thrown numeric NOT NULL DEFAULT 0, ADD COLUMN thrown_payout numeric NOT NULL DEFAULT 0;
ALTER TABLE draw_user_totals ADD COLUMN amount_thrown numeric NOT NULL DEFAULT 0, ADD COLUMN thrown_payout numeric NOT NULL DEFAULT 0;
ALTER TABLE strikes ADD COLUMN big_payout numeric(14, 2) NOT NULL DEFAULT 0;
