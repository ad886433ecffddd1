-- Decision 0097: an instrument's capacity is set per week (five working days) instead of per working day.
UPDATE "device" SET "weekly_capacity" = "daily_capacity" * 5 WHERE "daily_capacity" IS NOT NULL;
