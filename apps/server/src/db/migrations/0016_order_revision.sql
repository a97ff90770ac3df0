-- An order's revision (issue 15, decision 115): a number that moves whenever anything its balances
-- and pages are computed from changes — the order's own row, its schedule, its ledger, its rating.
-- Loan details keeps the view it computed for a revision, a language and a business date, and
-- asks the database only for the revision (one indexed row) while it stays the same. Triggers move
-- it, so no writer (a posting, the accrual job, an extension, the console, an ops script) can
-- forget to.

ALTER TABLE orders ADD COLUMN revision bigint NOT NULL DEFAULT 0;

CREATE FUNCTION orders_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END;
$$;

CREATE TRIGGER orders_revision BEFORE UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_next_revision();

-- a statement that writes rows of several orders (the accrual job's batch) moves each order once;
-- inserted or deleted rows are `changed_rows`, updated ones both their old and new rows
CREATE FUNCTION orders_touch_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET revision = revision + 1 WHERE id IN (SELECT DISTINCT order_id FROM changed_rows);
  RETURN NULL;
END;
$$;

CREATE FUNCTION orders_touch_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET revision = revision + 1
  WHERE id IN (SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows);
  RETURN NULL;
END;
$$;

CREATE TRIGGER ledger_entries_inserted AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_rows();
CREATE TRIGGER ledger_entries_updated AFTER UPDATE ON ledger_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_changed();
CREATE TRIGGER ledger_entries_deleted AFTER DELETE ON ledger_entries
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_rows();

CREATE TRIGGER order_periods_inserted AFTER INSERT ON order_periods
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_rows();
CREATE TRIGGER order_periods_updated AFTER UPDATE ON order_periods
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_changed();
CREATE TRIGGER order_periods_deleted AFTER DELETE ON order_periods
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_rows();

CREATE TRIGGER order_scores_inserted AFTER INSERT ON order_scores
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_rows();
CREATE TRIGGER order_scores_updated AFTER UPDATE ON order_scores
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_changed();
CREATE TRIGGER order_scores_deleted AFTER DELETE ON order_scores
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_touch_rows();
