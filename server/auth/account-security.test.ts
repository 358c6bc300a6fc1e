import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES } from "@domain/password";
import { DEFAULT_TEST_PASSWORD, createUserInWorkspace, randomTestIp, signUp } from "../../tests/api/fixtures";
import { createTestContext, type TestClient, type TestContext } from "../../tests/api/harness";
import { readOutbox } from "../mail/mailer";
import { flushSecurityEvents } from "../modules/audit/record-security-event";
import { forwardedClientIp } from "./client-ip";

/*
 * Issue 11 (hostile probe), accounts and sessions: each test attacks the way the probe did.
 */

let ctx: TestContext;
/** The deps clock: real time unless a test pins it. */
let pinned: Date | null = null;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => pinned ?? new Date() });
});
afterAll(async () => {
  await ctx.close();
});

type ErrorAnswer = {
  error: { code: string; message: string; fields?: { field: string; message: string }[] };
};

async function auditRows(type: string) {
  await flushSecurityEvents(ctx.deps);
  const { rows } = await ctx.database.raw.query<{
    event_data: Record<string, unknown>;
    ip_address: string | null;
  }>(`select event_data, ip_address from security_audit_log where event_type = $1 order by id`, [type]);
  return rows;
}

function jsonSignIn(email: string, password: string, client: TestClient = ctx.client()) {
  return client.request<Record<string, unknown>>("/api/auth/sign-in/email", {
    method: "POST",
    json: { email, password },
    headers: { "x-forwarded-for": randomTestIp() },
  });
}

function formSignIn(email: string, password: string, client: TestClient = ctx.client()) {
  return client.request<Record<string, unknown>>("/api/auth/sign-in/email", {
    method: "POST",
    body: new URLSearchParams({ email, password }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": randomTestIp() },
  });
}

async function sessionAlive(client: TestClient): Promise<boolean> {
  return (await client.get("/api/me")).status === 200;
}

describe("item 4: per-account brute-force limit, whatever the body encoding", () => {
  it("counts form-encoded sign-in attempts (429 after 10) and keeps the e-mail in failed_auth rows", async () => {
    const { email } = await signUp(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await formSignIn(email, `wrong-password-${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const failed = (await auditRows("failed_auth")).filter((r) => r.event_data.email === email);
    expect(failed).toHaveLength(10);
    expect(failed[0]?.event_data).toMatchObject({ method: "password", reason: "Invalid email or password" });
  });

  it("does not let a form-encoded request sign in to an account locked by JSON attempts", async () => {
    const { email } = await signUp(ctx);
    for (let i = 0; i < 10; i++) expect((await jsonSignIn(email, `wrong-password-${i}`)).status).toBe(401);
    const form = await formSignIn(email, DEFAULT_TEST_PASSWORD);
    expect(form.status).toBe(429);
    expect(form.body).toMatchObject({ error: { code: "rate_limited" } });
    const mixedCase = await formSignIn(email.toUpperCase(), DEFAULT_TEST_PASSWORD);
    expect(mixedCase.status).toBe(429);
  });
});

describe("item 5: a lockout ends 15 minutes after it began", () => {
  it("refuses attempts during the lockout without extending it, then lets the owner in", async () => {
    const { email } = await signUp(ctx);
    const start = Date.now();
    const at = (ms: number) => {
      pinned = new Date(start + ms);
    };
    try {
      at(0);
      for (let i = 0; i < 10; i++) expect((await jsonSignIn(email, `wrong-password-${i}`)).status).toBe(401);
      // Locked: every attempt, the owner's right password included, is refused …
      for (const minute of [0, 5, 10, 14]) {
        at(minute * 60_000);
        expect((await jsonSignIn(email, DEFAULT_TEST_PASSWORD)).status).toBe(429);
        expect((await jsonSignIn(email, "attacker guess")).status).toBe(429);
      }
      at(15 * 60_000 - 1000);
      expect((await jsonSignIn(email, DEFAULT_TEST_PASSWORD)).status).toBe(429);
      // … and none of them moved the end: 15 minutes after it began, the owner gets in.
      at(15 * 60_000);
      const owner = await jsonSignIn(email, DEFAULT_TEST_PASSWORD);
      expect(owner.status).toBe(200);
    } finally {
      pinned = null;
    }
  });
});

describe("item 6: TRUST_PROXY takes the address the trusted proxy appended", () => {
  it("reads X-Forwarded-For from the right, by the configured hop count", () => {
    expect(forwardedClientIp("6.6.6.6, 203.0.113.5")).toBe("203.0.113.5");
    expect(forwardedClientIp("6.6.6.6,203.0.113.5", 1)).toBe("203.0.113.5");
    expect(forwardedClientIp("6.6.6.6, 203.0.113.5, 10.0.0.2", 2)).toBe("203.0.113.5");
    expect(forwardedClientIp("203.0.113.5", 3)).toBe("203.0.113.5");
    expect(forwardedClientIp("203.0.113.5:4711")).toBe("203.0.113.5");
    expect(forwardedClientIp("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(forwardedClientIp("6.6.6.6, not-an-ip")).toBeNull();
    expect(forwardedClientIp(undefined)).toBeNull();
  });

  it("keeps the per-IP sign-up limit (5 a minute) when the client forges the left of X-Forwarded-For", async () => {
    const proxyAppended = "203.0.113.66";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.client().request("/api/auth/sign-up/email", {
        method: "POST",
        json: {
          email: `forged-${i}-${Date.now()}@example.test`,
          password: DEFAULT_TEST_PASSWORD,
          name: "Forger",
        },
        headers: { "x-forwarded-for": `10.9.${i}.1, ${proxyAppended}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(200));
    expect(statuses.slice(5)).toEqual([429, 429]);
    const logins = (await auditRows("rate_limit_exceeded")).filter(
      (r) => r.event_data.path === "/sign-up/email",
    );
    expect(logins.map((r) => r.ip_address)).toContain(proxyAppended);
    expect(logins.some((r) => r.ip_address?.startsWith("10.9."))).toBe(false);
  });
});

describe("item 9: only a same-origin POST signs out", () => {
  it("ends no session on GET, PUT or DELETE, nor on a POST without or with another Origin", async () => {
    const user = await createUserInWorkspace(ctx, { role: "owner" });
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const res = await user.client.request("/api/auth/sign-out", { method });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await sessionAlive(user.client)).toBe(true);
    }
    const noOrigin = await user.client.request<ErrorAnswer>("/api/auth/sign-out", {
      method: "POST",
      json: {},
      headers: { origin: "" },
    });
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body.error.code).toBe("forbidden");
    const foreign = await user.client.request("/api/auth/sign-out", {
      method: "POST",
      json: {},
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await sessionAlive(user.client)).toBe(true);

    const out = await user.client.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect(await sessionAlive(user.client)).toBe(false);
  });
});

describe("item 11: one set of limits for profile fields, whichever route writes them", () => {
  it("refuses on /api/auth/update-user what PUT /api/me refuses (400 naming the field), and null names", async () => {
    const { client, userId } = await signUp(ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: "x".repeat(200_000) }, "firstName"],
      [{ lastName: "x".repeat(101) }, "lastName"],
      [{ image: `https://example.test/${"a".repeat(100_000)}` }, "image"],
      [{ image: "ftp://example.test/me.png" }, "image"],
      [{ name: null }, "name"],
      [{ name: "x".repeat(255) }, "name"],
    ];
    for (const [body, field] of cases) {
      const res = await client.post<ErrorAnswer>("/api/auth/update-user", body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body.error.fields?.[0]?.field).toBe(field);
    }
    const { rows } = await ctx.database.raw.query<{ first_name: string | null; image: string | null }>(
      `select first_name, image from profiles where id = $1`,
      [userId],
    );
    expect(rows[0]).toEqual({ first_name: null, image: null });
    const me = await client.put<ErrorAnswer>("/api/me", { firstName: "x".repeat(101) });
    expect(me.status).toBe(400);
    expect(me.body.error.fields?.[0]?.field).toBe("firstName");

    const fine = await client.post("/api/auth/update-user", {
      firstName: "Grace",
      image: "https://example.test/grace.png",
    });
    expect(fine.status).toBe(200);
  });

  it("holds sign-up to the same limits", async () => {
    const res = await ctx.client().request<ErrorAnswer>("/api/auth/sign-up/email", {
      method: "POST",
      json: {
        email: `long-${Date.now()}@example.test`,
        password: DEFAULT_TEST_PASSWORD,
        name: "Long",
        firstName: "x".repeat(200_000),
      },
      headers: { "x-forwarded-for": randomTestIp() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.[0]?.field).toBe("firstName");
  });
});

describe("item 14: account hygiene (ASVS L2)", () => {
  async function signUpWith(email: string, password: string) {
    return ctx.client().request<ErrorAnswer>("/api/auth/sign-up/email", {
      method: "POST",
      json: { email, password, name: email },
      headers: { "x-forwarded-for": randomTestIp() },
    });
  }

  it("refuses common and context-specific passwords on sign-up, and creates no account", async () => {
    const email = `hygiene-${Date.now()}@example.test`;
    const refused: [string, string][] = [
      ["12345678", PASSWORD_MESSAGES.common],
      ["password", PASSWORD_MESSAGES.common],
      ["        ", PASSWORD_MESSAGES.tooSimple],
      [email, PASSWORD_MESSAGES.personal],
    ];
    for (const [password, message] of refused) {
      const res = await signUpWith(email, password);
      expect(res.status, JSON.stringify(password)).toBe(400);
      expect(res.body.error).toMatchObject({ message, fields: [{ field: "password", message }] });
    }
    const { rows } = await ctx.database.raw.query(`select 1 from profiles where email = $1`, [email]);
    expect(rows).toHaveLength(0);
    // 8 to 128 characters still go through.
    expect((await signUpWith(email, "x7#Kp2!q".padEnd(128, "z"))).status).toBe(200);
  });

  it("refuses them when a password is changed or reset too", async () => {
    const { client, email } = await signUp(ctx);
    const change = await client.post<ErrorAnswer>("/api/auth/change-password", {
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: email,
    });
    expect(change.status).toBe(400);
    expect(change.body.error.fields?.[0]).toEqual({
      field: "newPassword",
      message: PASSWORD_MESSAGES.personal,
    });

    expect((await ctx.client().post("/api/auth/request-password-reset", { email })).status).toBe(200);
    const mail = readOutbox(ctx.deps.mailer.outboxDir!, email).find((m) => m.raw.includes("Reset your"));
    const token = mail?.raw.replace(/=\r?\n/g, "").match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    const local = email.split("@")[0]!;
    for (const newPassword of ["12345678", `${local}!2024`]) {
      const reset = await ctx.client().post<ErrorAnswer>("/api/auth/reset-password", { token, newPassword });
      expect(reset.status).toBe(400);
      expect(reset.body.error.fields?.[0]?.field).toBe("newPassword");
    }
    expect((await jsonSignIn(email, DEFAULT_TEST_PASSWORD)).status).toBe(200);
  });

  it("answers sign-up with an existing address like a new one and mails the owner instead", async () => {
    const existing = await signUp(ctx);
    const fresh = await signUpWith(`fresh-${Date.now()}@example.test`, "a different secret");
    const again = await signUpWith(existing.email, "a different secret");
    expect(again.status).toBe(fresh.status);
    expect(again.text).not.toMatch(/exist/i);
    const shape = (body: unknown) => {
      const b = body as { token: unknown; user: Record<string, unknown> };
      return { token: typeof b.token, user: Object.keys(b.user).sort() };
    };
    expect(shape(again.body)).toEqual(shape(fresh.body));
    expect((again.body as unknown as { user: { id: string } }).user.id).not.toBe(existing.userId);
    const mails = readOutbox(ctx.deps.mailer.outboxDir!, existing.email);
    expect(mails.some((m) => m.raw.includes("already has one"))).toBe(true);
    // The owner's account is untouched.
    expect((await jsonSignIn(existing.email, DEFAULT_TEST_PASSWORD)).status).toBe(200);
  });

  it("marks API JSON answers Cache-Control: no-store (errors and better-auth's too)", async () => {
    const { client } = await signUp(ctx);
    for (const res of [
      await client.get("/api/me"),
      await ctx.client().get("/api/me"),
      await client.get("/api/auth/get-session"),
      await client.get("/api/no-such-route"),
      await ctx.client().post("/api/auth/sign-in/email", { email: "x@example.test", password: "wrong one" }),
    ]) {
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("item 10: better-auth's redirect targets are checked before it sees them", () => {
  it("answers 400 naming callbackURL for a verify-email link whose callbackURL is not a URL (was 500)", async () => {
    for (const callbackURL of ["-1", "%", "9999-12-27", "//evil.example", "javascript:alert(1)"]) {
      const res = await ctx
        .client()
        .get<ErrorAnswer>(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callbackURL)}`);
      expect(res.status, callbackURL).toBe(400);
      expect(res.body.error.fields?.[0]?.field).toBe("callbackURL");
    }
  });
  it("still lets a path or an absolute URL through to better-auth", async () => {
    const res = await ctx
      .client()
      .get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent("/")}`);
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(400);
  });
});
