-- The partner (distributor) a bets file uploaded with bet/page/uploadPartner came from; NULL for the caller's own uploads.
ALTER TABLE files ADD COLUMN partner_id integer REFERENCES distributors (distributor_id);
