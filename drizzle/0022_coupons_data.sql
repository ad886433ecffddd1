-- Decision 0026: the lab's account for coupon discounts (the other side of what a coupon pays),
-- and the two coupons the home page advertises: 满2000减200 in the coupon centre, and 首单立减100
-- for a first order, also given to every customer who registers through an invitation.
INSERT INTO "money_accounts" ("rid", "owner_kind", "system_code", "updated_at")
VALUES ('w' || substr(md5(random()::text || clock_timestamp()::text || 'coupon_expense'), 1, 12), 'system', 'coupon_expense', now());
--> statement-breakpoint
INSERT INTO "coupon_templates" ("rid", "name", "scope", "kind", "value_fen", "threshold_fen", "first_order_only", "validity", "valid_days", "per_user_limit", "claimable", "welcome", "status", "created_at", "updated_at")
VALUES
  ('q' || substr(md5(random()::text || clock_timestamp()::text || 'full'), 1, 12), '满2000减200', 'all', 'amount', 20000, 200000, false, 'days', 30, 1, true, false, 'active', now(), now()),
  ('q' || substr(md5(random()::text || clock_timestamp()::text || 'first'), 1, 12), '首单立减100', 'all', 'amount', 10000, 50000, true, 'days', 30, 1, true, true, 'active', now(), now());
