CREATE INDEX "order_items_name_idx" ON "order_items" USING btree ("name","order_id");--> statement-breakpoint
CREATE INDEX "orders_no_prefix_idx" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");