import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import {
  financeTrail,
  newJob,
  usePurchasingRoutes,
  type ErrorBody,
  type Job,
} from "../purchase-orders/test-support";
import type { Vendor, VendorListResponse } from "./contract";

let ctx: TestContext;
let job: Job;
let member: WorkspaceUser;
let stranger: Job;

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  usePurchasingRoutes(ctx);
  job = await newJob(ctx);
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: job.organizationId });
  stranger = await newJob(ctx);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("vendors", () => {
  it("creates, finds, changes, archives and deletes vendors, each with a finance audit row", async () => {
    const { client } = job.owner;
    const created = await client.post<Vendor>("/api/vendors", {
      name: "Rental House",
      taxId: "DE123",
      paymentTermsDays: 45,
      notes: "Camera rentals",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      name: "Rental House",
      contactName: "",
      email: "",
      taxId: "DE123",
      paymentTermsDays: 45,
      archived: false,
      version: 1,
    });
    const defaults = await client.post<Vendor>("/api/vendors", { name: "Catering Ltd" });
    expect(defaults.body.paymentTermsDays).toBe(30);

    const dup = await client.post<ErrorBody>("/api/vendors", { name: "  rental HOUSE " });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields).toEqual([{ field: "name", message: "is already used by another vendor" }]);

    const found = await client.get<VendorListResponse>("/api/vendors?search=rent&sort=name");
    expect(found.body.items.map((v) => v.name)).toEqual(["Rental House"]);
    const paged = await client.get<VendorListResponse>("/api/vendors?pageSize=1&page=2&sort=name&dir=asc");
    expect(paged.body.total).toBeGreaterThanOrEqual(3);
    expect(paged.body.items).toHaveLength(1);

    const changed = await client.patch<Vendor>(`/api/vendors/${created.body.id}`, {
      email: "desk@rental.example",
      baseVersion: 1,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ email: "desk@rental.example", version: 2 });
    const stale = await client.patch<ErrorBody>(`/api/vendors/${created.body.id}`, {
      notes: "x",
      baseVersion: 1,
    });
    expect(stale.status).toBe(409);
    const renameClash = await client.patch<ErrorBody>(`/api/vendors/${created.body.id}`, {
      name: "CATERING LTD",
    });
    expect(renameClash.status).toBe(409);

    const archived = await client.patch<Vendor>(`/api/vendors/${defaults.body.id}`, { archived: true });
    expect(archived.body.archived).toBe(true);
    const active = await client.get<VendorListResponse>("/api/vendors?pageSize=200");
    expect(active.body.items.map((v) => v.name)).not.toContain("Catering Ltd");
    const onlyArchived = await client.get<VendorListResponse>("/api/vendors?archived=archived");
    expect(onlyArchived.body.items.map((v) => v.name)).toEqual(["Catering Ltd"]);

    expect((await client.delete(`/api/vendors/${defaults.body.id}`)).status).toBe(204);
    expect((await client.get(`/api/vendors/${defaults.body.id}`)).status).toBe(404);

    const trail = (await financeTrail(ctx, job.organizationId, "vendor")).filter((r) =>
      [created.body.id, defaults.body.id].includes(r.object_id),
    );
    expect(trail.map((r) => r.action)).toEqual(["created", "created", "updated", "archived", "deleted"]);
    expect(trail[2]!.before).toMatchObject({ email: "" });
    expect(trail[2]!.after).toMatchObject({ email: "desk@rental.example" });
  });

  it("answers 400 naming the field for bad input", async () => {
    const bad = await job.owner.client.post<ErrorBody>("/api/vendors", {
      name: "",
      email: "not-an-address",
      paymentTermsDays: 12.5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields!.map((f) => f.field).sort()).toEqual(["email", "name", "paymentTermsDays"]);
  });

  it("refuses a vendor named on a purchase order its deletion, and members everything", async () => {
    const po = await job.owner.client.post("/api/purchase-orders", {
      vendorId: job.vendor.id,
      budgetId: job.budget.id,
      lines: [{ budgetLineKey: job.keys.producer, amountMinor: 1_000 }],
    });
    expect(po.status, po.text).toBe(201);
    const used = await job.owner.client.delete<ErrorBody>(`/api/vendors/${job.vendor.id}`);
    expect(used.status).toBe(409);
    expect(used.body.error.message).toMatch(/archive it instead/);
    expect((await member.client.get("/api/vendors")).status).toBe(403);
    expect((await member.client.post("/api/vendors", { name: "Sneaky" })).status).toBe(403);
    expect((await stranger.owner.client.get(`/api/vendors/${job.vendor.id}`)).status).toBe(404);
    expect((await stranger.owner.client.patch(`/api/vendors/${job.vendor.id}`, { notes: "x" })).status).toBe(
      404,
    );
  });
});
