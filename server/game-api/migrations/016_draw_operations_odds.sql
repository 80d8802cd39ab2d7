-- Draw operations (issue "Draw operations and odds"): each user's per-line maximum stake, set by the parent.
ALTER TABLE users ADD COLUMN max_line_stake numeric(14, 2) NOT NULL DEFAULT 50000 CHECK (max_line_stake > 0);
