-- Statements (issue 14): the bettor's tax (users.tax, 0 to 0.01 of the stake) is booked when a draw is finalised, beside payout, commission and stake.
ALTER TABLE draw_ledger DROP CONSTRAINT draw_ledger_kind_check;
ALTER TABLE draw_ledger ADD CONSTRAINT draw_ledger_kind_check CHECK (kind IN ('payout', 'commission', 'stake', 'tax'));
CREATE INDEX draw_ledger_user_created ON draw_ledger (user_id, created_at);
