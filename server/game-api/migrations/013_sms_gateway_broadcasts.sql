-- SMS Gateway, results and strikes sent out, and the SMS Report: what each outbound message is (a reply, a copy, a test, a draw's result
-- or strikes), whose it is, the draw it belongs to, and what the gateway charged for it.
ALTER TABLE sms_outbound ADD COLUMN kind text NOT NULL DEFAULT 'reply' CHECK (kind IN ('reply', 'resend', 'test', 'result', 'strike'));
ALTER TABLE sms_outbound ADD COLUMN user_id text REFERENCES users (user_id);
ALTER TABLE sms_outbound ADD COLUMN draw_id integer REFERENCES draws (draw_id);
-- The gateway's price of the message (SMS Gateway's cost per message when it was sent); null until sent.
ALTER TABLE sms_outbound ADD COLUMN cost numeric(12, 4);
UPDATE sms_outbound o SET user_id = i.user_id FROM sms_inbound i WHERE i.inbound_id = o.inbound_id;
CREATE INDEX sms_outbound_user_day ON sms_outbound (user_id, created_at);
-- Each gateway's next free send slot (SMS Gateway's rate): senders on every instance take slots from this one row, under its lock.
CREATE TABLE sms_send_rate (
  gateway text PRIMARY KEY,
  next_at timestamptz NOT NULL
);
-- SMS Subscribe: who gets each finalised draw's result, and who gets their own strikes, per game.
CREATE TABLE sms_subscriptions (
  subscription_id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id),
  game text NOT NULL CHECK (game IN ('4D', 'TOTO')),
  kind text NOT NULL CHECK (kind IN ('result', 'strike')),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, game, kind)
);
-- Exactly one result and one strikes message per subscriber per draw, whatever runs Send Result or Send Strike, how often, on how many
-- instances, or across a crash: the send job inserts against this index and skips what is there.
CREATE UNIQUE INDEX sms_outbound_once_per_draw ON sms_outbound (kind, draw_id, user_id) WHERE kind IN ('result', 'strike');
-- Betting by Telegram: replies leave by the game's bot instead of the SMS gateway; a Telegram account is linked to a user with a one-time
-- code from the site's Mobile page (kept hashed, one live code per user).
ALTER TABLE sms_outbound ADD COLUMN channel text NOT NULL DEFAULT 'sms' CHECK (channel IN ('sms', 'telegram:4D', 'telegram:TOTO'));
CREATE TABLE telegram_links (
  telegram_user_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (user_id),
  telegram_name text NOT NULL,
  linked_at timestamptz NOT NULL
);
CREATE INDEX telegram_links_user ON telegram_links (user_id);
CREATE TABLE telegram_codes (
  user_id text PRIMARY KEY REFERENCES users (user_id),
  code_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL
);
-- The bot commands each update answered (bets are kept once in sms_inbound): Telegram's retry of an update is answered once.
CREATE TABLE telegram_updates (
  bot_id text NOT NULL,
  update_id bigint NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (bot_id, update_id)
);
