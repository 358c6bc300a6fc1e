import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aicpForm, computeBudget } from "@domain/aicp";
import { createUserInWorkspace, failAuditInserts, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { readOutbox } from "../../mail/mailer";
import type { BudgetDetail } from "../budgets/contract";
import type { Vendor } from "../vendors/contract";
import type {
  PurchaseOrderApprovalsResponse,
  PurchaseOrderDetail,
  PurchaseOrderListResponse,
} from "./contract";
import { committedByLineKey } from "./repo";
import { financeTrail, newJob, usePurchasingRoutes, type ErrorBody, type Job } from "./test-support";

let ctx: TestContext;

let job: Job;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let memberNoLimit: WorkspaceUser;
let stranger: Job;

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  usePurchasingRoutes(ctx);
  job = await newJob(ctx);
  const org = job.organizationId;
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: org });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: org });
  memberNoLimit = await createUserInWorkspace(ctx, { role: "member", organizationId: org });
  // The member's purchasing limit ($1,000.00) is kept on their ClickUp user (Settings → People).
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ($1, $2, 'cu-member'), ($1, $3, 'cu-nolimit')`,
    [org, member.userId, memberNoLimit.userId],
  );
  await ctx.database.raw.query(
    `insert into person_settings (organization_id, clickup_user_id, purchasing_limit_minor) values ($1, 'cu-member', 100000)`,
    [org],
  );
  stranger = await newJob(ctx);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

async function raise(
  lines: { budgetLineKey: string; amountMinor: number; description?: string }[],
  extra: object = {},
  on: Job = job,
) {
  return on.owner.client.post<PurchaseOrderDetail & ErrorBody>("/api/purchase-orders", {
    vendorId: on.vendor.id,
    budgetId: on.budget.id,
    lines,
    ...extra,
  });
}

async function raised(
  amountMinor: number,
  key = job.keys.producer,
  extra: object = {},
): Promise<PurchaseOrderDetail> {
  const res = await raise([{ budgetLineKey: key, amountMinor }], extra);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const step = (po: { id: string }, action: string, who: WorkspaceUser = job.owner, body: object = {}) =>
  who.client.post<PurchaseOrderDetail & ErrorBody>(`/api/purchase-orders/${po.id}/transitions`, {
    action,
    ...body,
  });
const approve = (po: { id: string }, who: WorkspaceUser) =>
  who.client.post<PurchaseOrderDetail & ErrorBody>(`/api/purchase-orders/${po.id}/approve`, {});
const send = (po: { id: string }, body: object = {}) =>
  job.owner.client.post<PurchaseOrderDetail & ErrorBody>(`/api/purchase-orders/${po.id}/send`, body);

async function pending(amountMinor: number, key?: string) {
  const po = await raised(amountMinor, key);
  expect((await step(po, "submit")).status).toBe(200);
  return po;
}

describe("purchase orders", () => {
  it("raises a draft from budget lines by key, in the budget's currency, with the next number", async () => {
    const res = await raise(
      [
        { budgetLineKey: job.keys.producer, amountMinor: 120_000 },
        { budgetLineKey: job.keys.travel, amountMinor: 30_050, description: "Flights" },
      ],
      { description: "Producer and travel", orderDate: "2025-03-11" },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      displayNumber: expect.stringMatching(/^PO-\d{4}$/),
      status: "draft",
      currency: "USD",
      vendorName: job.vendor.name,
      budgetId: job.budget.id,
      revisionNumber: 0,
      projectName: "Acme launch",
      orderDate: "2025-03-11",
      amountMinor: 150_050,
      committedMinor: 0,
      allowedActions: ["submit", "cancel"],
      editable: true,
    });
    expect(res.body.lines).toMatchObject([
      {
        budgetLineKey: job.keys.producer,
        section: "A",
        budgetLineNumber: "1",
        description: "Producer",
        amountMinor: 120_000,
      },
      {
        budgetLineKey: job.keys.travel,
        section: "D",
        budgetLineNumber: "40",
        description: "Flights",
        amountMinor: 30_050,
      },
    ]);
    const trail = await financeTrail(ctx, job.organizationId, "purchase_order");
    const created = trail.find((r) => r.object_id === res.body.id)!;
    expect(created.action).toBe("created");
    expect(created.after).toMatchObject({
      number: res.body.displayNumber,
      amountMinor: 150_050,
      status: "draft",
    });
  });

  it("answers 400 naming the field for amounts ≤ 0 or not whole minor units, and unknown line keys", async () => {
    for (const amountMinor of [0, -5, 10.5, "100"]) {
      const res = await raise([{ budgetLineKey: job.keys.producer, amountMinor: amountMinor as number }]);
      expect(res.status, String(amountMinor)).toBe(400);
      expect(res.body.error.fields?.map((f) => f.field)).toEqual(["lines.0.amountMinor"]);
    }
    const unknown = await raise([
      { budgetLineKey: job.keys.producer, amountMinor: 1 },
      { budgetLineKey: "no-such-line", amountMinor: 1 },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual([
      { field: "lines.1.budgetLineKey", message: "is not a line of revision 0 of this budget" },
    ]);
    const none = await raise([]);
    expect(none.status).toBe(400);
    expect(none.body.error.fields?.[0]?.field).toBe("lines");
  });

  it("is raised only from an approved revision", async () => {
    const draft = await job.owner.client.post<BudgetDetail>("/api/budgets", {
      projectId: job.budget.projectId,
      name: "Not approved",
      bidType: "firm",
    });
    const res = await raise([{ budgetLineKey: job.keys.producer, amountMinor: 1 }], {
      budgetId: draft.body.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "This budget has no approved revision yet: approve it before raising purchase orders.",
    );
  });

  it("edits only drafts, from the version seen", async () => {
    const po = await raised(10_000);
    const edited = await job.owner.client.patch<PurchaseOrderDetail>(`/api/purchase-orders/${po.id}`, {
      lines: [
        { budgetLineKey: job.keys.camera, amountMinor: 40_000 },
        { budgetLineKey: job.keys.travel, amountMinor: 2_500 },
      ],
      notes: "Deliver Monday",
      baseVersion: po.version,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({
      amountMinor: 42_500,
      notes: "Deliver Monday",
      version: po.version + 1,
    });
    expect(edited.body.lines.map((l) => l.section)).toEqual(["I", "D"]);
    const stale = await job.owner.client.patch<ErrorBody>(`/api/purchase-orders/${po.id}`, {
      notes: "x",
      baseVersion: po.version,
    });
    expect(stale.status).toBe(409);
    await step(po, "submit");
    const locked = await job.owner.client.patch<ErrorBody>(`/api/purchase-orders/${po.id}`, {
      notes: "late",
    });
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(
      "A purchase order can only be changed while it is a draft: it is waiting for approval.",
    );
    const trail = (await financeTrail(ctx, job.organizationId, "purchase_order")).filter(
      (r) => r.object_id === po.id,
    );
    expect(trail.map((r) => r.action)).toEqual(["created", "updated", "submitted"]);
  });

  it("walks the lifecycle and refuses steps out of order with the reason", async () => {
    const po = await raised(25_000);
    const early = await approve(po, job.owner);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      "A purchase order cannot be approved while it is a draft: submit it for approval first.",
    );
    const submitted = await step(po, "submit");
    expect(submitted.body).toMatchObject({
      status: "pending_approval",
      allowedActions: ["return", "approve", "cancel"],
    });
    const returned = await step(po, "return");
    expect(returned.body.status).toBe("draft");
    await step(po, "submit");
    const approved = await approve(po, admin);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      status: "approved",
      committedMinor: 25_000,
      approvedBy: { id: admin.userId },
    });
    const closeEarly = await step(po, "close");
    expect(closeEarly.status).toBe(409);
    expect(closeEarly.body.error.message).toBe(
      "A purchase order cannot be closed while it is approved and not sent yet.",
    );
    const sent = await send(po, { message: "Thanks!" });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({
      status: "sent",
      sentTo: "orders@lights.example",
      sentBy: { id: job.owner.userId },
    });
    expect(sent.body.sentAt).not.toBeNull();
    const again = await send(po);
    expect(again.status).toBe(409);
    const cancelled = await step(po, "cancel", job.owner, { reason: "Shoot moved" });
    expect(cancelled.body).toMatchObject({
      status: "cancelled",
      cancelReason: "Shoot moved",
      allowedActions: [],
    });
    const revived = await step(po, "submit");
    expect(revived.status).toBe(409);
    expect(revived.body.error.message).toBe(
      "A purchase order cannot be submitted for approval while it is cancelled.",
    );

    const trail = (await financeTrail(ctx, job.organizationId, "purchase_order")).filter(
      (r) => r.object_id === po.id,
    );
    expect(trail.map((r) => r.action)).toEqual([
      "created",
      "submitted",
      "returned",
      "submitted",
      "approved",
      "sent",
      "cancelled",
    ]);
    expect(trail[4]!.after).toMatchObject({ status: "approved", amountMinor: 25_000, authority: "admin" });
    expect(trail[5]!.after).toMatchObject({ status: "sent", sentTo: "orders@lights.example" });
  });

  it("closes a fully billed PO, once", async () => {
    const po = await pending(4_000);
    await approve(po, job.owner);
    await send(po);
    // What vendor bills will do when the last bill is approved.
    await ctx.database.raw.query(
      `update purchase_orders set status = 'billed' where organization_id = $1 and id = $2`,
      [job.organizationId, po.id],
    );
    const closed = await step(po, "close");
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toMatchObject({ status: "closed", allowedActions: [], committedMinor: 0 });
    expect(closed.body.closedAt).not.toBeNull();
    const twice = await step(po, "close");
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("A purchase order cannot be closed while it is closed.");
    const trail = (await financeTrail(ctx, job.organizationId, "purchase_order")).filter(
      (r) => r.object_id === po.id,
    );
    expect(trail.map((r) => r.action)).toEqual(["created", "submitted", "approved", "sent", "closed"]);
  });

  it("writes nothing, and takes no number, when its audit row cannot be stored", async () => {
    const before = await job.owner.client.get<PurchaseOrderListResponse>("/api/purchase-orders?pageSize=1");
    await failAuditInserts(ctx, true);
    try {
      const res = await raise([{ budgetLineKey: job.keys.producer, amountMinor: 1_000 }]);
      expect(res.status).toBe(500);
    } finally {
      await failAuditInserts(ctx, false);
    }
    const after = await job.owner.client.get<PurchaseOrderListResponse>("/api/purchase-orders?pageSize=1");
    expect(after.body.total).toBe(before.body.total);
    const next = await raised(1_000);
    expect(next.number).toBe(before.body.items[0]!.number + 1);
  });

  it("e-mails the vendor the PO's PDF when it is sent", async () => {
    const po = await pending(77_700);
    await approve(po, job.owner);
    const res = await send(po, { to: "accounts@lights.example" });
    expect(res.status, res.text).toBe(200);
    const mail = readOutbox(ctx.deps.mailer.outboxDir!, "accounts@lights.example").at(-1)!;
    expect(mail.raw).toContain(`Subject: Purchase order ${po.displayNumber} from Test Agency`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=PO-\d{4}\.pdf/);
    const base64 = mail.raw
      .split(/filename=PO-\d{4}\.pdf\s*\n\s*\n/)[1]!
      .split(/\n--/)[0]!
      .replace(/\s+/g, "");
    const pdf = Buffer.from(base64, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.byteLength).toBeGreaterThan(5_000);
  });

  it("stays approved, with no sent row, when the mail cannot be sent", async () => {
    const po = await pending(3_000);
    await approve(po, job.owner);
    const mailer = ctx.deps.mailer;
    const send0 = mailer.send;
    mailer.send = () => Promise.reject(new Error("SMTP refused the connection"));
    try {
      expect((await send(po)).status).toBe(500);
    } finally {
      mailer.send = send0;
    }
    const now = await job.owner.client.get<PurchaseOrderDetail>(`/api/purchase-orders/${po.id}`);
    expect(now.body).toMatchObject({ status: "approved", sentAt: null, sentTo: null });
    const trail = (await financeTrail(ctx, job.organizationId, "purchase_order")).filter(
      (r) => r.object_id === po.id,
    );
    expect(trail.map((r) => r.action)).toEqual(["created", "submitted", "approved"]);
    expect((await send(po)).status).toBe(200);
  });

  it("asks for an address when the vendor has none", async () => {
    const bare = await job.owner.client.post<Vendor>("/api/vendors", { name: "No Mail Props" });
    const po = await raised(5_000, job.keys.camera, { vendorId: bare.body.id });
    await step(po, "submit");
    await approve(po, job.owner);
    const res = await send(po);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([
      { field: "to", message: "is required: the vendor has no e-mail address" },
    ]);
    expect(
      (await job.owner.client.get<PurchaseOrderDetail>(`/api/purchase-orders/${po.id}`)).body.status,
    ).toBe("approved");
  });

  it("serves the PO as a PDF", async () => {
    const po = await raised(12_345);
    const res = await job.owner.client.get(`/api/purchase-orders/${po.id}/export.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${po.displayNumber}.pdf"`);
    expect(res.text.startsWith("%PDF-")).toBe(true);
  });
});

describe("approval by purchasing limit", () => {
  it("lets a member approve up to their limit, not above it; an admin approves above it", async () => {
    const small = await pending(100_000);
    const ok = await approve(small, member);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ status: "approved", approvedBy: { id: member.userId } });

    const big = await pending(150_000);
    const over = await approve(big, member);
    expect(over.status).toBe(403);
    expect(over.body.error.message).toBe(
      "This purchase order ($1,500.00) is above your purchasing limit of $1,000.00: an admin or owner must approve it.",
    );
    const none = await approve(big, memberNoLimit);
    expect(none.status).toBe(403);
    expect(
      (await job.owner.client.get<PurchaseOrderDetail>(`/api/purchase-orders/${big.id}`)).body.status,
    ).toBe("pending_approval");
    const byAdmin = await approve(big, admin);
    expect(byAdmin.status).toBe(200);

    const trail = await financeTrail(ctx, job.organizationId, "purchase_order");
    expect(trail.find((r) => r.object_id === small.id && r.action === "approved")!.after).toMatchObject({
      authority: "purchasing_limit",
      purchasingLimitMinor: 100_000,
    });
  });

  it("gives a member without canViewFinancials nothing else (403), another workspace nothing (404)", async () => {
    const po = await raised(1_000);
    for (const who of [member, memberNoLimit]) {
      expect((await who.client.get("/api/purchase-orders")).status).toBe(403);
      expect((await who.client.get(`/api/purchase-orders/${po.id}`)).status).toBe(403);
      expect(
        (await who.client.post(`/api/purchase-orders/${po.id}/transitions`, { action: "submit" })).status,
      ).toBe(403);
      expect(
        (
          await who.client.post("/api/purchase-orders", {
            vendorId: job.vendor.id,
            budgetId: job.budget.id,
            lines: [],
          })
        ).status,
      ).toBe(403);
    }
    const other = stranger.owner.client;
    expect((await other.get(`/api/purchase-orders/${po.id}`)).status).toBe(404);
    expect((await other.post(`/api/purchase-orders/${po.id}/approve`, {})).status).toBe(404);
    expect((await other.post(`/api/purchase-orders/${po.id}/transitions`, { action: "submit" })).status).toBe(
      404,
    );
    expect((await other.patch(`/api/purchase-orders/${po.id}`, { notes: "x" })).status).toBe(404);
    expect((await other.get(`/api/purchase-orders/${po.id}/export.pdf`)).status).toBe(404);
    const foreignBudget = await raise([{ budgetLineKey: stranger.keys.producer, amountMinor: 1 }], {
      budgetId: stranger.budget.id,
    });
    expect(foreignBudget.status).toBe(404);
    const foreignVendor = await raise([{ budgetLineKey: job.keys.producer, amountMinor: 1 }], {
      vendorId: stranger.vendor.id,
    });
    expect(foreignVendor.status).toBe(404);
  });

  it("lists the POs waiting for approval, oldest first, with why the caller may not approve each", async () => {
    const inbox = (who: WorkspaceUser, query = "") =>
      who.client.get<PurchaseOrderApprovalsResponse & ErrorBody>(`/api/purchase-orders/approvals${query}`);
    const before = await inbox(job.owner, "?pageSize=100");
    expect(before.status, before.text).toBe(200);
    const within = await pending(90_000);
    const above = await pending(120_000);
    await raised(5_000); // a draft: not waiting for approval

    const owner = await inbox(job.owner, "?pageSize=100");
    expect(owner.body.total).toBe(before.body.total + 2);
    expect(owner.body.items.every((i) => i.status === "pending_approval" && i.refusal === null)).toBe(true);
    const orderDates = owner.body.items.map((i) => `${i.orderDate}|${String(i.number).padStart(6, "0")}`);
    expect(orderDates).toEqual([...orderDates].sort());

    const mine = await inbox(member, "?pageSize=100");
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toMatchObject({ purchasingLimitMinor: 100_000, currency: "USD" });
    const byId = new Map(mine.body.items.map((i) => [i.id, i]));
    expect(byId.get(within.id)?.refusal).toBeNull();
    expect(byId.get(above.id)?.refusal).toBe(
      "This purchase order ($1,200.00) is above your purchasing limit of $1,000.00: an admin or owner must approve it.",
    );
    // Approving from the inbox takes it out of the inbox.
    expect((await approve(within, member)).status).toBe(200);
    const after = await inbox(member, "?pageSize=100");
    expect(after.body.items.map((i) => i.id)).not.toContain(within.id);
    expect(after.body.items.map((i) => i.id)).toContain(above.id);

    // Paged; bad paging → 400 naming the field.
    const first = await inbox(job.owner, "?pageSize=1");
    expect(first.body.items).toHaveLength(1);
    const bad = await inbox(job.owner, "?pageSize=0");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.[0]?.field).toBe("pageSize");
    // A member without a limit (or financial permission) has nothing to decide: an empty inbox.
    const none = await inbox(memberNoLimit);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ items: [], total: 0, purchasingLimitMinor: null });
    // Another workspace's inbox holds none of these.
    const foreign = await inbox(stranger.owner, "?pageSize=100");
    expect(foreign.body.items.map((i) => i.id)).not.toContain(above.id);
  });

  it("lets one of two people approving at once win; the other gets 409", async () => {
    const po = await pending(60_000);
    const [a, b] = await Promise.all([approve(po, job.owner), approve(po, admin)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.message).toBe(
      "A purchase order cannot be approved while it is approved and not sent yet.",
    );
    const approvals = (await financeTrail(ctx, job.organizationId, "purchase_order")).filter(
      (r) => r.object_id === po.id && r.action === "approved",
    );
    expect(approvals).toHaveLength(1);
  });
});

describe("numbering", () => {
  it("gives 50 parallel creates the numbers 1..50 with no gap or duplicate", async () => {
    const fresh = await newJob(ctx);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        raise([{ budgetLineKey: fresh.keys.producer, amountMinor: 100 + i }], {}, fresh),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => r.body.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.body.displayNumber)).size).toBe(50);
    expect(results.map((r) => r.body.displayNumber)).toContain("PO-0050");
    const audit = await financeTrail(ctx, fresh.organizationId, "purchase_order");
    expect(audit.filter((r) => r.action === "created")).toHaveLength(50);
  }, 60_000);

  it("keeps a cancelled PO's number and never gives it again; a refused create takes none", async () => {
    const fresh = await newJob(ctx);
    const first = await raise([{ budgetLineKey: fresh.keys.producer, amountMinor: 1_000 }], {}, fresh);
    expect(first.body.displayNumber).toBe("PO-0001");
    const cancelled = await fresh.owner.client.post<PurchaseOrderDetail>(
      `/api/purchase-orders/${first.body.id}/transitions`,
      { action: "cancel" },
    );
    expect(cancelled.body).toMatchObject({ status: "cancelled", displayNumber: "PO-0001" });
    const refused = await raise([{ budgetLineKey: "nope", amountMinor: 1 }], {}, fresh);
    expect(refused.status).toBe(400);
    const second = await raise([{ budgetLineKey: fresh.keys.travel, amountMinor: 2_000 }], {}, fresh);
    expect(second.body.displayNumber).toBe("PO-0002");
    const list = await fresh.owner.client.get<PurchaseOrderListResponse>(
      "/api/purchase-orders?sort=number&dir=asc",
    );
    expect(list.body.items.map((p) => [p.displayNumber, p.status])).toEqual([
      ["PO-0001", "cancelled"],
      ["PO-0002", "draft"],
    ]);
  });
});

describe("committed", () => {
  it("is the unbilled amount of approved, sent and partially billed POs per budget line key", async () => {
    const fresh = await newJob(ctx);
    const { client } = fresh.owner;
    const make = async (lines: { budgetLineKey: string; amountMinor: number }[]) => {
      const res = await raise(lines, {}, fresh);
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const act = (po: { id: string }, action: string) =>
      client.post(`/api/purchase-orders/${po.id}/transitions`, { action });
    const approveIt = async (po: { id: string }) => {
      await act(po, "submit");
      expect((await client.post(`/api/purchase-orders/${po.id}/approve`, {})).status).toBe(200);
    };
    const approved = await make([
      { budgetLineKey: fresh.keys.producer, amountMinor: 30_000 },
      { budgetLineKey: fresh.keys.travel, amountMinor: 20_000 },
    ]);
    await approveIt(approved);
    const sent = await make([{ budgetLineKey: fresh.keys.producer, amountMinor: 5_000 }]);
    await approveIt(sent);
    expect((await client.post(`/api/purchase-orders/${sent.id}/send`, {})).status).toBe(200);
    const billedPart = await make([{ budgetLineKey: fresh.keys.camera, amountMinor: 90_000 }]);
    await approveIt(billedPart);
    await make([{ budgetLineKey: fresh.keys.producer, amountMinor: 1_000_000 }]); // a draft: not committed
    const waiting = await make([{ budgetLineKey: fresh.keys.travel, amountMinor: 7_000 }]);
    await act(waiting, "submit"); // waiting for approval: not committed
    const dropped = await make([{ budgetLineKey: fresh.keys.camera, amountMinor: 8_000 }]);
    await approveIt(dropped);
    await act(dropped, "cancel"); // cancelled: not committed
    // What vendor bills will do: a bill of 25,000 against the camera line.
    await ctx.database.raw.query(
      `update purchase_order_lines set billed_minor = 25000 where organization_id = $1 and purchase_order_id = $2`,
      [fresh.organizationId, billedPart.id],
    );
    await ctx.database.raw.query(
      `update purchase_orders set status = 'partially_billed' where organization_id = $1 and id = $2`,
      [fresh.organizationId, billedPart.id],
    );

    const rows = await committedByLineKey(ctx.database.db, fresh.organizationId, [
      fresh.budget.id,
      stranger.budget.id,
    ]);
    expect(rows).toEqual([
      { budget_id: fresh.budget.id, line_key: fresh.keys.producer, section: "A", committed_minor: 35_000 },
      { budget_id: fresh.budget.id, line_key: fresh.keys.travel, section: "D", committed_minor: 20_000 },
      { budget_id: fresh.budget.id, line_key: fresh.keys.camera, section: "I", committed_minor: 65_000 },
    ]);
    expect(await committedByLineKey(ctx.database.db, fresh.organizationId, [])).toEqual([]);
    expect(await committedByLineKey(ctx.database.db, stranger.organizationId, [fresh.budget.id])).toEqual([]);

    const list = await client.get<PurchaseOrderListResponse>("/api/purchase-orders?sort=number&dir=asc");
    expect(list.body.items.map((p) => [p.status, p.committedMinor, p.billedMinor])).toEqual([
      ["approved", 50_000, 0],
      ["sent", 5_000, 0],
      ["partially_billed", 65_000, 25_000],
      ["draft", 0, 0],
      ["pending_approval", 0, 0],
      ["cancelled", 0, 0],
    ]);
    expect(list.body.totals).toEqual([
      { currency: "USD", count: 6, amountMinor: 1_160_000, billedMinor: 25_000, committedMinor: 120_000 },
    ]);

    // The budget's Committed column: per line by key, per section, and through P&W, insurance and
    // fee on the top sheet exactly as the estimate column is carried.
    const budget = (await client.get<BudgetDetail>(`/api/budgets/${fresh.budget.id}`)).body;
    const committedOf = (key: string) => budget.lines.find((l) => l.key === key)!.committedMinor;
    expect([fresh.keys.producer, fresh.keys.travel, fresh.keys.camera].map(committedOf)).toEqual([
      35_000, 20_000, 65_000,
    ]);
    const expected = computeBudget(
      aicpForm(budget.formId)!,
      [
        { section: "A", amount: 35_000 },
        { section: "D", amount: 20_000 },
        { section: "I", amount: 65_000 },
      ],
      budget.revision.rates,
    );
    expect(budget.totals.committed).toEqual(expected);
    expect(budget.figures.committedMinor).toBe(expected.grandTotal);
    expect(expected.grandTotal).toBeGreaterThanOrEqual(120_000);
    for (const line of budget.lines)
      expect(line.forecastMinor).toBe(Math.max(line.estimateMinor, line.actualMinor + line.committedMinor));

    // Cancelling the approved PO takes its 50,000 off the producer and travel lines.
    expect((await act(approved, "cancel")).status).toBe(200);
    const after = (await client.get<BudgetDetail>(`/api/budgets/${fresh.budget.id}`)).body;
    expect(after.lines.find((l) => l.key === fresh.keys.producer)!.committedMinor).toBe(5_000);
    expect(after.lines.find((l) => l.key === fresh.keys.travel)!.committedMinor).toBe(0);
  });
});

describe("the list", () => {
  let fresh: Job;
  let other: Vendor;
  beforeAll(async () => {
    fresh = await newJob(ctx);
    const res = await fresh.owner.client.post<Vendor>("/api/vendors", { name: "Zeta Catering" });
    other = res.body;
    const specs: [number, string, string, string][] = [
      // amount, date, vendor, description
      [10_000, "2025-01-05", fresh.vendor.id, "Lamps"],
      [250_000, "2025-02-10", other.id, "Lunch for crew"],
      [3_333, "2025-02-20", fresh.vendor.id, "Cables, gels"],
      [99_999, "2025-03-01", other.id, "Dinner"],
    ];
    for (const [amountMinor, orderDate, vendorId, description] of specs) {
      const created = await raise(
        [{ budgetLineKey: fresh.keys.producer, amountMinor }],
        { orderDate, vendorId, description },
        fresh,
      );
      expect(created.status, created.text).toBe(201);
    }
    const first = await fresh.owner.client.get<PurchaseOrderListResponse>(
      "/api/purchase-orders?sort=number&dir=asc",
    );
    await fresh.owner.client.post(`/api/purchase-orders/${first.body.items[1]!.id}/transitions`, {
      action: "submit",
    });
  });

  const list = (query: string) =>
    fresh.owner.client.get<PurchaseOrderListResponse & ErrorBody>(`/api/purchase-orders?${query}`);

  it("filters by status, vendor, budget, project, date range and search, with the totals of the filtered set", async () => {
    const all = await list("");
    expect(all.body.items.map((p) => p.displayNumber)).toEqual(["PO-0004", "PO-0003", "PO-0002", "PO-0001"]);
    expect(all.body.totals).toEqual([
      { currency: "USD", count: 4, amountMinor: 363_332, billedMinor: 0, committedMinor: 0 },
    ]);
    const byStatus = await list("status=pending_approval");
    expect(byStatus.body.items.map((p) => p.description)).toEqual(["Lunch for crew"]);
    const several = await list("status=draft,pending_approval&sort=amount&dir=asc");
    expect(several.body.total).toBe(4);
    const byVendor = await list(`vendorId=${other.id}`);
    expect(byVendor.body.items.map((p) => p.amountMinor)).toEqual([99_999, 250_000]);
    expect(byVendor.body.totals[0]!.amountMinor).toBe(349_999);
    expect((await list(`budgetId=${fresh.budget.id}`)).body.total).toBe(4);
    expect((await list(`projectId=${fresh.budget.projectId}`)).body.total).toBe(4);
    expect((await list(`projectId=elsewhere`)).body.total).toBe(0);
    const inFebruary = await list("from=2025-02-01&to=2025-02-28&sort=orderDate&dir=asc");
    expect(inFebruary.body.items.map((p) => p.orderDate)).toEqual(["2025-02-10", "2025-02-20"]);
    expect(inFebruary.body.totals[0]).toMatchObject({ count: 2, amountMinor: 253_333 });
    expect((await list("search=zeta")).body.total).toBe(2);
    expect((await list("search=PO-0003")).body.items.map((p) => p.description)).toEqual(["Cables, gels"]);
    const empty = await list("search=nothing-like-it");
    expect(empty.body).toMatchObject({ items: [], total: 0, totals: [] });
  });

  it("sorts and pages", async () => {
    const byAmount = await list("sort=amount&dir=desc&pageSize=2&page=2");
    expect(byAmount.body.items.map((p) => p.amountMinor)).toEqual([10_000, 3_333]);
    expect(byAmount.body.total).toBe(4);
    expect(byAmount.body.totals[0]!.count).toBe(4);
    const byVendor = await list("sort=vendor&dir=asc");
    expect(byVendor.body.items[0]!.vendorName).toBe(fresh.vendor.name);
  });

  it("refuses bad filters with 400 naming the field", async () => {
    expect((await list("status=lost")).body.error.fields?.[0]?.field).toBe("status.0");
    expect((await list("from=2025-03-01&to=2025-02-01")).body.error.fields?.[0]?.field).toBe("from");
    expect((await list("sort=price")).status).toBe(400);
  });

  it("exports exactly the filtered list as CSV with exact decimals", async () => {
    const res = await fresh.owner.client.get(
      `/api/purchase-orders/export.csv?vendorId=${other.id}&sort=amount&dir=asc`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Number,Order date,Status,Vendor,Project,Budget,Revision,Description,Currency,Amount,Billed,Committed,Approved,Sent",
    );
    expect(lines.slice(1)).toEqual([
      "PO-0004,2025-03-01,Draft,Zeta Catering,Acme launch,Acme spot,0,Dinner,USD,999.99,0.00,0.00,,",
      "PO-0002,2025-02-10,Pending approval,Zeta Catering,Acme launch,Acme spot,0,Lunch for crew,USD,2500.00,0.00,0.00,,",
    ]);
  });
});
