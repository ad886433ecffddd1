-- Decision 0027: the points history is append-only (a mistake is mended by a reversing entry),
-- and the exchange catalogue starts with three test-fee items at 1 yuan per 100 points (the rate
-- points are earned at: 1% of cash paid comes back) and a gift card staff send.
CREATE FUNCTION "points_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "points_entries_append_only" BEFORE UPDATE OR DELETE ON "points_entries"
FOR EACH ROW EXECUTE FUNCTION "points_append_only"();
--> statement-breakpoint
INSERT INTO "points_items" ("rid", "name", "kind", "points", "value_fen", "description", "sort", "status", "created_at", "updated_at")
VALUES
  ('g' || substr(md5(random()::text || clock_timestamp()::text || 'fee10'), 1, 12), '测试费 10 元', 'bonus', 1000, 1000, '兑换后立即以赠送金存入账户余额，可用于支付订单', 10, 'active', now(), now()),
  ('g' || substr(md5(random()::text || clock_timestamp()::text || 'fee20'), 1, 12), '测试费 20 元', 'bonus', 2000, 2000, '兑换后立即以赠送金存入账户余额，可用于支付订单', 20, 'active', now(), now()),
  ('g' || substr(md5(random()::text || clock_timestamp()::text || 'fee30'), 1, 12), '测试费 30 元', 'bonus', 3000, 3000, '兑换后立即以赠送金存入账户余额，可用于支付订单', 30, 'active', now(), now()),
  ('g' || substr(md5(random()::text || clock_timestamp()::text || 'jdcard50'), 1, 12), '京东E卡 50 元', 'gift', 5000, 5000, '工作人员审核后 3 个工作日内将卡密发送至您的注册手机', 40, 'active', now(), now());
