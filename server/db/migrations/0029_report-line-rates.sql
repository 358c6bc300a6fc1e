ALTER TABLE "organizations" ADD COLUMN "rates_version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_entry_days" ADD COLUMN "rates_version" bigint;--> statement-breakpoint
ALTER TABLE "time_entry_days" ADD COLUMN "internal_rate" bigint;--> statement-breakpoint
ALTER TABLE "time_entry_days" ADD COLUMN "client_rate" bigint;--> statement-breakpoint
CREATE INDEX "time_entry_days_rates_idx" ON "time_entry_days" USING btree ("organization_id","rates_version");--> statement-breakpoint
-- A report line's stored rates (time_entry_days.internal_rate, client_rate) hold while the
-- workspace's rates_version is the one they were read at. Everything a rate or a line's client card
-- is read from raises it: a rate card (its default rate, which card is the default), a card's lines,
-- a project's card, a person's role tags. Lines read at an older version are priced from the rate
-- cards again until they are read anew (reports/repo.ts repriceReportLines).
CREATE FUNCTION raise_rates_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE organizations SET rates_version = rates_version + 1
   WHERE id = CASE TG_OP WHEN 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rate_cards_rates_version AFTER INSERT OR UPDATE OR DELETE ON rate_cards
  FOR EACH ROW EXECUTE FUNCTION raise_rates_version();
--> statement-breakpoint
CREATE TRIGGER rate_card_lines_rates_version AFTER INSERT OR UPDATE OR DELETE ON rate_card_lines
  FOR EACH ROW EXECUTE FUNCTION raise_rates_version();
--> statement-breakpoint
CREATE TRIGGER project_rate_cards_rates_version AFTER INSERT OR UPDATE OR DELETE ON project_rate_cards
  FOR EACH ROW EXECUTE FUNCTION raise_rates_version();
--> statement-breakpoint
CREATE TRIGGER person_settings_rates_version AFTER INSERT OR DELETE ON person_settings
  FOR EACH ROW EXECUTE FUNCTION raise_rates_version();
--> statement-breakpoint
CREATE TRIGGER person_settings_roles_rates_version AFTER UPDATE ON person_settings
  FOR EACH ROW WHEN (OLD.role_tags IS DISTINCT FROM NEW.role_tags) EXECUTE FUNCTION raise_rates_version();
