import { sql } from "drizzle-orm";
import { addDays, toIsoDate } from "@domain/dates";
import { isoWeekday } from "@domain/work-calendar";
import { DISCIPLINE_TITLES } from "../../simulator/clickup/demo-data";
import type { DemoAgency } from "../../simulator/clickup/demo/model";
import type { AppDeps } from "../context";
import { firstRow, run, transaction, type Executor } from "../db/executor";
import { newId } from "../lib/ids";

/*
 * Issue 12 item 7 (app side): the demo agency's rate cards, capacity and time off, dated relative
 * to the demo's clock so every figure shows something on first start. Role tags are the people's
 * disciplines in the simulated ClickUp (their titles: Producer, Editor…). Runs once per
 * workspace: nothing is written when the workspace already has a rate card.
 */

/** The discipline (role tag) of a ClickUp title, e.g. "Senior Producer" → "producer". */
export function roleTagOfTitle(title: string): string | null {
  for (const [discipline, titles] of Object.entries(DISCIPLINE_TITLES)) {
    if ((titles as readonly string[]).includes(title)) return discipline;
  }
  return null;
}

const INTERNAL_ROLE_RATES: Record<string, number> = {
  producer: 6500,
  account: 6000,
  creative: 8000,
  editor: 5500,
  designer: 5000,
};
const CLIENT_ROLE_RATES: Record<string, number> = {
  producer: 15000,
  account: 14000,
  creative: 20000,
  editor: 13500,
  designer: 12500,
};

/** The first weekday on or after `day`. */
function weekdayOnOrAfter(day: Date): string {
  let d = day;
  while (isoWeekday(toIsoDate(d)!) > 5) d = addDays(d, 1);
  return toIsoDate(d)!;
}

export async function seedCapacityAndRates(
  deps: AppDeps,
  organizationId: string,
  demo: DemoAgency,
): Promise<void> {
  const now = deps.now();
  const day = (offset: number) => toIsoDate(addDays(now, offset))!;
  await transaction(deps.database, async (tx: Executor) => {
    const existing = await firstRow<{ id: string }>(
      tx,
      sql`select id from rate_cards where organization_id = ${organizationId} limit 1`,
    );
    if (existing) return;
    const people = demo.users.map((u) => ({ ...u, id: String(u.id), tag: roleTagOfTitle(u.title) }));
    const tags = [...new Set(people.map((p) => p.tag).filter((t): t is string => t !== null))];

    const card = async (kind: string, name: string, isDefault: boolean, defaultRate: number | null) => {
      const id = newId();
      await run(
        tx,
        sql`insert into rate_cards (organization_id, id, kind, name, currency, is_default, default_rate_minor)
            values (${organizationId}, ${id}, ${kind}, ${name}, 'USD', ${isDefault}, ${defaultRate})`,
      );
      return id;
    };
    const line = async (cardId: string, type: string, subject: string, rate: number, from: string) => {
      await run(
        tx,
        sql`insert into rate_card_lines (organization_id, id, card_id, subject_type, subject_id, rate_minor, effective_from)
            values (${organizationId}, ${newId()}, ${cardId}, ${type}, ${subject}, ${rate}, ${from}::date)
            on conflict do nothing`,
      );
    };
    const yearAgo = day(-365);
    const internal = await card("internal", "Staff cost", true, 5000);
    const standard = await card("client", "Standard rates", true, 15000);
    for (const tag of tags) {
      await line(internal, "role", tag, INTERNAL_ROLE_RATES[tag] ?? 5500, yearAgo);
      await line(standard, "role", tag, CLIENT_ROLE_RATES[tag] ?? 15000, yearAgo);
    }
    // Person lines: the first two people cost and bill more than their role.
    for (const [i, p] of people.slice(0, 2).entries()) {
      await line(internal, "person", p.id, 7500 + i * 500, yearAgo);
      await line(standard, "person", p.id, 22000 + i * 1000, yearAgo);
    }
    // One project with its own client card and a rate change mid-project (ten days ago).
    const project =
      demo.projects.find((p) => p.kind !== "bids" && p.kind !== "completed") ?? demo.projects[0];
    if (project) {
      const own = await card("client", `${project.client} rates`, false, 16000);
      for (const p of people.slice(0, 3)) {
        await line(own, "person", p.id, 18000, day(-90));
        await line(own, "person", p.id, 19500, day(-10));
      }
      await run(
        tx,
        sql`insert into project_rate_cards (organization_id, folder_id, card_id)
            values (${organizationId}, ${project.folderId}, ${own}) on conflict do nothing`,
      );
    }
    // Role tags for everyone; a few people work 6 h a day; the first few have a purchasing limit
    // (USD cents) and a utilisation target (basis points).
    const limits = [250_000, 100_000, 500_000];
    const targets = [8000, 7500, 8500, 7000];
    for (const [i, p] of people.entries()) {
      const minutes = i >= 2 && i < 5 ? 360 : null;
      await run(
        tx,
        sql`insert into person_settings (organization_id, clickup_user_id, minutes_per_day, role_tags,
                                         purchasing_limit_minor, utilization_target_bp)
            values (${organizationId}, ${p.id}, ${minutes}, array_remove(array[${p.tag}::text], null),
                    ${limits[i] ?? null}, ${targets[i] ?? null})
            on conflict do nothing`,
      );
    }
    // Time off: a sick stretch, a half day and a holiday week, around the demo's "now".
    const off = [
      [people[1], weekdayOnOrAfter(addDays(now, 1)), null, true, "other", "Dentist"],
      [people[2], day(2), day(4), false, "sick", null],
      [people[3], day(8), day(12), false, "holiday", "Family trip"],
      [people[0], day(-6), day(-5), false, "holiday", null],
    ] as const;
    for (const [person, start, end, half, type, note] of off) {
      if (!person) continue;
      await run(
        tx,
        sql`insert into time_off (organization_id, id, clickup_user_id, start_date, end_date, half_day, type, note)
            values (${organizationId}, ${newId()}, ${person.id}, ${start}::date, ${end ?? start}::date, ${half}, ${type}, ${note})`,
      );
    }
    // Two workspace holidays on weekdays ahead.
    for (const [offset, name] of [
      [15, "Company offsite"],
      [33, "Founders' Day"],
    ] as const) {
      await run(
        tx,
        sql`insert into workspace_holidays (organization_id, day, name)
            values (${organizationId}, ${weekdayOnOrAfter(addDays(now, offset))}::date, ${name}) on conflict do nothing`,
      );
    }
  });
}
