CREATE TABLE "person_settings" (
	"organization_id" text NOT NULL,
	"clickup_user_id" text NOT NULL,
	"minutes_per_day" integer,
	"minutes_effective_from" date,
	"role_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "person_settings_organization_id_clickup_user_id_pk" PRIMARY KEY("organization_id","clickup_user_id"),
	CONSTRAINT "person_settings_minutes_range" CHECK ("person_settings"."minutes_per_day" is null or "person_settings"."minutes_per_day" between 0 and 1440)
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clickup_user_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"half_day" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "time_off_range_valid" CHECK ("time_off"."end_date" >= "time_off"."start_date"),
	CONSTRAINT "time_off_half_day_single" CHECK (not "time_off"."half_day" or "time_off"."end_date" = "time_off"."start_date"),
	CONSTRAINT "time_off_type_valid" CHECK ("time_off"."type" in ('holiday', 'sick', 'other'))
);
--> statement-breakpoint
CREATE TABLE "workspace_holidays" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_holidays_organization_id_day_pk" PRIMARY KEY("organization_id","day"),
	CONSTRAINT "workspace_holidays_name_not_blank" CHECK (length(btrim("workspace_holidays"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "project_rate_cards" (
	"organization_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"card_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_rate_cards_organization_id_folder_id_pk" PRIMARY KEY("organization_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "rate_card_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"card_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"rate_minor" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_card_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "rate_card_lines_subject_type_valid" CHECK ("rate_card_lines"."subject_type" in ('person', 'role')),
	CONSTRAINT "rate_card_lines_rate_non_negative" CHECK ("rate_card_lines"."rate_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"default_rate_minor" bigint,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_cards_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "rate_cards_kind_valid" CHECK ("rate_cards"."kind" in ('internal', 'client')),
	CONSTRAINT "rate_cards_name_not_blank" CHECK (length(btrim("rate_cards"."name")) > 0),
	CONSTRAINT "rate_cards_currency_code" CHECK ("rate_cards"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "rate_cards_default_rate_non_negative" CHECK ("rate_cards"."default_rate_minor" is null or "rate_cards"."default_rate_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "week_start" text DEFAULT 'monday' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "default_minutes_per_day" integer DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "working_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "fiscal_year_start_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "person_settings" ADD CONSTRAINT "person_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_holidays" ADD CONSTRAINT "workspace_holidays_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rate_cards" ADD CONSTRAINT "project_rate_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rate_cards" ADD CONSTRAINT "project_rate_cards_card_fk" FOREIGN KEY ("organization_id","card_id") REFERENCES "public"."rate_cards"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_lines" ADD CONSTRAINT "rate_card_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_card_lines" ADD CONSTRAINT "rate_card_lines_card_fk" FOREIGN KEY ("organization_id","card_id") REFERENCES "public"."rate_cards"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_off_person_idx" ON "time_off" USING btree ("organization_id","clickup_user_id","start_date");--> statement-breakpoint
CREATE INDEX "time_off_range_idx" ON "time_off" USING btree ("organization_id","end_date","start_date");--> statement-breakpoint
CREATE INDEX "project_rate_cards_card_idx" ON "project_rate_cards" USING btree ("organization_id","card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_card_lines_subject_day_idx" ON "rate_card_lines" USING btree ("organization_id","card_id","subject_type","subject_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_cards_one_default_idx" ON "rate_cards" USING btree ("organization_id","kind") WHERE "rate_cards"."is_default";--> statement-breakpoint
CREATE INDEX "audit_events_category_idx" ON "audit_events" USING btree ("organization_id","category","occurred_at") WHERE "audit_events"."category" is not null;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_currency_code" CHECK ("organizations"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_week_start_valid" CHECK ("organizations"."week_start" in ('monday', 'sunday'));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_minutes_per_day_range" CHECK ("organizations"."default_minutes_per_day" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_working_days_valid" CHECK ("organizations"."working_days" <@ '{1,2,3,4,5,6,7}'::integer[]);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_fiscal_month_range" CHECK ("organizations"."fiscal_year_start_month" between 1 and 12);--> statement-breakpoint
-- Capacity per ClickUp user of the workspace per day in [p_from, p_to] (spec §9, PRODUCT.md →
-- Workload): on a working day that is not a holiday, the person's minutes per day (their own
-- figure from its effective date on, else the workspace default) less time off (a half day
-- removes half, rounded down), never below 0; 0 on non-working days and holidays, where
-- time_off_minutes is 0 as well. The one implementation; everything that needs capacity reads it.
CREATE OR REPLACE FUNCTION "workload_capacity"(p_org text, p_from date, p_to date)
RETURNS TABLE (
  clickup_user_id text,
  day date,
  capacity_minutes integer,
  time_off_minutes integer,
  is_holiday boolean,
  is_working_day boolean
)
LANGUAGE sql STABLE AS $$
  with ws as (
    select o.default_minutes_per_day, o.working_days from organizations o where o.id = p_org
  ),
  days as (
    select g::date as day, extract(isodow from g)::integer as dow
      from generate_series(p_from::timestamp, p_to::timestamp, interval '1 day') g
  ),
  off as (
    select t.clickup_user_id, g::date as day, bool_or(not t.half_day) as full_day
      from time_off t
     cross join lateral generate_series(greatest(t.start_date, p_from)::timestamp,
                                        least(t.end_date, p_to)::timestamp, interval '1 day') g
     where t.organization_id = p_org and t.start_date <= p_to and t.end_date >= p_from
     group by t.clickup_user_id, g::date
  ),
  cells as (
    select u.id as clickup_user_id,
           d.day,
           (d.dow = any (ws.working_days)) as is_working_day,
           (h.day is not null) as is_holiday,
           case
             when ps.minutes_per_day is not null
                  and (ps.minutes_effective_from is null or ps.minutes_effective_from <= d.day)
               then ps.minutes_per_day
             else ws.default_minutes_per_day
           end as minutes,
           off.full_day
      from provider_users u
     cross join ws
     cross join days d
      left join person_settings ps on ps.organization_id = p_org and ps.clickup_user_id = u.id
      left join workspace_holidays h on h.organization_id = p_org and h.day = d.day
      left join off on off.clickup_user_id = u.id and off.day = d.day
     where u.organization_id = p_org
  )
  select c.clickup_user_id,
         c.day,
         case
           when not c.is_working_day or c.is_holiday then 0
           when c.full_day is null then greatest(c.minutes, 0)
           when c.full_day then 0
           else greatest(c.minutes - c.minutes / 2, 0)
         end as capacity_minutes,
         case
           when not c.is_working_day or c.is_holiday or c.full_day is null then 0
           when c.full_day then greatest(c.minutes, 0)
           else greatest(c.minutes / 2, 0)
         end as time_off_minutes,
         c.is_holiday,
         c.is_working_day
    from cells c
$$;
