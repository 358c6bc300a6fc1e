import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoAgency } from "../../simulator/clickup/demo/model";
import { createUserInWorkspace } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import { roleTagOfTitle, seedCapacityAndRates } from "./seed-capacity-rates";

let ctx: TestContext;
let org: string;

// Thursday 2025-03-13, 09:00 UTC: the demo's "now" in this test.
const NOW = new Date("2025-03-13T09:00:00Z");

const demo = {
  users: [
    { id: 101, email: "a@demo.test", username: "Ann", role: "owner", title: "Senior Producer" },
    { id: 102, email: "b@demo.test", username: "Bo", role: "admin", title: "Account Manager" },
    { id: 103, email: "c@demo.test", username: "Cy", role: "member", title: "Creative Director" },
    { id: 104, email: "d@demo.test", username: "Di", role: "member", title: "Producer" },
  ],
  projects: [
    { folderId: "bid-1", name: "Pitch", client: "Beta", kind: "bids" },
    { folderId: "job-1", name: "Launch", client: "Acme", kind: "production" },
  ],
} as unknown as DemoAgency;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  org = (await createUserInWorkspace(ctx, { role: "owner" })).organizationId;
  for (const u of demo.users) {
    await ctx.database.raw.query(
      `insert into provider_users (organization_id, id, username) values ($1, $2, $3)`,
      [org, String(u.id), u.username],
    );
  }
});
afterAll(async () => {
  await ctx.close();
});

describe("demo seed of rate cards, capacity and time off", () => {
  it("maps ClickUp titles to role tags", () => {
    expect(roleTagOfTitle("Senior Producer")).toBe("producer");
    expect(roleTagOfTitle("Account Manager")).toBe("account");
    expect(roleTagOfTitle("Astronaut")).toBeNull();
  });

  it("seeds cards, a project card with a mid-project change, 6 h people, time off and holidays, once", async () => {
    await seedCapacityAndRates(ctx.deps, org, demo);
    await seedCapacityAndRates(ctx.deps, org, demo); // idempotent
    const q = async <T>(text: string) => (await ctx.database.raw.query<T>(text, [org])).rows;
    const cards = await q<{ kind: string; is_default: boolean; n: number }>(
      `select c.kind, c.is_default, count(l.id)::int as n from rate_cards c
         left join rate_card_lines l on l.organization_id = c.organization_id and l.card_id = c.id
        where c.organization_id = $1 group by c.id, c.kind, c.is_default order by c.kind, c.is_default desc`,
    );
    expect(cards.map((c) => `${c.kind}${c.is_default ? "*" : ""}`)).toEqual([
      "client*",
      "client",
      "internal*",
    ]);
    expect(cards.every((c) => c.n > 0)).toBe(true);
    const own = await q<{ folder_id: string; rates: string }>(
      `select p.folder_id, string_agg(distinct l.effective_from::text || '=' || l.rate_minor, ',' order by l.effective_from::text || '=' || l.rate_minor) as rates
         from project_rate_cards p join rate_card_lines l on l.organization_id = p.organization_id and l.card_id = p.card_id
        where p.organization_id = $1 group by p.folder_id`,
    );
    expect(own).toEqual([{ folder_id: "job-1", rates: "2024-12-13=18000,2025-03-03=19500" }]);
    // Capacity: Cy (6 h) on Thursday; Bo's half day on Friday; Cy sick from Saturday; holidays ahead.
    const cap = await q<{
      clickup_user_id: string;
      day: string;
      capacity_minutes: number;
      is_holiday: boolean;
    }>(
      `select clickup_user_id, to_char(day, 'YYYY-MM-DD') as day, capacity_minutes, is_holiday
         from workload_capacity($1, '2025-03-13', '2025-04-30') order by day, clickup_user_id`,
    );
    const at = (who: string, day: string) =>
      cap.find((r) => r.clickup_user_id === who && r.day === day)?.capacity_minutes;
    expect(at("103", "2025-03-13")).toBe(360);
    expect(at("101", "2025-03-13")).toBe(480);
    expect(at("102", "2025-03-14")).toBe(240);
    expect(at("103", "2025-03-17")).toBe(0); // sick Sat 15th – Mon 17th
    expect(at("103", "2025-03-18")).toBe(360);
    expect([...new Set(cap.filter((r) => r.is_holiday).map((r) => r.day))]).toEqual([
      "2025-03-28",
      "2025-04-15",
    ]);
    const tags = await q<{ role_tags: string[] }>(
      `select role_tags from person_settings where organization_id = $1 order by clickup_user_id`,
    );
    expect(tags.map((t) => t.role_tags)).toEqual([["producer"], ["account"], ["creative"], ["producer"]]);
  });
});
