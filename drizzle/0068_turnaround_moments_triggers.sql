-- Decision 0083: derived.order_turnaround follows every write to the moments it holds (an order's
-- receipt and steps, its results' submissions and approvals, its first report, its due date) in
-- the writing transaction, so the turnaround report reads one row per order.
-- The moments of every received order, as the report defines them: the last 确认收样, the first
-- 开始检测 and 出具数据 after it, 出数据 (every result submitted; without results, 出具数据), every
-- result approved, the first report version. Filtered by order_id, each part is an index lookup.
CREATE VIEW "derived"."order_turnaround_source" AS
SELECT o.id AS order_id, o.created_at, r.at AS received_at, steps.started_at, steps.delivered_at,
  CASE WHEN res.n = 0 THEN steps.delivered_at ELSE res.data_at END AS data_at,
  res.approved_at, rep.reported_at, o.due_date
FROM "orders" o
CROSS JOIN LATERAL (
  SELECT e.id, e.at FROM "order_events" e
  WHERE e.order_id = o.id AND e.action = 'receive' ORDER BY e.id DESC LIMIT 1
) r
CROSS JOIN LATERAL (
  SELECT min(e.at) FILTER (WHERE e.action = 'start') AS started_at,
         min(e.at) FILTER (WHERE e.action = 'deliver') AS delivered_at
  FROM "order_events" e
  WHERE e.order_id = o.id AND e.id > r.id AND e.action IN ('start', 'deliver')
) steps
CROSS JOIN LATERAL (
  SELECT count(*) AS n,
    CASE WHEN bool_and(x.status IN ('submitted', 'approved')) THEN max(x.submitted_at) END AS data_at,
    CASE WHEN bool_and(x.status = 'approved') THEN max(x.approved_at) END AS approved_at
  FROM "results" x WHERE x.order_id = o.id
) res
CROSS JOIN LATERAL (
  SELECT min(v.issued_at) AS reported_at
  FROM "reports" rp JOIN "report_versions" v ON v.report_id = rp.id WHERE rp.order_id = o.id
) rep;
--> statement-breakpoint
-- Recomputes one order's row (or removes it: no such order, or not received). The order's row is
-- locked first, so two transactions touching one order's moments refresh one after the other and
-- the second reads what the first committed (each statement of a function takes a new snapshot).
CREATE FUNCTION "derived"."refresh_order_turnaround"(oid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "orders" WHERE id = oid FOR NO KEY UPDATE;
  INSERT INTO "derived"."order_turnaround" AS t
  SELECT * FROM "derived"."order_turnaround_source" s WHERE s.order_id = oid
  ON CONFLICT ("order_id") DO UPDATE SET "created_at" = excluded."created_at",
    "received_at" = excluded."received_at", "started_at" = excluded."started_at",
    "delivered_at" = excluded."delivered_at", "data_at" = excluded."data_at",
    "approved_at" = excluded."approved_at", "reported_at" = excluded."reported_at",
    "due_date" = excluded."due_date";
  IF NOT FOUND THEN
    DELETE FROM "derived"."order_turnaround" WHERE order_id = oid;
  END IF;
END $$;
--> statement-breakpoint
-- Rebuilds every row (this migration; a bench that fills tables with triggers off).
CREATE FUNCTION "derived"."rebuild_order_turnaround"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "derived"."order_turnaround";
  INSERT INTO "derived"."order_turnaround" SELECT * FROM "derived"."order_turnaround_source";
END $$;
--> statement-breakpoint
CREATE FUNCTION "derived"."turnaround_of_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.created_at IS NOT DISTINCT FROM OLD.created_at
     AND NEW.due_date IS NOT DISTINCT FROM OLD.due_date THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "derived"."order_turnaround" WHERE order_id = OLD.id;
  ELSE
    PERFORM "derived"."refresh_order_turnaround"(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_turnaround" AFTER DELETE OR UPDATE OF "created_at", "due_date"
ON "orders" FOR EACH ROW EXECUTE FUNCTION "derived"."turnaround_of_order"();
--> statement-breakpoint
-- Steps: only receipts, starts and deliveries move a moment; events are appended (and removed
-- with their order).
CREATE FUNCTION "derived"."turnaround_of_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.action IN ('receive', 'start', 'deliver') THEN
    PERFORM "derived"."refresh_order_turnaround"(NEW.order_id);
  ELSIF TG_OP <> 'INSERT' AND OLD.action IN ('receive', 'start', 'deliver') THEN
    PERFORM "derived"."refresh_order_turnaround"(OLD.order_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_events_turnaround" AFTER INSERT OR DELETE
ON "order_events" FOR EACH ROW EXECUTE FUNCTION "derived"."turnaround_of_event"();
--> statement-breakpoint
CREATE FUNCTION "derived"."turnaround_of_result"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id AND NEW.status = OLD.status
     AND NEW.submitted_at IS NOT DISTINCT FROM OLD.submitted_at
     AND NEW.approved_at IS NOT DISTINCT FROM OLD.approved_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM "derived"."refresh_order_turnaround"(OLD.order_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.order_id <> OLD.order_id) THEN
    PERFORM "derived"."refresh_order_turnaround"(NEW.order_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "results_turnaround" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "status", "submitted_at", "approved_at"
ON "results" FOR EACH ROW EXECUTE FUNCTION "derived"."turnaround_of_result"();
--> statement-breakpoint
CREATE FUNCTION "derived"."turnaround_of_report_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "derived"."refresh_order_turnaround"(rp.order_id)
  FROM "reports" rp WHERE rp.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.report_id ELSE NEW.report_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_versions_turnaround" AFTER INSERT OR DELETE OR UPDATE OF "issued_at"
ON "report_versions" FOR EACH ROW EXECUTE FUNCTION "derived"."turnaround_of_report_version"();
--> statement-breakpoint
CREATE FUNCTION "derived"."clear_order_turnaround"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "derived"."order_turnaround";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_turnaround_truncate" AFTER TRUNCATE ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION "derived"."clear_order_turnaround"();
--> statement-breakpoint
SELECT "derived"."rebuild_order_turnaround"();
