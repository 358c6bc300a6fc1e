import type { Context } from "hono";
import { Hono } from "hono";
import { MESSAGES } from "@domain/messages";
import type { AppEnv } from "../context";
import { badRequest, rateLimited, type ErrorBody, type ErrorCode } from "../lib/errors";
import { documented } from "../lib/openapi";
import { recordSecurityEvent } from "../modules/audit/record-security-event";
import { authConfigResponseSchema, resendRequestSchema, resendResponseSchema } from "./contract";
import { clearCurrentWorkspace, consumeAccountLimit, resetAccountLimit } from "./repo";
import { CLIENT_IP_HEADER, clientIp, userAgentOf } from "./client-ip";
import { loadUser } from "./middleware";
import { ACCOUNT_RECOVERY_LIMIT, ACCOUNT_SIGN_IN_LIMIT } from "./rate-limits";

type JsonBody = Record<string, unknown> | undefined;

/**
 * /api/auth/*: better-auth's endpoints behind a thin wrapper that adds what the spec asks around
 * them — per-account limits, global sign-out, our error shape, and the security audit trail
 * (failed_auth, user_login, rate_limit_exceeded).
 */
export function authRoutes() {
  return new Hono<AppEnv>()
    .post(
      "/resend",
      documented({
        summary: "Send the sign-up confirmation or password-recovery e-mail again",
        tags: ["Authentication"],
        public: true,
        body: resendRequestSchema,
        response: resendResponseSchema,
      }),
      async (c) => {
        const raw = (await c.req.json().catch(() => undefined)) as unknown;
        const parsed = resendRequestSchema.safeParse(raw ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path.map(String).join(".") || "body";
          throw badRequest(`Invalid body: ${field} — ${issue.message}`, [{ field, message: issue.message }]);
        }
        const { email, phone, type } = parsed.data;
        if ((!email && !phone) || !type) {
          const field = !type ? "type" : "email";
          throw badRequest(MESSAGES.resendMissingTarget, [{ field, message: MESSAGES.resendMissingTarget }]);
        }
        if (!email) {
          throw badRequest("Text messages are not available on this server; use your e-mail address", [
            { field: "phone", message: "Text messages are not available on this server" },
          ]);
        }
        await enforceAccountLimit(c, `account:mail:${email}`, ACCOUNT_RECOVERY_LIMIT, "/resend");
        const { auth, config } = c.var.deps;
        if (type === "signup") {
          await auth.api
            .sendVerificationEmail({ body: { email, callbackURL: "/" }, headers: c.req.raw.headers })
            .catch(() => undefined);
        } else {
          await auth.api
            .requestPasswordReset({ body: { email, redirectTo: `${config.publicUrl}/auth?mode=reset` } })
            .catch(() => undefined);
        }
        // Same answer whether or not the address has an account (no account discovery).
        return c.json({ ok: true as const });
      },
    )
    .get(
      "/config",
      documented({
        summary: "Sign-in methods this server offers besides e-mail and password",
        tags: ["Authentication"],
        public: true,
        response: authConfigResponseSchema,
      }),
      (c) => c.json({ google: c.var.deps.config.googleConfigured }),
    )
    .all("/*", handleAuth);
}

async function handleAuth(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  const path = c.req.path.replace(/^\/api\/auth/, "") || "/";
  const ip = clientIp(c);
  const userAgent = userAgentOf(c);
  const method = c.req.method;
  let body: JsonBody;
  if (method === "POST" && c.req.header("content-type")?.includes("application/json")) {
    body = (await c.req.raw
      .clone()
      .json()
      .catch(() => undefined)) as JsonBody;
  }
  const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : undefined;
  const audit = (eventType: string, eventData: Record<string, unknown>, userId?: string | null) =>
    recordSecurityEvent(deps, { eventType, eventData, userId, ipAddress: ip, userAgent });

  if (path === "/sign-in/email" && email) {
    await enforceAccountLimit(c, `account:sign-in:${email}`, ACCOUNT_SIGN_IN_LIMIT, path);
  }
  if (path === "/request-password-reset" && email) {
    await enforceAccountLimit(c, `account:mail:${email}`, ACCOUNT_RECOVERY_LIMIT, path);
  }
  if (path === "/sign-out") {
    // Global sign-out (spec §7): every session of the user ends, and the remembered workspace is cleared.
    const user = await loadUser(c);
    if (user) {
      await deps.auth.api.revokeSessions({ headers: c.req.raw.headers }).catch(() => undefined);
      await clearCurrentWorkspace(deps.database.db, user.id);
    }
  }

  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const hasBody = method !== "GET" && method !== "HEAD";
  const forwarded = new Request(c.req.raw.url, {
    method,
    headers,
    body: hasBody ? await c.req.raw.arrayBuffer() : undefined,
  });
  const res = await deps.auth.handler(forwarded);

  const status = res.status;
  const resBody =
    status !== 302 && res.headers.get("content-type")?.includes("application/json")
      ? ((await res
          .clone()
          .json()
          .catch(() => undefined)) as JsonBody)
      : undefined;
  const message = typeof resBody?.message === "string" ? resBody.message : undefined;
  const reason = message ?? (typeof resBody?.code === "string" ? resBody.code : `HTTP ${status}`);

  if (status === 429) {
    await audit("rate_limit_exceeded", { scope: "ip", path, ...(email ? { email } : {}) });
  } else if (path === "/sign-in/email") {
    if (status === 200 && resBody?.twoFactorRedirect) {
      // First factor passed; user_login is written once the second factor is verified.
    } else if (status === 200) {
      await audit("user_login", { method: "password" }, userIdOf(resBody));
      if (email) await resetAccountLimit(deps.database.db, `account:sign-in:${email}`);
    } else {
      await audit("failed_auth", { method: "password", reason, ...(email ? { email } : {}) });
    }
  } else if (path === "/sign-up/email") {
    if (status === 200) await audit("user_login", { method: "sign_up" }, userIdOf(resBody));
    else await audit("failed_auth", { method: "sign_up", reason, ...(email ? { email } : {}) });
  } else if (path.startsWith("/two-factor/verify-")) {
    const factor = path.endsWith("backup-code") ? "backup_code" : "totp";
    if (status === 200) await audit("user_login", { method: factor }, userIdOf(resBody));
    else await audit("failed_auth", { method: factor, reason });
  } else if (path === "/sign-in/social" && status >= 400) {
    await audit("failed_auth", { method: String(body?.provider ?? "social"), reason });
  } else if (path.startsWith("/callback/")) {
    const provider = path.slice("/callback/".length);
    const location = res.headers.get("location") ?? "";
    const error = location ? new URL(location, deps.config.publicUrl).searchParams.get("error") : null;
    if (error || status >= 400) {
      await audit("failed_auth", { method: provider, reason: error ?? reason });
    } else {
      const userId = await sessionUserId(c, res);
      if (userId) await audit("user_login", { method: provider }, userId);
    }
  }

  if (status >= 400 && resBody && !("error" in resBody && typeof resBody.error === "object")) {
    const out = new Headers(res.headers);
    out.delete("content-length");
    const errorBody: ErrorBody = {
      error: { code: codeFor(status), message: message ?? "Authentication failed" },
    };
    return new Response(JSON.stringify(errorBody), { status, headers: out });
  }
  return res;
}

async function enforceAccountLimit(
  c: Context<AppEnv>,
  key: string,
  limit: { window: number; max: number },
  path: string,
): Promise<void> {
  const { deps } = c.var;
  const count = await consumeAccountLimit(deps.database.db, key, limit.window, deps.now().getTime());
  if (count > limit.max) {
    await recordSecurityEvent(deps, {
      eventType: "rate_limit_exceeded",
      eventData: { scope: "account", path, account: key.split(":").slice(2).join(":") },
      ipAddress: clientIp(c),
      userAgent: userAgentOf(c),
    });
    throw rateLimited("Too many attempts for this account. Please wait a few minutes and try again.");
  }
}

function userIdOf(body: JsonBody): string | null {
  const user = body?.user;
  if (user && typeof user === "object" && "id" in user && typeof user.id === "string") return user.id;
  return null;
}

/** The user of the session a response just created (OAuth callbacks carry it only in the cookie). */
async function sessionUserId(c: Context<AppEnv>, res: Response): Promise<string | null> {
  const cookies = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair): pair is string => Boolean(pair?.includes("session_token=")));
  if (!cookies.length) return null;
  const session = await c.var.deps.auth.api
    .getSession({ headers: new Headers({ cookie: cookies.join("; ") }) })
    .catch(() => null);
  return session?.user.id ?? null;
}

function codeFor(status: number): ErrorCode {
  switch (status) {
    case 400:
    case 422:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 409:
      return "conflict";
    case 429:
      return "rate_limited";
    default:
      return status >= 500 ? "internal_error" : "bad_request";
  }
}
