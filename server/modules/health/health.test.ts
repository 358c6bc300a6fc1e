import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("GET /api/health", () => {
  it("answers ok with the database kind", async () => {
    const res = await ctx.client().get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ok",
      database: process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
    });
  });

  it("answers 503 in the error shape when the database is gone", async () => {
    const broken = await createTestContext();
    await broken.database.close();
    const res = await broken.client().get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: { code: "service_unavailable", message: "Database unreachable" } });
    await broken.close().catch(() => {});
  });
});

describe("API error shape", () => {
  it("answers unknown /api paths with 404 JSON", async () => {
    const res = await ctx.client().get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: "not_found" } });
  });

  it("answers 401 from /api/me when signed out", async () => {
    const res = await ctx.client().get("/api/me");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("refuses bodies over the limit with 413", async () => {
    const small = await createTestContext({ BODY_LIMIT_BYTES: "2048" });
    const res = await small.client().request("/api/me", {
      method: "POST",
      body: "x".repeat(5000),
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: "payload_too_large" } });
    await small.close();
  });

  it("refuses cross-site writes", async () => {
    const res = await ctx
      .client()
      .request("/api/me", { method: "POST", json: {}, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: "forbidden" } });
  });

  it("sets security headers", async () => {
    const res = await ctx.client().get("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});
