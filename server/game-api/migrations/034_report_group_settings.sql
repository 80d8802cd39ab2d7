-- Group Report settings: a user's named groupings of its direct downlines, each shown as one row of reportGroupFull when chosen.
CREATE TABLE report_group_settings (
  setting_id serial PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (user_id),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_id, name)
);
-- One member per direct downline and setting; group names the row it joins.
CREATE TABLE report_group_setting_members (
  setting_id integer NOT NULL REFERENCES report_group_settings (setting_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (user_id),
  group_name text NOT NULL,
  PRIMARY KEY (setting_id, user_id)
);
