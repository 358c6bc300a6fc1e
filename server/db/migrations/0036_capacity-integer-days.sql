-- workload_capacity (0008) counts its days with an integer series: the same days, and the planner,
-- given the window's bounds as values, knows how many (a timestamp series is guessed at 1,000 rows,
-- so every caller that groups the capacity per person planned for 300,000 rows and sorted them).
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
    select p_from + i as day, extract(isodow from p_from + i)::integer as dow
      from generate_series(0, p_to - p_from) i
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
