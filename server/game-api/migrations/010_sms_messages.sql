-- Betting by SMS: registered phones (one phone, one user), inbound messages (one row per gateway message id, so a retry never bets twice), and the outbound queue of replies.
CREATE TABLE sms_phones (
  phone_id bigserial PRIMARY KEY,
  phone text NOT NULL UNIQUE CHECK (phone ~ '^[1-9][0-9]{7,14}$'),
  user_id text NOT NULL REFERENCES users (user_id),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sms_phones_user ON sms_phones (user_id);

CREATE TABLE sms_inbound (
  inbound_id bigserial PRIMARY KEY,
  provider text NOT NULL,
  message_id text NOT NULL,
  sender text NOT NULL,
  receiver text NOT NULL,
  game text CHECK (game IN ('4D', 'TOTO')),
  body text NOT NULL,
  user_id text REFERENCES users (user_id),
  status text NOT NULL CHECK (status IN ('placed', 'rejected')),
  reason text NOT NULL,
  ticket_no text,
  parse jsonb,
  received_at timestamptz NOT NULL,
  UNIQUE (provider, message_id)
);
CREATE INDEX sms_inbound_received ON sms_inbound (received_at DESC);

CREATE TABLE sms_outbound (
  outbound_id bigserial PRIMARY KEY,
  inbound_id bigint REFERENCES sms_inbound (inbound_id),
  recipient text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  gateway_message_id text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX sms_outbound_created ON sms_outbound (created_at DESC);
CREATE INDEX sms_outbound_queued ON sms_outbound (outbound_id) WHERE status = 'queued';
