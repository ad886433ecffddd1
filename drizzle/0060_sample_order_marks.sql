-- Decision 0078: the 48 h return and the disposal promises are kept per sample, by its custody
-- events. Orders that staff marked 样品已销毁 / 样品已寄回 on the dashboard before (order_events
-- 'disposed' / 'returned') carry that mark over to their samples still in the lab: each gets the
-- matching custody event (by the staff member who made the mark, at its time, with its note),
-- then moves, in this transaction, as the status guard requires. Samples already returned or
-- destroyed, and those not yet at the lab, are left alone, so running it again changes nothing.
INSERT INTO "sample_events" ("sample_id", "kind", "from_status", "to_status", "actor_kind", "actor_id",
                             "actor_name", "details", "note", "at")
SELECT s."id", m."action", s."status", CASE WHEN m."action" = 'disposed' THEN 'disposed' ELSE 'returned' END,
       m."actor_kind", m."actor_id", coalesce(nullif(u."name", ''), u."phone", ''),
       CASE WHEN m."action" = 'disposed'
            THEN jsonb_build_object('reason', '订单记录的样品销毁', 'migrated', 'order_mark')
            ELSE jsonb_build_object('migrated', 'order_mark') END,
       '由订单记录迁移：' || m."note", m."at"
FROM "samples" s
JOIN LATERAL (
  SELECT e."action", e."actor_kind", e."actor_id", e."note", e."at"
  FROM "order_events" e
  WHERE e."order_id" = s."order_id" AND e."action" = CASE WHEN s."disposal" = 1 THEN 'returned' ELSE 'disposed' END
  ORDER BY e."id"
  LIMIT 1
) m ON true
LEFT JOIN "users" u ON u."id" = m."actor_id"
WHERE s."status" IN ('received', 'stored', 'testing', 'tested', 'return_pending', 'disposal_pending', 'abnormal')
  AND (m."action" = 'returned' OR s."disposal" = 0);
--> statement-breakpoint
UPDATE "samples" s
SET "status" = e."to_status", "location_id" = NULL, "location_label" = NULL
FROM "sample_events" e
WHERE e."sample_id" = s."id" AND e."tx_id" = txid_current() AND e."details"->>'migrated' = 'order_mark'
  AND e."from_status" = s."status";
