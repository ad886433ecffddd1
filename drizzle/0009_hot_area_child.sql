ALTER TABLE "prefecture" ADD COLUMN "child_id" integer;--> statement-breakpoint
ALTER TABLE "prefecture" ADD CONSTRAINT "prefecture_child_id_project_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."project_child"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The demo hot areas list one child category each (issue 12: 电镜专区 listed every 送样检测 item).
UPDATE "prefecture" SET "child_id" = 12 WHERE "name" = '电镜专区' AND "type_id" = 1 AND "child_id" IS NULL AND EXISTS (SELECT 1 FROM "project_child" WHERE "id" = 12);--> statement-breakpoint
UPDATE "prefecture" SET "child_id" = 13 WHERE "name" = '谱学专区' AND "type_id" = 1 AND "child_id" IS NULL AND EXISTS (SELECT 1 FROM "project_child" WHERE "id" = 13);--> statement-breakpoint
UPDATE "prefecture" SET "child_id" = 41 WHERE "name" = '理论计算专区' AND "type_id" = 3 AND "child_id" IS NULL AND EXISTS (SELECT 1 FROM "project_child" WHERE "id" = 41);--> statement-breakpoint
UPDATE "prefecture" SET "child_id" = 16 WHERE "name" = '生物医药专区' AND "type_id" = 1 AND "child_id" IS NULL AND EXISTS (SELECT 1 FROM "project_child" WHERE "id" = 16);
