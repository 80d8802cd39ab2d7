-- A distributor's web address (getPartnerWeb): where its owner and partners reach the outlet; '' = none given.
ALTER TABLE distributors ADD COLUMN web text NOT NULL DEFAULT '';
