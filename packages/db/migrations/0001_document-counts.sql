ALTER TABLE "usage_statistics" ADD COLUMN "document_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_storage" ADD COLUMN "document_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_statistics" ADD CONSTRAINT "usage_document_count_not_negative" CHECK ("usage_statistics"."document_count" >= 0);--> statement-breakpoint
ALTER TABLE "team_storage" ADD CONSTRAINT "team_document_count_not_negative" CHECK ("team_storage"."document_count" >= 0);--> statement-breakpoint
-- Existing documents are counted once here; from now on the count changes with storage_used (performance log §124).
UPDATE "usage_statistics" u SET "document_count" = c.n FROM (SELECT "user_id", count(*)::integer AS n FROM "pdf_files" WHERE NOT "deleted" AND "team_id" IS NULL GROUP BY "user_id") c WHERE u."user_id" = c."user_id";--> statement-breakpoint
UPDATE "team_storage" t SET "document_count" = c.n FROM (SELECT "team_id", count(*)::integer AS n FROM "pdf_files" WHERE NOT "deleted" AND "team_id" IS NOT NULL GROUP BY "team_id") c WHERE t."team_id" = c."team_id";
