-- Decision 0083: the report's groupings (item, instrument, technician) read keys kept in the order's
-- derived row instead of joining order_items, results and result_entries for 100,000 orders (the
-- technician grouping spent most of its time in those joins). Each group's keys and labels are
-- two arrays sorted by key; a key seen with several labels keeps the greatest, as the report did.
CREATE OR REPLACE VIEW "derived"."order_turnaround_source" AS
SELECT o.id AS order_id, o.created_at, r.at AS received_at, steps.started_at, steps.delivered_at,
  CASE WHEN res.n = 0 THEN steps.delivered_at ELSE res.data_at END AS data_at,
  res.approved_at, rep.reported_at, o.due_date,
  coalesce(items.keys, '{}') AS item_keys, coalesce(items.labels, '{}') AS item_labels,
  coalesce(instruments.keys, '{}') AS instrument_keys, coalesce(instruments.labels, '{}') AS instrument_labels,
  coalesce(technicians.keys, '{}') AS technician_keys, coalesce(technicians.labels, '{}') AS technician_labels
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
) rep
CROSS JOIN LATERAL (
  SELECT array_agg(g.key ORDER BY g.key) AS keys, array_agg(g.label ORDER BY g.key) AS labels
  FROM (SELECT i.item_rid AS key, max(i.name) AS label FROM "order_items" i
        WHERE i.order_id = o.id GROUP BY i.item_rid) g
) items
CROSS JOIN LATERAL (
  SELECT array_agg(g.key ORDER BY g.key) AS keys, array_agg(g.label ORDER BY g.key) AS labels
  FROM (SELECT coalesce(e.instrument_rid, e.instrument) AS key, max(e.instrument) AS label
        FROM "result_entries" e JOIN "results" x ON x.id = e.result_id
        WHERE x.order_id = o.id AND coalesce(e.instrument_rid, e.instrument) <> ''
        GROUP BY 1) g
) instruments
CROSS JOIN LATERAL (
  SELECT array_agg(g.key ORDER BY g.key) AS keys, array_agg(g.label ORDER BY g.key) AS labels
  FROM (SELECT e.technician_id::text AS key, max(e.technician_name) AS label
        FROM "result_entries" e JOIN "results" x ON x.id = e.result_id
        WHERE x.order_id = o.id GROUP BY 1) g
) technicians;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "derived"."refresh_order_turnaround"(oid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "orders" WHERE id = oid FOR NO KEY UPDATE;
  INSERT INTO "derived"."order_turnaround" AS t
  SELECT * FROM "derived"."order_turnaround_source" s WHERE s.order_id = oid
  ON CONFLICT ("order_id") DO UPDATE SET "created_at" = excluded."created_at",
    "received_at" = excluded."received_at", "started_at" = excluded."started_at",
    "delivered_at" = excluded."delivered_at", "data_at" = excluded."data_at",
    "approved_at" = excluded."approved_at", "reported_at" = excluded."reported_at",
    "due_date" = excluded."due_date", "item_keys" = excluded."item_keys",
    "item_labels" = excluded."item_labels", "instrument_keys" = excluded."instrument_keys",
    "instrument_labels" = excluded."instrument_labels", "technician_keys" = excluded."technician_keys",
    "technician_labels" = excluded."technician_labels";
  IF NOT FOUND THEN
    DELETE FROM "derived"."order_turnaround" WHERE order_id = oid;
  END IF;
END $$;
--> statement-breakpoint
-- An order's lines: placed long before the receipt (no row yet, nothing to refresh), rarely
-- changed after it.
CREATE FUNCTION "derived"."turnaround_of_order_item"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE oid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM "derived"."order_turnaround" WHERE order_id = oid) THEN
    PERFORM "derived"."refresh_order_turnaround"(oid);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.order_id <> NEW.order_id
     AND EXISTS (SELECT 1 FROM "derived"."order_turnaround" WHERE order_id = OLD.order_id) THEN
    PERFORM "derived"."refresh_order_turnaround"(OLD.order_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_turnaround" AFTER INSERT OR DELETE OR UPDATE OF "order_id", "item_rid", "name"
ON "order_items" FOR EACH ROW EXECUTE FUNCTION "derived"."turnaround_of_order_item"();
--> statement-breakpoint
-- A result's entries name its instrument and technician; entries are appended (a correction is a
-- new entry), and removed only with their result.
CREATE FUNCTION "derived"."turnaround_of_result_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "derived"."refresh_order_turnaround"(x.order_id)
  FROM "results" x WHERE x.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.result_id ELSE NEW.result_id END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "result_entries_turnaround" AFTER INSERT OR DELETE
OR UPDATE OF "result_id", "instrument_rid", "instrument", "technician_id", "technician_name"
ON "result_entries" FOR EACH ROW EXECUTE FUNCTION "derived"."turnaround_of_result_entry"();
--> statement-breakpoint
SELECT "derived"."rebuild_order_turnaround"();
