-- Decision 0066: derived.order_tallies follows every write to orders in the same transaction (any
-- writer, any process), so a list's total and what it owes are read without counting rows.
CREATE FUNCTION "derived"."tally_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A write that moves none of the counted columns takes no tally row's lock.
  IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id AND NEW.status = OLD.status
     AND NEW.amount_fen = OLD.amount_fen AND NEW.paid_fen = OLD.paid_fen THEN
    RETURN NULL;
  END IF;
  -- The row leaves its old (customer, status) and joins its new one: one statement, keys in
  -- order, so two moves between the same statuses lock them in the same order.
  INSERT INTO "derived"."order_tallies" AS t ("user_id", "status", "orders", "owed_fen")
  SELECT d.user_id, d.status, sum(d.n), sum(d.owed)
  FROM (
    SELECT OLD.user_id, OLD.status, -1, -greatest(OLD.amount_fen - OLD.paid_fen, 0)
    WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.user_id, NEW.status, 1, greatest(NEW.amount_fen - NEW.paid_fen, 0)
    WHERE TG_OP <> 'DELETE'
  ) AS d(user_id, status, n, owed)
  GROUP BY d.user_id, d.status
  ORDER BY d.user_id, d.status
  ON CONFLICT ("user_id", "status") DO UPDATE
    SET "orders" = t."orders" + excluded."orders", "owed_fen" = t."owed_fen" + excluded."owed_fen";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_tally" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "status", "amount_fen", "paid_fen"
ON "orders" FOR EACH ROW EXECUTE FUNCTION "derived"."tally_orders"();
--> statement-breakpoint
CREATE FUNCTION "derived"."clear_order_tallies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "derived"."order_tallies";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_tally_truncate" AFTER TRUNCATE ON "orders"
FOR EACH STATEMENT EXECUTE FUNCTION "derived"."clear_order_tallies"();
--> statement-breakpoint
INSERT INTO "derived"."order_tallies" ("user_id", "status", "orders", "owed_fen")
SELECT "user_id", "status", count(*), sum(greatest("amount_fen" - "paid_fen", 0))
FROM "orders" GROUP BY "user_id", "status";
