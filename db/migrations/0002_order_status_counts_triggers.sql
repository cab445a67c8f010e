-- Custom SQL migration (issue 8, decision 009): keeps order_status_counts exact.
-- Statement-level triggers with transition tables: one bulk insert of 100,000 orders costs one
-- grouped upsert, not 100,000. Rows are upserted in status order, so two transactions that
-- touch the same statuses lock them in the same order and never deadlock.
CREATE FUNCTION order_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (status, count)
      SELECT status, count(*) FROM new_rows GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts AS c (status, count)
      SELECT status, -count(*) FROM old_rows GROUP BY status ORDER BY status
      ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_status_counts AS c (status, count)
      SELECT status, sum(delta) FROM (
        SELECT status, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status, -1 AS delta FROM old_rows
      ) changes
      GROUP BY status HAVING sum(delta) <> 0 ORDER BY status
      ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE order_status_counts SET count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER orders_status_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_counts_apply();
--> statement-breakpoint
-- The orders that exist already (a database migrated with orders in it).
INSERT INTO order_status_counts AS c (status, count)
  SELECT status, count(*) FROM orders GROUP BY status ORDER BY status
  ON CONFLICT (status) DO UPDATE SET count = excluded.count;
