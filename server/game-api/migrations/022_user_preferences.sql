-- A user's own preferences beside the profile: a second mobile, the stake above which a bet entry alerts, the order its intake is taken among its direct downlines.
CREATE TABLE user_preferences (
  user_id text PRIMARY KEY REFERENCES users (user_id),
  mobile2 text NOT NULL DEFAULT '',
  bet_entry_alert numeric(14, 2) CHECK (bet_entry_alert IS NULL OR bet_entry_alert > 0),
  priority_in_takes text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL
);
