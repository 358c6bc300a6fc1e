CREATE TABLE "list_members" (
	"organization_id" text NOT NULL,
	"list_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "list_members_organization_id_list_id_user_id_pk" PRIMARY KEY("organization_id","list_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "list_members" ADD CONSTRAINT "list_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_members_user_idx" ON "list_members" USING btree ("organization_id","user_id");