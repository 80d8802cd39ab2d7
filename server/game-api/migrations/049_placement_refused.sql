-- A placement written as one statement without a transaction refuses itself by raising (a bettor short of credit): the error
-- undoes every row the statement wrote, as a rollback would.
CREATE FUNCTION placement_refused(reason text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = reason;
END $$;
