import { generateKeyPairSync } from "node:crypto";
import { SignJWT, importPKCS8 } from "jose";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import { flushSecurityEvents } from "../modules/audit/record-security-event";

// Google's token endpoint, intercepted in-process: the id_token is signed with a locally generated RSA key.
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
let tokenReply: () => Response;
const google = setupServer(http.post("https://oauth2.googleapis.com/token", () => tokenReply()));

async function idToken(claims: Record<string, unknown>) {
  const key = await importPKCS8(pem, "RS256");
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer("https://accounts.google.com")
    .setAudience("google-client-id")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
}

let ctx: TestContext;
let unconfigured: TestContext;
beforeAll(async () => {
  google.listen({ onUnhandledRequest: "bypass" });
  ctx = await createTestContext({
    GOOGLE_CLIENT_ID: "google-client-id",
    GOOGLE_CLIENT_SECRET: "google-secret",
  });
  unconfigured = await createTestContext();
});
afterEach(() => google.resetHandlers());
afterAll(async () => {
  google.close();
  await ctx.close();
  await unconfigured.close();
});

async function startGoogle(client: ReturnType<TestContext["client"]>) {
  const start = await client.post<{ url: string }>("/api/auth/sign-in/social", {
    provider: "google",
    callbackURL: "/",
  });
  expect(start.status).toBe(200);
  return new URL(start.body.url);
}

describe("Google sign-in", () => {
  it("asks for offline access and the account chooser, then signs the user in from the callback", async () => {
    const client = ctx.client();
    const authorize = await startGoogle(client);
    expect(authorize.hostname).toBe("accounts.google.com");
    expect(authorize.searchParams.get("access_type")).toBe("offline");
    expect(authorize.searchParams.get("prompt")).toBe("select_account");
    const email = `g-${Date.now()}@example.test`;
    const token = await idToken({
      sub: "google-sub-1",
      email,
      email_verified: true,
      given_name: "Gina",
      family_name: "Google",
      name: "Gina Google",
    });
    tokenReply = () =>
      HttpResponse.json({
        access_token: "ya29.test",
        refresh_token: "1//refresh",
        id_token: token,
        expires_in: 3600,
        token_type: "Bearer",
        scope: "openid email profile",
      });
    const callback = await client.get(
      `/api/auth/callback/google?code=auth-code&state=${encodeURIComponent(authorize.searchParams.get("state")!)}`,
    );
    expect(callback.status).toBe(302);
    expect(new URL(callback.headers.get("location")!, "http://localhost:3000").pathname).toBe("/");
    const me = await client.get<{ user: { email: string; displayName: string; initials: string } }>(
      "/api/me",
    );
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, displayName: "Gina Google", initials: "GG" });
    const accounts = await client.get<{ providerId: string }[]>("/api/auth/list-accounts");
    expect(accounts.body.map((a) => a.providerId)).toEqual(["google"]);
    await flushSecurityEvents(ctx.deps);
    const { rows } = await ctx.database.raw.query<{ event_data: { method: string } }>(
      `select event_data from security_audit_log where event_type = 'user_login'`,
    );
    expect(rows.map((r) => r.event_data.method)).toContain("google");
  });

  it("logs failed_auth with method google when Google refuses the code", async () => {
    const client = ctx.client();
    const authorize = await startGoogle(client);
    tokenReply = () => HttpResponse.json({ error: "invalid_grant" }, { status: 400 });
    const callback = await client.get(
      `/api/auth/callback/google?code=bad&state=${encodeURIComponent(authorize.searchParams.get("state")!)}`,
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toContain("error=");
    expect((await client.get("/api/me")).status).toBe(401);
    const { rows } = await ctx.database.raw.query<{ event_data: { method: string } }>(
      `select event_data from security_audit_log where event_type = 'failed_auth'`,
    );
    expect(rows.map((r) => r.event_data.method)).toContain("google");
  });

  it("links a Google identity to a password account and unlinks it again", async () => {
    const { client, email } = await signUp(ctx);
    const start = await client.post<{ url: string }>("/api/auth/link-social", {
      provider: "google",
      callbackURL: "/settings",
    });
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.url);
    expect(authorize.hostname).toBe("accounts.google.com");
    const token = await idToken({ sub: "google-sub-link", email, email_verified: true, name: "Linked User" });
    tokenReply = () =>
      HttpResponse.json({
        access_token: "ya29.link",
        id_token: token,
        expires_in: 3600,
        token_type: "Bearer",
      });
    const callback = await client.get(
      `/api/auth/callback/google?code=link-code&state=${encodeURIComponent(authorize.searchParams.get("state")!)}`,
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).not.toContain("error=");
    const linked = await client.get<{ id: string; providerId: string }[]>("/api/auth/list-accounts");
    expect(linked.body.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);

    const googleAccount = linked.body.find((a) => a.providerId === "google")!;
    const unlink = await client.post("/api/auth/unlink-account", {
      // better-auth 1.7 identifies the account by its own row id, not the provider's account id.
      accountId: googleAccount.id,
    });
    expect(unlink.status, JSON.stringify(unlink.body)).toBe(200);
    const after = await client.get<{ providerId: string }[]>("/api/auth/list-accounts");
    expect(after.body.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("reports when Google is not configured on this server", async () => {
    expect((await unconfigured.client().get("/api/auth/config")).body).toEqual({ google: false });
    expect((await ctx.client().get("/api/auth/config")).body).toEqual({ google: true });
    const res = await unconfigured
      .client()
      .post("/api/auth/sign-in/social", { provider: "google", callbackURL: "/" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
