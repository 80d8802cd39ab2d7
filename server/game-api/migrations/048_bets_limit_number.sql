-- The number a Limit Setting names a bet under (TOTO: its numbers sorted as two digits one space apart, or a side bet's type; 4D: its
-- number), kept on the bet when it is placed, so what a limit has taken in a draw is read by index instead of recounted from every bet of its type.
ALTER TABLE bets ADD COLUMN limit_number text;
UPDATE bets b SET limit_number = COALESCE((SELECT string_agg(lpad(x::text, 2, '0'), ' ' ORDER BY x) FROM unnest(b.numbers) AS x), CASE WHEN b.game = 'TOTO' THEN b.form ELSE b.number END);
-- Limit Setting is TOTO's only, so 4D bets (most of a draw's book) pay nothing for the index.
CREATE INDEX bets_limit_number ON bets (draw_id, form, limit_number) WHERE status <> 'void' AND game = 'TOTO';
