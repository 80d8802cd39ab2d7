-- A distributor's statement (issue #39) reads its throws by distributor and draw; throws were indexed by draw and level only.
CREATE INDEX throws_distributor_draw ON throws (distributor_id, draw_id);
