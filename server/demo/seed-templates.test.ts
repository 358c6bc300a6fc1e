import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCIPLINE_TITLES } from "../../simulator/clickup/demo-data";
import { countTasks, creationOrder, validateTemplateTree } from "@domain/templates";
import { createUserInWorkspace, type WorkspaceUser } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import type { TemplateDetail, TemplateListResponse } from "../modules/templates/contract";
import { DEMO_TEMPLATES, seedTemplates } from "./seed-templates";

let ctx: TestContext;
let owner: WorkspaceUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date("2025-03-13T09:00:00Z") });
  owner = await createUserInWorkspace(ctx, { role: "owner" });
});
afterAll(async () => {
  await ctx.close();
});

describe("demo folder templates", () => {
  it.each(DEMO_TEMPLATES.map((t) => [t.name, t] as const))(
    "%s is a valid tree in the demo's shape",
    (_, t) => {
      expect(validateTemplateTree(t.tree)).toEqual([]);
      const tasks = t.tree.lists.flatMap((l) => l.tasks);
      expect(tasks[0]).toMatchObject({ customItemId: 1001, name: "{project}" });
      expect(t.tree.lists[0]!.name).toBe("Project Management");
      expect(tasks.filter((x) => x.customItemId === 1).length).toBeGreaterThanOrEqual(6);
      expect(tasks.some((x) => x.customItemId === 2)).toBe(true);
      expect(tasks.some((x) => x.parentKey !== null)).toBe(true);
      // Every assignee is a role tag the demo gives its people (their disciplines).
      const disciplines = new Set(Object.keys(DISCIPLINE_TITLES));
      for (const x of tasks) {
        expect(x.assignee?.kind).toBe("role");
        if (x.assignee?.kind === "role") expect(disciplines).toContain(x.assignee.tag);
      }
      // Work items carry estimates; a parent's own estimate leaves room for its subtasks'.
      for (const x of tasks.filter(
        (x) => x.customItemId !== 1 && x.customItemId !== 1001 && x.parentKey === null,
      )) {
        const children = tasks.filter((c) => c.parentKey === x.key);
        if (children.length === 0) expect(x.estimateMinutes, x.name).toBeGreaterThan(0);
      }
      expect(creationOrder(t.tree)[2]).toMatchObject({ kind: "task", key: `task:${tasks[0]!.key}` });
    },
  );

  it("the TV spot has the phases and milestones a producer expects; the social campaign about 25 tasks", () => {
    const [tv, social] = DEMO_TEMPLATES;
    expect(tv!.tree.lists.map((l) => l.name)).toEqual([
      "Project Management",
      "Pre-Production",
      "Production",
      "Post Production",
      "Delivery",
    ]);
    const milestones = tv!.tree.lists[0]!.tasks.filter((t) => t.customItemId === 1).map((t) => t.name);
    for (const name of [
      "Creative Brief",
      "Shoot",
      "Offline Edit Review",
      "Online & Grade Review",
      "Final Delivery",
    ]) {
      expect(milestones).toContain(name);
    }
    expect(countTasks(social!.tree)).toBeGreaterThanOrEqual(22);
    expect(countTasks(social!.tree)).toBeLessThanOrEqual(30);
  });

  it("seeds both templates once, readable through the API", async () => {
    await seedTemplates(ctx.deps, owner.organizationId);
    await seedTemplates(ctx.deps, owner.organizationId); // idempotent
    const list = await owner.client.get<TemplateListResponse>("/api/templates");
    expect(list.body.items.map((i) => [i.name, i.currentVersion, i.taskCount, i.createdBy])).toEqual([
      ["Social Campaign", 1, countTasks(DEMO_TEMPLATES[1]!.tree), null],
      ["TV Spot — 30 sec", 1, countTasks(DEMO_TEMPLATES[0]!.tree), null],
    ]);
    const tv = await owner.client.get<TemplateDetail>(`/api/templates/${list.body.items[1]!.id}`);
    expect(tv.body.tree).toEqual(DEMO_TEMPLATES[0]!.tree);
    const { rows } = await ctx.database.raw.query<{ actor_user_id: string; action: string }>(
      `select actor_user_id, action from audit_events where organization_id = $1 and object_type = 'folder_template'`,
      [owner.organizationId],
    );
    expect(rows).toEqual([
      { actor_user_id: "system", action: "created" },
      { actor_user_id: "system", action: "created" },
    ]);
  });
});
