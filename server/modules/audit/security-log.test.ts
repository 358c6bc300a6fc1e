import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addMember, createUserInWorkspace, DEFAULT_TEST_PASSWORD } from "../../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { BLOCKED_FORM_LIMIT } from "./public-rate-limit";
import { flushSecurityEvents, recordSecurityEvent } from "./record-security-event";

/*
 * Issue 11, items 3 and 14: the security log keeps every event whatever one of them holds, the
 * unauthenticated blocked-form report is rate-limited per address, and a workspace's log shows
 * no member's workspace-less sign-in events to anyone but that member.
 */

const START = Date.UTC(2031, 4, 6, 9, 0, 0);
let clock = START;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(clock) });
});
afterAll(async () => {
  await ctx.close();
});

interface LogRow {
  event_type: string;
  event_data: Record<string, unknown>;
  ip_address: string | null;
  user_agent: string | null;
}

async function logRows(marker: string): Promise<LogRow[]> {
  const { rows } = await ctx.database.raw.query<LogRow>(
    `select event_type, event_data, ip_address, user_agent from security_audit_log
      where event_data->>'marker' = $1 or ip_address = $1 order by id`,
    [marker],
  );
  return rows;
}

describe("security log writes (item 3)", () => {
  it("keeps the buffered events when one of them holds a NUL byte or a lone surrogate", async () => {
    const marker = "batch-nul";
    // Buffered (not flushed at once): a login and an invitation of other people.
    await recordSecurityEvent(ctx.deps, {
      eventType: "user_login",
      eventData: { marker, method: "password" },
      ipAddress: "192.0.2.10",
    });
    await recordSecurityEvent(ctx.deps, {
      eventType: "team_invitation",
      eventData: { marker, role: "member" },
    });
    // What POST /api/audit/blocked-form {"form":"a\u0000"} used to buffer, flushed at once.
    await recordSecurityEvent(ctx.deps, {
      eventType: "malicious_form_submission",
      eventData: { marker, form: "a\u0000", field: "x\uD800y", ["k\u0000"]: "\uDC00" },
      userAgent: "agent\u0000\uD83D",
    });
    await flushSecurityEvents(ctx.deps);
    const rows = await logRows(marker);
    expect(rows.map((r) => r.event_type)).toEqual([
      "user_login",
      "team_invitation",
      "malicious_form_submission",
    ]);
    expect(rows[2]?.event_data).toMatchObject({ form: "a", field: "x\uFFFDy", k: "\uFFFD" });
    expect(rows[2]?.user_agent).toBe("agent\uFFFD");
  });

  it("writes row by row when the batch is refused, losing only the row that still fails", async () => {
    const marker = "batch-fallback";
    const error = vi.spyOn(ctx.deps.logger, "error");
    await recordSecurityEvent(ctx.deps, { eventType: "user_login", eventData: { marker, n: 1 } });
    await recordSecurityEvent(ctx.deps, { eventType: "team_invitation", eventData: { marker, n: 2 } });
    // A row no sanitising can save (its time is not a time) fails the batch insert.
    await recordSecurityEvent(
      { ...ctx.deps, now: () => new Date(Number.NaN) },
      { eventType: "user_login", eventData: { marker, n: 3 } },
    );
    await recordSecurityEvent(ctx.deps, { eventType: "failed_auth", eventData: { marker, n: 4 } });
    await flushSecurityEvents(ctx.deps);
    const rows = await logRows(marker);
    expect(rows.map((r) => r.event_data.n)).toEqual([1, 2, 4]);
    const unwritten = error.mock.calls.filter(
      ([, msg]) => msg === "security audit event could not be written",
    );
    expect(unwritten).toHaveLength(1);
    expect(unwritten[0]?.[0]).toMatchObject({ eventType: "user_login" });
    error.mockRestore();
  });
});

describe("POST /api/audit/blocked-form rate limit (item 3)", () => {
  it("answers 429 in our error shape once one address sent its quota, and writes none of the excess", async () => {
    const ip = "203.0.113.77";
    const client = ctx.client();
    const statuses: number[] = [];
    let refused: unknown;
    for (let i = 0; i < 40; i++) {
      const res = await client.request("/api/audit/blocked-form", {
        method: "POST",
        json: { form: "profile", field: `f${i}` },
        headers: { "x-forwarded-for": ip },
      });
      statuses.push(res.status);
      if (res.status === 429) refused = res.body;
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(BLOCKED_FORM_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - BLOCKED_FORM_LIMIT.max);
    expect(refused).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
    await flushSecurityEvents(ctx.deps);
    const rows = await logRows(ip);
    expect(rows.filter((r) => r.event_type === "malicious_form_submission")).toHaveLength(
      BLOCKED_FORM_LIMIT.max,
    );
    // The flood itself is logged once, not once per refused request.
    expect(rows.filter((r) => r.event_type === "rate_limit_exceeded")).toHaveLength(1);

    // Another address is not affected; the first gets its quota back when its window ends.
    const other = await client.request("/api/audit/blocked-form", {
      method: "POST",
      json: { form: "profile", field: "name" },
      headers: { "x-forwarded-for": "203.0.113.78" },
    });
    expect(other.status).toBe(204);
    clock += BLOCKED_FORM_LIMIT.window * 1000 - 1;
    const stillRefused = await client.request("/api/audit/blocked-form", {
      method: "POST",
      json: { form: "profile", field: "name" },
      headers: { "x-forwarded-for": ip },
    });
    expect(stillRefused.status).toBe(429);
    // Refused attempts never extend the window: it ends one window after it began.
    clock += 1;
    const again = await client.request("/api/audit/blocked-form", {
      method: "POST",
      json: { form: "profile", field: "name" },
      headers: { "x-forwarded-for": ip },
    });
    expect(again.status).toBe(204);
  });
});

describe("GET /api/audit/security visibility (item 14)", () => {
  it("never shows an admin a member's sign-in events that belong to no workspace; the admin sees their own", async () => {
    const owner = await createUserInWorkspace(ctx, { role: "owner" });
    const admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: owner.organizationId });
    // A person who works for another agency too, and signs in from their own address.
    const member = await createUserInWorkspace(ctx, { role: "member" });
    await addMember(ctx, owner.organizationId, member.userId, "member");
    const signIn = (email: string, ip: string) =>
      ctx.client().request("/api/auth/sign-in/email", {
        method: "POST",
        json: { email, password: DEFAULT_TEST_PASSWORD },
        headers: { "x-forwarded-for": ip, "user-agent": "member-browser" },
      });
    expect((await signIn(member.email, "198.51.100.23")).status).toBe(200);
    expect((await signIn(admin.email, "198.51.100.24")).status).toBe(200);

    type Page = { events: { eventType: string; userId: string | null; ipAddress: string | null }[] };
    for (const reader of [owner, admin]) {
      const res = await reader.client.get<Page>("/api/audit/security?limit=200");
      expect(res.status).toBe(200);
      expect(res.body.events.some((e) => e.userId === member.userId)).toBe(false);
      expect(res.body.events.some((e) => e.ipAddress === "198.51.100.23")).toBe(false);
    }
    const own = await admin.client.get<Page>("/api/audit/security?eventType=user_login&limit=200");
    expect(own.body.events.some((e) => e.userId === admin.userId && e.ipAddress === "198.51.100.24")).toBe(
      true,
    );
    const theirs = await owner.client.get<Page>("/api/audit/security?eventType=user_login&limit=200");
    expect(theirs.body.events.some((e) => e.userId === admin.userId)).toBe(false);
  });
});
