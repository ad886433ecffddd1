-- Decision 0069: orders placed before samples were records get theirs from their counts: each
-- 送样检测 line's sample_count, numbered across the order (<order no>-01, -02…, in line order),
-- each with its 'created' event. The status follows the order's: not yet received (a stored
-- sample of an earlier order is in the store; a posted one is on its way), received, testing, or
-- tested once the data is out. Cancelled orders and quote requests not yet quoted get none.
-- Orders that already have samples are left alone, so running it again changes nothing.
WITH "lines" AS (
  SELECT o."id" AS "order_id", o."order_no", o."status" AS "order_status", o."express",
         o."created_at", i."id" AS "item_id", i."item_rid", i."name" AS "item_name", i."source",
         i."disposal", g."n"
  FROM "orders" o
  JOIN "order_items" i ON i."order_id" = o."id"
  CROSS JOIN LATERAL generate_series(1, greatest(i."sample_count", 0)) AS g("n")
  WHERE o."type_id" = 1 AND o."status" <> 'cancelled'
    AND NOT (o."status" = 'quoting' AND o."demand" IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM "samples" s WHERE s."order_id" = o."id")
), "numbered" AS (
  SELECT l.*, row_number() OVER (PARTITION BY l."order_id" ORDER BY l."item_id", l."n") AS "k"
  FROM "lines" l
), "made" AS (
  INSERT INTO "samples" ("rid", "order_id", "order_item_id", "sample_no", "name", "item_rid",
                         "item_name", "status", "disposal", "created_at")
  SELECT 'M' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
         "order_id", "item_id",
         "order_no" || '-' || CASE WHEN "k" < 10 THEN '0' || "k" ELSE "k"::text END,
         '样品' || CASE WHEN "k" < 10 THEN '0' || "k" ELSE "k"::text END,
         "item_rid", "item_name",
         CASE
           WHEN "order_status" = 'received' THEN 'received'
           WHEN "order_status" = 'testing' THEN 'testing'
           WHEN "order_status" IN ('delivered', 'unsettled', 'completed') THEN 'tested'
           WHEN "source" = 0 THEN 'stored'
           WHEN "express" IS NOT NULL THEN 'in_transit'
           ELSE 'awaiting_post'
         END,
         "disposal", "created_at"
  FROM "numbered"
  RETURNING "id", "status", "created_at"
)
INSERT INTO "sample_events" ("sample_id", "kind", "from_status", "to_status", "actor_kind", "note", "at")
SELECT "id", 'created', NULL, "status", 'system', '由订单样品数量补录', "created_at" FROM "made";
