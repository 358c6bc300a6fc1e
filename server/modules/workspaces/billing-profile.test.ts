import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, type TestClient, type TestContext } from "../../../tests/api/harness";
import { newJob, type ErrorBody } from "../purchase-orders/test-support";
import type { Client, InvoiceDetail } from "../client-invoices/contract";
import { useInvoicingRoutes, withInvoicingRoutes } from "../client-invoices/test-support";
import type { BillingProfile } from "./contract";
import { jpegHeader, png } from "./test-support";

let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  useInvoicingRoutes(ctx);
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

type Res<T> = T & ErrorBody;

/**
 * A request with the client's session whose body or answer is binary (a multipart upload, an
 * image, a PDF): TestClient reads answers as text and sends string bodies only.
 */
async function raw(
  who: { client: TestClient },
  pathname: string,
  init: { method?: string; body?: FormData; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer; json: unknown }> {
  const cookies = (who.client as unknown as { cookies: Map<string, string> }).cookies;
  const res = await withInvoicingRoutes(ctx).request(`http://localhost:3000${pathname}`, {
    method: init.method ?? "GET",
    headers: {
      origin: "http://localhost:3000",
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      ...init.headers,
    },
    body: init.body,
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, json };
}

const upload = (who: { client: TestClient }, data: Uint8Array, type = "image/png", name = "logo.png") => {
  const form = new FormData();
  form.set("logo", new Blob([new Uint8Array(data)], { type }), name);
  return raw(who, "/api/workspaces/current/logo", { method: "PUT", body: form });
};

async function trail(organizationId: string, object: string) {
  const { rows } = await ctx.database.raw.query<{
    action: string;
    before: unknown;
    after: unknown;
    category: string;
  }>(
    `select action, before, after, category from audit_events
      where organization_id = $1 and object_type = $2 order by occurred_at, id`,
    [organizationId, object],
  );
  return rows;
}

describe("workspace billing profile", () => {
  it("is empty at first, read by every member, changed by owners and admins with a finance audit row", async () => {
    const initial = await member.client.get<BillingProfile>("/api/workspaces/current/billing");
    expect(initial.status, initial.text).toBe(200);
    expect(initial.body).toEqual({ name: "Test Agency", billingAddress: "", taxId: "", logo: null });

    const saved = await owner.client.put<BillingProfile>("/api/workspaces/current/billing", {
      billingAddress: "  Test Agency GmbH \r\nSchönhauser Allee 10\r\n10119 Berlin  ",
      taxId: " DE123456789 ",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({
      billingAddress: "Test Agency GmbH\nSchönhauser Allee 10\n10119 Berlin",
      taxId: "DE123456789",
    });
    const byAdmin = await admin.client.put<BillingProfile>("/api/workspaces/current/billing", {
      billingAddress: saved.body.billingAddress,
      taxId: "DE987654321",
    });
    expect(byAdmin.status).toBe(200);
    const seen = await member.client.get<BillingProfile>("/api/workspaces/current/billing");
    expect(seen.body.taxId).toBe("DE987654321");
    // Another workspace keeps its own.
    const theirs = await stranger.client.get<BillingProfile>("/api/workspaces/current/billing");
    expect(theirs.body).toMatchObject({ billingAddress: "", taxId: "" });

    const refused = await member.client.put<Res<BillingProfile>>("/api/workspaces/current/billing", {
      billingAddress: "Nope",
      taxId: "",
    });
    expect(refused.status).toBe(403);
    expect((await ctx.client().get("/api/workspaces/current/billing")).status).toBe(401);

    const rows = await trail(owner.organizationId, "workspace_billing_profile");
    expect(rows).toEqual([
      {
        action: "updated",
        category: "finance",
        before: { billingAddress: "", taxId: "" },
        after: {
          billingAddress: "Test Agency GmbH\nSchönhauser Allee 10\n10119 Berlin",
          taxId: "DE123456789",
        },
      },
      expect.objectContaining({ after: expect.objectContaining({ taxId: "DE987654321" }) }),
    ]);
    // Saving the same again records nothing.
    await admin.client.put("/api/workspaces/current/billing", {
      billingAddress: saved.body.billingAddress,
      taxId: "DE987654321",
    });
    expect(await trail(owner.organizationId, "workspace_billing_profile")).toHaveLength(2);
  });

  it("refuses bad text with 400 naming the field", async () => {
    const cases: [object, string][] = [
      [{ billingAddress: "x".repeat(1001), taxId: "" }, "billingAddress"],
      [{ billingAddress: "", taxId: "x".repeat(101) }, "taxId"],
      [{ billingAddress: 42, taxId: "" }, "billingAddress"],
      [{ billingAddress: "" }, "taxId"],
      [{ billingAddress: "a\u0000b", taxId: "" }, "billingAddress"],
      [{ billingAddress: "", taxId: "\ud800" }, "taxId"],
      [{ billingAddress: "", taxId: "", extra: 1 }, ""],
    ];
    for (const [body, field] of cases) {
      const res = await owner.client.put<ErrorBody>("/api/workspaces/current/billing", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(res.body.error.fields?.[0]?.field, JSON.stringify(body)).toBe(field);
    }
  });

  it("stores a PNG or JPEG logo, serves it with an ETag, replaces and removes it, audited without its bytes", async () => {
    const image = png(120, 40);
    const put = await upload(owner, image);
    expect(put.status, put.bytes.toString()).toBe(200);
    const profile = put.json as BillingProfile;
    expect(profile.logo).toMatchObject({ contentType: "image/png", size: image.byteLength });

    const got = await raw(member, "/api/workspaces/current/logo");
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("cache-control")).toBe("private, no-cache");
    expect(Buffer.compare(got.bytes, image)).toBe(0);
    const etag = got.headers.get("etag")!;
    expect(etag).toBe(`"${profile.logo!.etag}"`);
    const again = await raw(member, "/api/workspaces/current/logo", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await raw(stranger, "/api/workspaces/current/logo")).status).toBe(404);

    // A JPEG replaces it (a frame header is all the check and the PDF need).
    const jpeg = jpegHeader();
    const replaced = await upload(admin, jpeg, "image/jpeg", "logo.jpg");
    expect(replaced.status).toBe(200);
    expect((replaced.json as BillingProfile).logo).toMatchObject({
      contentType: "image/jpeg",
      size: jpeg.byteLength,
    });
    const changed = await raw(member, "/api/workspaces/current/logo", { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("content-type")).toBe("image/jpeg");

    expect((await raw(member, "/api/workspaces/current/logo", { method: "DELETE" })).status).toBe(403);
    expect((await upload(member, image)).status).toBe(403);
    expect((await raw(owner, "/api/workspaces/current/logo", { method: "DELETE" })).status).toBe(204);
    expect((await raw(owner, "/api/workspaces/current/logo", { method: "DELETE" })).status).toBe(404);
    expect((await raw(member, "/api/workspaces/current/logo")).status).toBe(404);
    expect((await member.client.get<BillingProfile>("/api/workspaces/current/billing")).body.logo).toBeNull();

    expect(await trail(owner.organizationId, "workspace_logo")).toEqual([
      {
        action: "created",
        category: "finance",
        before: null,
        after: { contentType: "image/png", size: image.byteLength },
      },
      {
        action: "updated",
        category: "finance",
        before: { contentType: "image/png", size: image.byteLength },
        after: { contentType: "image/jpeg", size: jpeg.byteLength },
      },
      {
        action: "deleted",
        category: "finance",
        before: { contentType: "image/jpeg", size: jpeg.byteLength },
        after: null,
      },
    ]);
  });

  it("refuses a logo that is too large (413), not an image or not what its type says (400 naming logo)", async () => {
    const big = Buffer.concat([png(1, 1), Buffer.alloc(524_288)]);
    const tooLarge = await upload(owner, big);
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.json as ErrorBody).error.fields?.[0]?.field).toBe("logo");
    for (const [data, type] of [
      [Buffer.from("GIF89a not a png at all"), "image/png"],
      [png(4, 4), "image/jpeg"],
      [png(4, 4), "image/gif"],
      [Buffer.alloc(0), "image/png"],
      // A PNG with transparency whose pixels do not inflate would hang the PDF: refused here.
      [png(8, 8, { colour: 6, idat: Buffer.from("not zlib at all") }), "image/png"],
      [png(8, 8, { interlace: 1 }), "image/png"],
    ] as const) {
      const res = await upload(owner, data, type);
      expect(res.status, `${type} ${data.byteLength}`).toBe(400);
      expect((res.json as ErrorBody).error.fields?.[0]?.field).toBe("logo");
    }
    const notMultipart = await owner.client.request<ErrorBody>("/api/workspaces/current/logo", {
      method: "PUT",
      json: { logo: "x" },
    });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error.fields?.[0]?.field).toBe("logo");
    expect((await raw(owner, "/api/workspaces/current/logo")).status).toBe(404);
  });

  it("prints the logo, address and tax id as the sender on an invoice's and a purchase order's PDF", async () => {
    const job = await newJob(ctx);
    const put = await job.owner.client.put<BillingProfile>("/api/workspaces/current/billing", {
      billingAddress: "Harbour Studio Ltd\n12 Quay Street\nBristol BS1 4DJ",
      taxId: "GB 123 4567 89",
    });
    expect(put.status).toBe(200);
    expect((await upload(job.owner, png(160, 40))).status).toBe(200);
    const client = await job.owner.client.post<Client>("/api/clients", { name: "Acme Corp" });
    const invoice = await job.owner.client.post<Res<InvoiceDetail>>("/api/client-invoices", {
      budgetId: job.budget.id,
      clientId: client.body.id,
      kind: "progress",
      percentBp: 1000,
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const po = await job.owner.client.post<{ id: string }>("/api/purchase-orders", {
      budgetId: job.budget.id,
      vendorId: job.vendor.id,
      lines: [{ budgetLineKey: job.keys.camera, description: "Camera rental", amountMinor: 50_000 }],
    });
    expect(po.status, JSON.stringify(po.body)).toBe(201);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "billing-pdf-"));
    for (const [name, url] of [
      ["invoice", `/api/client-invoices/${invoice.body.id}/export.pdf`],
      ["po", `/api/purchase-orders/${po.body.id}/export.pdf`],
    ] as const) {
      const pdf = await raw(job.owner, url);
      expect(pdf.status, name).toBe(200);
      const file = path.join(dir, `${name}.pdf`);
      fs.writeFileSync(file, pdf.bytes);
      const text = execFileSync("pdftotext", ["-f", "1", "-l", "1", file, "-"]).toString();
      expect(text, name).toContain("12 Quay Street");
      expect(text, name).toContain("Bristol BS1 4DJ");
      expect(text, name).toContain("Tax ID GB 123 4567 89");
      const images = execFileSync("pdfimages", ["-list", "-f", "1", "-l", "1", file]).toString();
      expect(images.trim().split("\n").length, `${name}: one image under the header`).toBe(3);
    }
  }, 60_000);
});
