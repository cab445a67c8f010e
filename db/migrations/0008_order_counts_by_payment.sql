-- Custom SQL migration (issue 19): order_status_counts counts orders per status AND payment
-- state, so the admin list's payment filter is as cheap as its status filter (decision 009).
-- The same statement-level triggers (0002) call this function; only its grouping changes.
-- Rows are still upserted in key order, so concurrent transactions never deadlock.
CREATE OR REPLACE FUNCTION order_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (status, payment_status, count)
      SELECT status, payment_status, count(*) FROM new_rows
      GROUP BY status, payment_status ORDER BY status, payment_status
      ON CONFLICT (status, payment_status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts AS c (status, payment_status, count)
      SELECT status, payment_status, -count(*) FROM old_rows
      GROUP BY status, payment_status ORDER BY status, payment_status
      ON CONFLICT (status, payment_status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_status_counts AS c (status, payment_status, count)
      SELECT status, payment_status, sum(delta) FROM (
        SELECT status, payment_status, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status, payment_status, -1 AS delta FROM old_rows
      ) changes
      GROUP BY status, payment_status HAVING sum(delta) <> 0 ORDER BY status, payment_status
      ON CONFLICT (status, payment_status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE order_status_counts SET count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recount from the orders themselves (every existing order is awaiting contact after 0007).
DELETE FROM order_status_counts;
--> statement-breakpoint
INSERT INTO order_status_counts (status, payment_status, count)
  SELECT status, payment_status, count(*) FROM orders
  GROUP BY status, payment_status ORDER BY status, payment_status;
