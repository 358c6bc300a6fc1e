DROP INDEX "workload_bookings_end_idx";--> statement-breakpoint
DROP INDEX "workload_bookings_due_idx";--> statement-breakpoint
CREATE INDEX "workload_bookings_due_idx" ON "workload_bookings" USING btree ("organization_id","due_day","person","folder_id","space_id");