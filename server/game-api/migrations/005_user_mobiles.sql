CREATE TABLE user_mobiles (user_id text PRIMARY KEY REFERENCES users (user_id), mobile text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());
