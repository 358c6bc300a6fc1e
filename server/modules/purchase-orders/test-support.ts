import { Hono, type MiddlewareHandler } from "hono";
import { expect } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { TestClient, type TestContext } from "../../../tests/api/harness";
import type { App } from "../../app";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";
import type { BudgetDetail, BudgetLineView } from "../budgets/contract";
import type { Vendor } from "../vendors/contract";
import { vendorRoutes } from "../vendors/routes";
import { purchaseOrderRoutes } from "./routes";

/*
 * Test fixture of the vendor and purchase order API tests (not production code): the app with
 * their routes, a workspace with an approved budget and a vendor, and the finance audit trail.
 */

export type ErrorBody = {
  error: { code: string; message: string; fields?: { field: string; message: string }[] };
};

/**
 * The app with /api/vendors and /api/purchase-orders in front of it while server/app.ts does
 * not mount them yet (the same middleware the app puts before its routes, and its error shape);
 * once it does, the app as it is.
 */
export function withPurchasingRoutes(test: TestContext): App {
  if (test.app.routes.some((r) => r.path.startsWith("/api/purchase-orders"))) return test.app;
  const outer = new Hono<AppEnv>();
  const setup: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set("deps", test.deps);
    c.set("requestId", crypto.randomUUID());
    c.set("log", test.deps.logger);
    await next();
  };
  outer.use("/api/vendors/*", setup);
  outer.use("/api/vendors", setup);
  outer.use("/api/purchase-orders/*", setup);
  outer.use("/api/purchase-orders", setup);
  outer.route("/api/vendors", vendorRoutes());
  outer.route("/api/purchase-orders", purchaseOrderRoutes());
  outer.all("*", (c) => test.app.fetch(c.req.raw));
  outer.onError((err, c) => {
    if (err instanceof AppError) return c.json(err.toBody(), err.status);
    test.deps.logger.error({ err }, "unhandled");
    return c.json({ error: { code: "internal_error", message: String(err) } }, 500);
  });
  return outer as unknown as App;
}

/** A test context whose clients reach the vendor and purchase order routes. */
export function usePurchasingRoutes(test: TestContext): void {
  const app = withPurchasingRoutes(test);
  test.client = () => new TestClient(app);
}

export interface Job {
  owner: WorkspaceUser;
  organizationId: string;
  budget: BudgetDetail;
  /** Budget line keys by name. */
  keys: { producer: string; travel: string; camera: string };
  vendor: Vendor;
}

/** A workspace with a project, an approved budget of three lines and a vendor. */
export async function newJob(ctx: TestContext, owner?: WorkspaceUser): Promise<Job> {
  const who = owner ?? (await createUserInWorkspace(ctx, { role: "owner" }));
  const org = who.organizationId;
  const folder = `f-${org.slice(0, 8)}`;
  await ctx.database.raw.query(
    `insert into folders (organization_id, id, name) values ($1, $2, 'Acme launch') on conflict do nothing`,
    [org, folder],
  );
  const created = await who.client.post<BudgetDetail>("/api/budgets", {
    projectId: folder,
    name: "Acme spot",
    bidType: "firm",
  });
  expect(created.status, created.text).toBe(201);
  const line = async (body: object) => {
    const res = await who.client.post<BudgetLineView>(`/api/budgets/${created.body.id}/lines`, body);
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const producer = await line({
    section: "A",
    number: "1",
    description: "Producer",
    quantityHundredths: 200,
    rateMinor: 80_000,
  });
  const travel = await line({
    section: "D",
    number: "40",
    description: "Travel",
    quantityHundredths: 100,
    rateMinor: 50_000,
  });
  const camera = await line({
    section: "I",
    number: "3",
    description: "Camera package",
    quantityHundredths: 300,
    rateMinor: 120_000,
  });
  for (const action of ["submit", "approve"]) {
    const res = await who.client.post(`/api/budgets/${created.body.id}/transitions`, { action });
    expect(res.status, res.text).toBe(200);
  }
  const budget = await who.client.get<BudgetDetail>(`/api/budgets/${created.body.id}`);
  const vendor = await who.client.post<Vendor>("/api/vendors", {
    name: `Lights & Co ${org.slice(0, 4)}`,
    email: "orders@lights.example",
    contactName: "Dana",
  });
  expect(vendor.status, vendor.text).toBe(201);
  return {
    owner: who,
    organizationId: org,
    budget: budget.body,
    keys: { producer: producer.key, travel: travel.key, camera: camera.key },
    vendor: vendor.body,
  };
}

/** The workspace's finance audit rows (of one kind of object), oldest first. */
export async function financeTrail(ctx: TestContext, organizationId: string, object?: string) {
  const { rows } = await ctx.database.raw.query<{
    object_type: string;
    object_id: string;
    action: string;
    before: unknown;
    after: unknown;
  }>(
    `select object_type, object_id, action, before, after from audit_events
      where organization_id = $1 and category = 'finance' ${object ? "and object_type = $2" : ""}
      order by occurred_at, id`,
    object ? [organizationId, object] : [organizationId],
  );
  return rows;
}
