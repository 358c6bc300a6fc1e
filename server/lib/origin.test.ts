import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomTestIp, signUp } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";

/*
 * Issue 10 §6: opened at http://127.0.0.1:3000 (or a LAN address) instead of localhost, sign-in
 * answered 403 "Invalid origin". Without PUBLIC_URL a same-origin request from any address the
 * server answers on works; with PUBLIC_URL the refusal says what to set.
 */

async function signInFrom(ctx: TestContext, base: string, origin: string, email: string, password: string) {
  const res = await ctx.app.request(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      "x-forwarded-for": randomTestIp(),
      // A browser that has any cookie for the address (better-auth checks the origin only then).
      cookie: "sidebar=open",
    },
    body: JSON.stringify({ email, password }),
  });
  const text = await res.text();
  return { status: res.status, text, cookies: res.headers.getSetCookie() };
}

describe("sign-in origin without PUBLIC_URL (the default setup)", () => {
  let ctx: TestContext;
  let email = "";
  let password = "";
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: "" });
    ({ email, password } = await signUp(ctx));
  });
  afterAll(() => ctx.close());

  it.each(["http://127.0.0.1:3000", "http://192.168.1.20:3000", "http://agency-box.local:8080"])(
    "signs in same-origin at %s",
    async (base) => {
      const res = await signInFrom(ctx, base, base, email, password);
      expect(res.status, res.text).toBe(200);
      expect(res.cookies.some((c) => c.includes("session_token"))).toBe(true);
    },
  );

  it("still refuses a write from another site", async () => {
    const res = await signInFrom(ctx, "http://127.0.0.1:3000", "https://evil.example", email, password);
    expect(res.status).toBe(403);
    expect(res.cookies.some((c) => c.includes("session_token"))).toBe(false);
  });
});

describe("sign-in origin with PUBLIC_URL set", () => {
  let ctx: TestContext;
  let email = "";
  let password = "";
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: "http://localhost:3000" });
    ({ email, password } = await signUp(ctx));
  });
  afterAll(() => ctx.close());

  it("accepts the public address", async () => {
    const res = await signInFrom(ctx, "http://localhost:3000", "http://localhost:3000", email, password);
    expect(res.status, res.text).toBe(200);
  });

  it("refuses another address of the machine with a message naming PUBLIC_URL", async () => {
    const res = await signInFrom(ctx, "http://10.0.0.5:3000", "http://10.0.0.5:3000", email, password);
    expect(res.status).toBe(403);
    const body = JSON.parse(res.text) as { error: { message: string } };
    expect(body.error.message).toBe(
      "This server's address is http://localhost:3000 (PUBLIC_URL). Open the app there, " +
        "or set PUBLIC_URL=http://10.0.0.5:3000 if this is the address people use.",
    );
  });
});
