CREATE TABLE "row_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_day_counts" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_counts_day_status_payment_status_pk" PRIMARY KEY("day","status","payment_status")
);
--> statement-breakpoint
DROP INDEX "newsletter_subscribers_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "email_lower" text GENERATED ALWAYS AS (lower(email)) STORED;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_email_lower_trgm_idx" ON "newsletter_subscribers" USING gin ("email_lower" gin_trgm_ops);--> statement-breakpoint
-- Custom SQL below, added to the generated tables (issue 18, decision 009): the counters are
-- kept exact by statement-level triggers with transition tables, as order_status_counts is
-- (0002, 0008): one grouped upsert per statement, rows upserted in key order (the status
-- counters first, then the day counters) so concurrent transactions never deadlock on them.
-- The function of 0008 is extended: the same four triggers keep both order counters.
CREATE OR REPLACE FUNCTION order_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (status, payment_status, count)
      SELECT status, payment_status, count(*) FROM new_rows
      GROUP BY status, payment_status ORDER BY status, payment_status
      ON CONFLICT (status, payment_status) DO UPDATE SET count = c.count + excluded.count;
    INSERT INTO order_day_counts AS c (day, status, payment_status, count)
      SELECT (created_at AT TIME ZONE 'Africa/Johannesburg')::date, status, payment_status, count(*)
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, status, payment_status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts AS c (status, payment_status, count)
      SELECT status, payment_status, -count(*) FROM old_rows
      GROUP BY status, payment_status ORDER BY status, payment_status
      ON CONFLICT (status, payment_status) DO UPDATE SET count = c.count + excluded.count;
    INSERT INTO order_day_counts AS c (day, status, payment_status, count)
      SELECT (created_at AT TIME ZONE 'Africa/Johannesburg')::date, status, payment_status, -count(*)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, status, payment_status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_status_counts AS c (status, payment_status, count)
      SELECT status, payment_status, sum(delta) FROM (
        SELECT status, payment_status, 1 AS delta FROM new_rows
        UNION ALL
        SELECT status, payment_status, -1 AS delta FROM old_rows
      ) changes
      GROUP BY status, payment_status HAVING sum(delta) <> 0 ORDER BY status, payment_status
      ON CONFLICT (status, payment_status) DO UPDATE SET count = c.count + excluded.count;
    INSERT INTO order_day_counts AS c (day, status, payment_status, count)
      SELECT day, status, payment_status, sum(delta) FROM (
        SELECT (created_at AT TIME ZONE 'Africa/Johannesburg')::date AS day, status, payment_status, 1 AS delta FROM new_rows
        UNION ALL
        SELECT (created_at AT TIME ZONE 'Africa/Johannesburg')::date AS day, status, payment_status, -1 AS delta FROM old_rows
      ) changes
      GROUP BY day, status, payment_status HAVING sum(delta) <> 0 ORDER BY day, status, payment_status
      ON CONFLICT (day, status, payment_status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE order_status_counts SET count = 0;
    DELETE FROM order_day_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Subscribers: one counter.
CREATE FUNCTION newsletter_subscriber_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts AS c (name, count)
      SELECT 'newsletter_subscribers', count(*) FROM new_rows HAVING count(*) > 0
      ON CONFLICT (name) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts AS c (name, count)
      SELECT 'newsletter_subscribers', -count(*) FROM old_rows HAVING count(*) > 0
      ON CONFLICT (name) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE row_counts SET count = 0 WHERE name = 'newsletter_subscribers';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_counts_insert AFTER INSERT ON newsletter_subscribers
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION newsletter_subscriber_counts_apply();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_counts_delete AFTER DELETE ON newsletter_subscribers
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION newsletter_subscriber_counts_apply();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_counts_truncate AFTER TRUNCATE ON newsletter_subscribers
  FOR EACH STATEMENT EXECUTE FUNCTION newsletter_subscriber_counts_apply();
--> statement-breakpoint
-- Quote requests and contact messages: open and resolved ones.
CREATE FUNCTION contact_request_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts AS c (name, count)
      SELECT CASE WHEN is_resolved THEN 'contact_requests.resolved' ELSE 'contact_requests.open' END,
        count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (name) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts AS c (name, count)
      SELECT CASE WHEN is_resolved THEN 'contact_requests.resolved' ELSE 'contact_requests.open' END,
        -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (name) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO row_counts AS c (name, count)
      SELECT name, sum(delta) FROM (
        SELECT CASE WHEN is_resolved THEN 'contact_requests.resolved' ELSE 'contact_requests.open' END AS name, 1 AS delta FROM new_rows
        UNION ALL
        SELECT CASE WHEN is_resolved THEN 'contact_requests.resolved' ELSE 'contact_requests.open' END AS name, -1 AS delta FROM old_rows
      ) changes
      GROUP BY name HAVING sum(delta) <> 0 ORDER BY name
      ON CONFLICT (name) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'TRUNCATE' THEN
    UPDATE row_counts SET count = 0 WHERE name IN ('contact_requests.open', 'contact_requests.resolved');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contact_requests_counts_insert AFTER INSERT ON contact_requests
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_request_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contact_requests_counts_update AFTER UPDATE ON contact_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_request_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contact_requests_counts_delete AFTER DELETE ON contact_requests
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION contact_request_counts_apply();
--> statement-breakpoint
CREATE TRIGGER contact_requests_counts_truncate AFTER TRUNCATE ON contact_requests
  FOR EACH STATEMENT EXECUTE FUNCTION contact_request_counts_apply();
--> statement-breakpoint
-- What exists already (a database migrated with a shop in it).
INSERT INTO order_day_counts (day, status, payment_status, count)
  SELECT (created_at AT TIME ZONE 'Africa/Johannesburg')::date, status, payment_status, count(*)
  FROM orders GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO row_counts (name, count)
  SELECT name, n FROM (
    SELECT 'newsletter_subscribers' AS name, count(*) AS n FROM newsletter_subscribers
    UNION ALL
    SELECT 'contact_requests.open', count(*) FROM contact_requests WHERE NOT is_resolved
    UNION ALL
    SELECT 'contact_requests.resolved', count(*) FROM contact_requests WHERE is_resolved
  ) counted WHERE n > 0;
