-- Every unique key of a table distributed by organization_id carries organization_id.
-- Invitation tokens: unique per workspace; a plain index keeps the accept-link lookup by token.
DROP INDEX "invitations_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_idx" ON "invitations" USING btree ("organization_id","token_hash");--> statement-breakpoint
CREATE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
-- Security log and webhook deliveries: rows of no workspace get organization_id '' (a key column
-- cannot be null); the key becomes (organization_id, id) and id keeps its sequence.
ALTER TABLE "security_audit_log" DROP CONSTRAINT "security_audit_log_pkey";--> statement-breakpoint
UPDATE "security_audit_log" SET "organization_id" = '' WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "security_audit_log" ALTER COLUMN "organization_id" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "security_audit_log" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "security_audit_log" ADD CONSTRAINT "security_audit_log_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_pkey";--> statement-breakpoint
UPDATE "webhook_events" SET "organization_id" = '' WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "organization_id" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_organization_id_id_pk" PRIMARY KEY("organization_id","id");--> statement-breakpoint
CREATE INDEX "webhook_events_id_idx" ON "webhook_events" USING btree ("id");
