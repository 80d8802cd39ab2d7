-- Downline and accounts (issue 14): tax, suspension and soft deletion of users, case-insensitive user ids, and the payments ledger.
ALTER TABLE users ADD COLUMN tax numeric(6, 4) NOT NULL DEFAULT 0 CHECK (tax >= 0 AND tax <= 0.01);
ALTER TABLE users ADD COLUMN suspended boolean NOT NULL DEFAULT false;
-- A deleted user keeps its row (tickets, reports and audits still name it) and its id stays taken.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
CREATE UNIQUE INDEX users_user_id_lower ON users (lower(user_id));
-- Append-only: every change of AccBal is one row; a deleted payment is undone by a reversing row, never removed.
CREATE TABLE ledger (
  entry_id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id),
  kind text NOT NULL CHECK (kind IN ('opening', 'settlement', 'payment_in', 'payment_out', 'reversal')),
  amount numeric(16, 2) NOT NULL,
  draw_id integer,
  reverses bigint UNIQUE REFERENCES ledger (entry_id),
  remarks text NOT NULL DEFAULT '',
  created_by text,
  created_at timestamptz NOT NULL
);
CREATE INDEX ledger_user_created ON ledger (user_id, created_at);
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger is append-only: write a reversing entry instead of %', TG_OP;
END $$;
CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON ledger FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
-- Balances held before the ledger existed become its opening entries.
INSERT INTO ledger (user_id, kind, amount, remarks, created_at) SELECT user_id, 'opening', acc_bal, 'balance before the ledger', now() FROM users WHERE acc_bal <> 0;
-- Sub shares: the company's share of one game split among named holders; the parts never add up to more than 1 (checked under an advisory lock).
CREATE TABLE sub_shares (
  sub_share_id serial PRIMARY KEY,
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  holder text NOT NULL,
  share numeric(6, 4) NOT NULL CHECK (share > 0 AND share <= 1),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sub_shares_game ON sub_shares (game);
