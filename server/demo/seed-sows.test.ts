import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoProject } from "../../simulator/clickup/demo/model";
import { createUserInWorkspace, type WorkspaceUser } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import type { SowDetail, SowListResponse } from "../modules/sows/contract";
import { systemContext, type RequestContext } from "../request-context";
import { seedBudgets } from "./seed-budgets";
import { seedFinanceDocuments } from "./seed-finance-documents";
import { seedSows } from "./seed-sows";

let ctx: TestContext;
let owner: WorkspaceUser;
let ownerCtx: RequestContext;

const project = (folderId: string, kind: DemoProject["kind"], name: string): DemoProject => ({
  folderId,
  name,
  client: name.split(" - ")[0]!,
  jobCode: folderId.toUpperCase(),
  spaceId: "s1",
  spaceName: "Space",
  kind,
  metaTaskId: `${folderId}-meta`,
  listIds: [],
  teamUserIds: [],
  start: 0,
  end: 0,
});

const PROJECTS: DemoProject[] = [
  project("f-bid", "bids", "Sable Cosmetics - Brand Refresh"),
  project("f-prod", "production", "Brightwater Insurance - Back to School"),
  project("f-post", "post", "Orbit Telecom - Awareness Flight"),
  project("f-done", "completed", "Velo Bikes - Back to School"),
];

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date("2025-03-13T09:00:00Z") });
  owner = await createUserInWorkspace(ctx, { role: "owner", firstName: "Olivia", lastName: "Owner" });
  ownerCtx = {
    ...systemContext(ctx.deps, owner.organizationId),
    userId: owner.userId,
    requestId: "demo-boot",
  };
  for (const p of PROJECTS) {
    await ctx.database.raw.query(`insert into folders (organization_id, id, name) values ($1, $2, $3)`, [
      owner.organizationId,
      p.folderId,
      p.name,
    ]);
  }
  await ctx.database.raw.query(
    `insert into tasks (organization_id, id, name, folder_id, custom_item_id, due_date)
     values ($1, 'd-60', 'Anthem :60 master', 'f-prod', 2, '2025-04-18T17:00:00Z'),
            ($1, 'd-30', 'Anthem :30 cutdown', 'f-prod', 2, '2025-04-25T17:00:00Z')`,
    [owner.organizationId],
  );
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("demo statements of work", () => {
  it("waits for the demo budgets, then seeds a signed, a sent and a draft SOW once", async () => {
    expect(await seedSows(ownerCtx)).toEqual({
      seeded: false,
      reason: "the approved demo budget is not there yet",
    });
    await seedBudgets(ownerCtx, { projects: PROJECTS }, { timeoutMs: 0 });
    await seedFinanceDocuments(ownerCtx);
    expect(await seedSows(ownerCtx)).toEqual({ seeded: true });
    const list = await owner.client.get<SowListResponse>("/api/sows?sort=number&dir=asc");
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((s) => [s.displayNumber, s.status, s.budgetName !== null])).toEqual([
      ["SOW-0001", "signed", true],
      ["SOW-0002", "sent", true],
      ["SOW-0003", "draft", false],
    ]);
    const signed = await owner.client.get<SowDetail>(`/api/sows/${list.body.items[0]!.id}`);
    expect(signed.body.createdBy?.name).toBe("Olivia Owner");
    expect(signed.body.scheduleTotalMinor).toBe(signed.body.feeMinor);
    expect(signed.body.deliverables.map((d) => [d.name, d.dueDate])).toEqual([
      ["Anthem :60 master", "2025-04-18"],
      ["Anthem :30 cutdown", "2025-04-25"],
    ]);
    expect(await seedSows(ownerCtx)).toEqual({ seeded: false, reason: "SOWs exist" });
  }, 60_000);
});
