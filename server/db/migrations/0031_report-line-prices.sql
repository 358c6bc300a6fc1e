-- Each report line's cost and revenue at its stored rates (reports/repo.ts reportEntriesCte): generated
-- by the database from duration_ms and the rates with priceSql's rule, so the reports sum them
-- instead of pricing every line of their period.
ALTER TABLE "time_entry_days" ADD COLUMN "cost_minor" bigint GENERATED ALWAYS AS ((case when (duration_ms) between -2147483648 and 2147483647 and (internal_rate) between -2147483648 and 2147483647 then
      ((duration_ms)::bigint * (internal_rate)::bigint) / 3600000 + case when ((duration_ms)::bigint * (internal_rate)::bigint) % 3600000 * 2 > 3600000
                              or (((duration_ms)::bigint * (internal_rate)::bigint) % 3600000 * 2 = 3600000 and (((duration_ms)::bigint * (internal_rate)::bigint) / 3600000) % 2 = 1) then 1 else 0 end
      else (div(((duration_ms)::numeric * (internal_rate)::numeric)::numeric, (3600000)::numeric) + case when mod(((duration_ms)::numeric * (internal_rate)::numeric)::numeric, (3600000)::numeric) * 2 > (3600000)::numeric
        or (mod(((duration_ms)::numeric * (internal_rate)::numeric)::numeric, (3600000)::numeric) * 2 = (3600000)::numeric and mod(div(((duration_ms)::numeric * (internal_rate)::numeric)::numeric, (3600000)::numeric), 2) = 1) then 1 else 0 end)::bigint end)) STORED;--> statement-breakpoint
ALTER TABLE "time_entry_days" ADD COLUMN "revenue_minor" bigint GENERATED ALWAYS AS ((case when (duration_ms) between -2147483648 and 2147483647 and (client_rate) between -2147483648 and 2147483647 then
      ((duration_ms)::bigint * (client_rate)::bigint) / 3600000 + case when ((duration_ms)::bigint * (client_rate)::bigint) % 3600000 * 2 > 3600000
                              or (((duration_ms)::bigint * (client_rate)::bigint) % 3600000 * 2 = 3600000 and (((duration_ms)::bigint * (client_rate)::bigint) / 3600000) % 2 = 1) then 1 else 0 end
      else (div(((duration_ms)::numeric * (client_rate)::numeric)::numeric, (3600000)::numeric) + case when mod(((duration_ms)::numeric * (client_rate)::numeric)::numeric, (3600000)::numeric) * 2 > (3600000)::numeric
        or (mod(((duration_ms)::numeric * (client_rate)::numeric)::numeric, (3600000)::numeric) * 2 = (3600000)::numeric and mod(div(((duration_ms)::numeric * (client_rate)::numeric)::numeric, (3600000)::numeric), 2) = 1) then 1 else 0 end)::bigint end)) STORED;