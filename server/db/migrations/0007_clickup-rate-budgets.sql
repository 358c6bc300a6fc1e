CREATE TABLE "clickup_rate_budgets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"window_limit" integer,
	"remaining" integer NOT NULL,
	"reset_at" bigint,
	"window_started_at" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
