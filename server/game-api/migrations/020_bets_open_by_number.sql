-- Finalising and the result preview read only the open 4D bets written with a number that can win (a few hundred numbers), by draw.
CREATE INDEX bets_open_draw_number ON bets (draw_id, number) WHERE status = 'open';
