-- Statement adjustments and group expenses post to the ledger as their own kinds, so statements list them beside payments.
ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN ('opening', 'settlement', 'payment_in', 'payment_out', 'reversal', 'adjustment', 'expense'));
-- An expense recorded against a group (an agent and its downline) for a day; its ledger entry charges the group's head, a delete reverses it.
CREATE TABLE group_expenses (
  expense_id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id),
  expense_date date NOT NULL,
  amount numeric(16, 2) NOT NULL CHECK (amount > 0),
  description text NOT NULL,
  entry_id bigint NOT NULL REFERENCES ledger (entry_id),
  reversal_id bigint REFERENCES ledger (entry_id),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX group_expenses_user_date ON group_expenses (user_id, expense_date);
