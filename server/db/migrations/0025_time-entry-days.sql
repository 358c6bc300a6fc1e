CREATE TABLE "time_entry_days" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"billable" boolean NOT NULL,
	"duration_ms" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "time_entry_days_organization_id_day_user_id_folder_id_billable_pk" PRIMARY KEY("organization_id","day","user_id","folder_id","billable")
);
--> statement-breakpoint
ALTER TABLE "time_entry_days" ADD CONSTRAINT "time_entry_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_entry_days_user_idx" ON "time_entry_days" USING btree ("organization_id","user_id","day");--> statement-breakpoint
CREATE INDEX "time_entry_days_folder_idx" ON "time_entry_days" USING btree ("organization_id","folder_id","day");