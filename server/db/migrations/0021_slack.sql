CREATE TABLE "slack_connections" (
	"organization_id" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"team_id" text,
	"team_name" text,
	"bot_user_id" text,
	"app_id" text,
	"scopes" text DEFAULT '' NOT NULL,
	"token_enc" text,
	"channel_id" text,
	"channel_name" text,
	"disabled_kinds" text[] DEFAULT '{}' NOT NULL,
	"installed_by" text,
	"installed_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_connections_organization_id_pk" PRIMARY KEY("organization_id"),
	CONSTRAINT "slack_connections_status_valid" CHECK ("slack_connections"."status" in ('active', 'disconnected')),
	CONSTRAINT "slack_connections_active_has_token" CHECK ("slack_connections"."status" <> 'active' or "slack_connections"."token_enc" is not null)
);
--> statement-breakpoint
CREATE TABLE "slack_oauth_nonces" (
	"organization_id" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_oauth_nonces_organization_id_nonce_pk" PRIMARY KEY("organization_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "slack_notifications" (
	"organization_id" text NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"channel_id" text NOT NULL,
	"text" text NOT NULL,
	"blocks" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"ts" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "slack_notifications_organization_id_event_key_pk" PRIMARY KEY("organization_id","event_key"),
	CONSTRAINT "slack_notifications_status_valid" CHECK ("slack_notifications"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "slack_notifications_failed_idx" ON "slack_notifications" USING btree ("organization_id","updated_at") WHERE "slack_notifications"."status" = 'failed';
