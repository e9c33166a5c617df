-- A submitted budget is a record of what was asked for: its snapshot, totals and hash never change, and a
-- decided proposal never changes state again. The service keeps to this; the trigger makes it a fact.
CREATE OR REPLACE FUNCTION budget_proposals_immutable() RETURNS trigger AS $$
BEGIN
  IF NEW.snapshot IS DISTINCT FROM OLD.snapshot
     OR NEW.totals IS DISTINCT FROM OLD.totals
     OR NEW.total IS DISTINCT FROM OLD.total
     OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
     OR NEW.budget_id IS DISTINCT FROM OLD.budget_id
     OR NEW.number IS DISTINCT FROM OLD.number THEN
    RAISE EXCEPTION 'budget proposal % is immutable', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.state <> 'pending' AND NEW.state IS DISTINCT FROM OLD.state THEN
    RAISE EXCEPTION 'budget proposal % is already decided', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER budget_proposals_immutable BEFORE UPDATE ON budget_proposals
  FOR EACH ROW EXECUTE FUNCTION budget_proposals_immutable();
