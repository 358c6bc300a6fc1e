import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserInWorkspace, randomTestIp, type WorkspaceUser } from "../../tests/api/fixtures";
import { createTestContext, type TestClient, type TestContext } from "../../tests/api/harness";

/*
 * Issue 11, item 10: a NUL byte or a lone surrogate in names, ids, e-mails, tokens, path and query
 * parameters, and JSON nested 5,000+ deep, answered 500 (PostgreSQL refusing the text, a RangeError
 * in the malicious-content screen). Each is now a 400 in our error shape naming the field, from
 * one middleware in front of every /api route (server/lib/input-sanity.ts).
 */

let ctx: TestContext;
let admin: WorkspaceUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserInWorkspace(ctx, { role: "admin" });
});
afterAll(async () => {
  await ctx.close();
});

type ErrorAnswer = {
  error: { code: string; message: string; fields?: { field: string; message: string }[] };
};

const NUL = "\u0000";
const LONE = "\uD800";

function expectRefused(res: { status: number; body: unknown; text: string }, field: string) {
  expect(res.status, res.text).toBe(400);
  const body = res.body as ErrorAnswer;
  expect(body.error.code).toBe("bad_request");
  expect(body.error.fields?.[0]?.field).toBe(field);
  expect(body.error.message).toContain(field);
  expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+|duplicate key|invalid byte sequence|RangeError/);
}

const send = (client: TestClient, method: string, path: string, json: unknown) =>
  client.request<ErrorAnswer>(path, { method, json, headers: { "x-forwarded-for": randomTestIp() } });

describe("NUL bytes and lone surrogates → 400 naming the field (the report's list)", () => {
  it.each([
    ["PUT", "/api/me", { firstName: `Ann${NUL}` }, "firstName"],
    ["PUT", "/api/me", { lastName: `Lee${LONE}` }, "lastName"],
    ["PUT", "/api/me/current-workspace", { organizationId: `org${NUL}` }, "organizationId"],
    ["POST", "/api/impersonation", { userId: `u${NUL}` }, "userId"],
    ["POST", "/api/auth/update-user", { name: `Ann${NUL}` }, "name"],
  ])("%s %s (signed in) refuses %j", async (method, path, json, field) => {
    expectRefused(await send(admin.client, method, path, json), field);
  });

  it.each([
    ["/api/auth/sign-in/email", { email: `a${NUL}@example.test`, password: "whatever-123" }, "email"],
    ["/api/auth/request-password-reset", { email: `a${NUL}@example.test` }, "email"],
    ["/api/auth/reset-password", { token: `t${NUL}`, newPassword: "long enough pass" }, "token"],
    ["/api/auth/sign-up/email", { email: "x@example.test", password: "long enough", name: LONE }, "name"],
  ])("POST %s (signed out) refuses %j", async (path, json, field) => {
    expectRefused(await send(ctx.client(), "POST", path, json), field);
  });

  it("refuses a NUL in a form-encoded sign-in (better-auth parses forms too)", async () => {
    const res = await ctx.client().request<ErrorAnswer>("/api/auth/sign-in/email", {
      method: "POST",
      body: "email=a%00%40example.test&password=whatever-123",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomTestIp() },
    });
    expectRefused(res, "email");
  });

  it.each([
    ["GET", "/api/dashboard/tasks/%00", "taskId"],
    ["GET", "/api/dashboard/projects/%00", "folderId"],
    ["PATCH", "/api/members/%00", "userId"],
    ["DELETE", "/api/members/%00", "userId"],
    ["DELETE", "/api/invitations/%00", "id"],
    ["DELETE", "/api/invitations/%ED%A0%80", "id"],
  ])("%s %s names the path parameter", async (method, path, field) => {
    const res = await admin.client.request<ErrorAnswer>(path, {
      method,
      ...(method === "PATCH" ? { json: { role: "member" } } : {}),
    });
    expectRefused(res, field);
  });

  it("refuses a NUL in a query parameter, naming it", async () => {
    expectRefused(await admin.client.get("/api/timesheet?week=2026-11-16%00"), "week");
    expectRefused(await admin.client.get("/api/dashboard?date=%00"), "date");
  });

  it("lets ordinary text through: accents, emoji, tabs", async () => {
    const res = await admin.client.put<{ user: { firstName: string } }>("/api/me", {
      firstName: "Zoë 😀",
      lastName: "O'Brien",
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe("deeply nested JSON → 400 'nested too deeply' (was a RangeError before sign-in)", () => {
  const deep = (levels: number) => `{"name":${"[".repeat(levels)}${"]".repeat(levels)}}`;

  it.each([
    ["POST", "/api/workspaces"],
    ["POST", "/api/auth/sign-in/email"],
    ["PUT", "/api/timesheet"],
    ["POST", "/api/audit/blocked-form"],
  ])("%s %s signed out, 5,000 and 100,000 levels", async (method, path) => {
    for (const levels of [5_000, 100_000]) {
      const res = await ctx.client().request<ErrorAnswer>(path, {
        method,
        body: deep(levels),
        headers: { "content-type": "application/json", "x-forwarded-for": randomTestIp() },
      });
      expectRefused(res, "name");
      expect(res.body.error.fields?.[0]?.message).toMatch(/nested too deeply/);
    }
  });

  it("accepts ordinary nesting", async () => {
    const res = await admin.client.put("/api/timesheet", { weekStart: "2026-11-16", cells: {} });
    expect(res.status).not.toBe(400);
  });
});
