-- Locations, users (profile, hierarchy, password hash, theme) and their ordered locations.
CREATE TABLE locations (loc_id text PRIMARY KEY, loc text NOT NULL, flags text[] NOT NULL DEFAULT '{}', position integer NOT NULL);
CREATE TABLE users (
  user_id text PRIMARY KEY,
  login_id text NOT NULL,
  parent_id text REFERENCES users (user_id),
  role text NOT NULL CHECK (role IN ('ADMIN', 'AG', 'MEM')),
  alias_id text NOT NULL,
  granted text[] NOT NULL DEFAULT '{}',
  rank integer NOT NULL,
  credit numeric(16, 2) NOT NULL DEFAULT 0,
  acc_bal numeric(16, 2) NOT NULL DEFAULT 0,
  credit_left numeric(16, 2) NOT NULL DEFAULT 0,
  enable_create_agent integer NOT NULL DEFAULT 0,
  enable_create_downline integer NOT NULL DEFAULT 0,
  enable_place_bet integer NOT NULL DEFAULT 0,
  enable_upload integer NOT NULL DEFAULT 0,
  disable_place_bet_and_fixed_bet integer NOT NULL DEFAULT 0,
  t_out_setting1_enabled integer NOT NULL DEFAULT 0,
  d_share numeric(6, 4) NOT NULL DEFAULT 0,
  t_share numeric(6, 4) NOT NULL DEFAULT 0,
  d_enable_view_share_claim integer NOT NULL DEFAULT 0,
  vip_top_bg_image text NOT NULL DEFAULT '',
  vip_left_css text NOT NULL DEFAULT '',
  color_tbl01 text NOT NULL DEFAULT '',
  color_tbl02 text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  terms_accepted boolean NOT NULL DEFAULT false,
  update_password boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_login_id_lower ON users (lower(login_id));
CREATE INDEX users_parent_id ON users (parent_id);
CREATE TABLE user_locations (user_id text NOT NULL REFERENCES users (user_id), loc_id text NOT NULL REFERENCES locations (loc_id), position integer NOT NULL, PRIMARY KEY (user_id, loc_id));
-- Access tokens and captchas are kept only as sha256 hashes.
CREATE TABLE tokens (token_hash text PRIMARY KEY, user_id text NOT NULL REFERENCES users (user_id), created_at timestamptz NOT NULL, last_used_at timestamptz NOT NULL, revoked_at timestamptz);
CREATE INDEX tokens_user_id ON tokens (user_id);
CREATE TABLE captchas (token_hash text PRIMARY KEY, answer_hash text NOT NULL, created_at timestamptz NOT NULL, used_at timestamptz);
CREATE INDEX captchas_created_at ON captchas (created_at);
-- One row per failed sign-in; counted by typed user id and by address over the last 15 minutes.
CREATE TABLE login_failures (failure_id bigserial PRIMARY KEY, user_key text NOT NULL, address text NOT NULL, at timestamptz NOT NULL);
CREATE INDEX login_failures_user ON login_failures (user_key, at);
CREATE INDEX login_failures_address ON login_failures (address, at);
CREATE TABLE terms_decisions (decision_id bigserial PRIMARY KEY, user_id text NOT NULL REFERENCES users (user_id), decision text NOT NULL CHECK (decision IN ('accept', 'disagree')), at timestamptz NOT NULL);
