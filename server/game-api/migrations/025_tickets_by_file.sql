-- DELETE bet/page voids the tickets of one upload: find them by file without reading every ticket.
CREATE INDEX tickets_file ON tickets (file_id) WHERE file_id IS NOT NULL;
