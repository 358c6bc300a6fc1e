import { randomBytes, randomUUID } from "node:crypto";
import type { Context } from "hono";
import { Hono } from "hono";
import { displayName } from "@domain/format";
import { MESSAGES } from "@domain/messages";
import { PASSWORD_MESSAGES, type PasswordContext } from "@domain/password";
import type { AppEnv } from "../context";
import {
  badRequest,
  forbidden,
  rateLimited,
  validationError,
  type AppError,
  type ErrorBody,
  type ErrorCode,
} from "../lib/errors";
import { originRefusal } from "../lib/origin";
import { documented } from "../lib/openapi";
import { recordSecurityEvent } from "../modules/audit/record-security-event";
import { authProfileFieldsSchema } from "../modules/session/contract";
import { authConfigResponseSchema, resendRequestSchema, resendResponseSchema } from "./contract";
import { existingAccountMail } from "./existing-account-mail";
import { serverPasswordProblem } from "./password-policy";
import { accountOfResetToken, clearCurrentWorkspace, consumeAccountLimit, resetAccountLimit } from "./repo";
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
  // The body exactly as better-auth will read it, whatever the encoding: limits and audit rows
  // must see the same e-mail address that better-auth checks the password of.
  const body: JsonBody = method === "POST" ? await readAuthBody(c.req.raw) : undefined;
  const email = typeof body?.email === "string" ? body.email.trim().toLowerCase() : undefined;
  const audit = (eventType: string, eventData: Record<string, unknown>, userId?: string | null) =>
    recordSecurityEvent(deps, { eventType, eventData, userId, ipAddress: ip, userAgent });

  // better-auth throws (500) on a redirect target that is not a URL; refuse it with 400 first.
  const badRedirect = invalidRedirectField(new URL(c.req.url).searchParams, body);
  if (badRedirect) {
    throw badRequest(`Invalid ${badRedirect}: must be a path or an absolute URL`, [
      { field: badRedirect, message: "must be a path starting with / or an absolute http(s) URL" },
    ]);
  }

  if (method === "POST" && (path === "/sign-up/email" || path === "/update-user")) {
    // One set of limits for profile fields, whichever route writes them (PUT /api/me too).
    const parsed = authProfileFieldsSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const error = validationError(parsed.error, "body");
      if (path === "/sign-up/email") {
        await audit("failed_auth", { method: "sign_up", reason: error.message, ...(email ? { email } : {}) });
      }
      throw error;
    }
  }
  const weakPassword = method === "POST" ? await passwordRefusal(c, path, body) : null;
  if (weakPassword) {
    if (path === "/sign-up/email") {
      await audit("failed_auth", {
        method: "sign_up",
        reason: weakPassword.message,
        ...(email ? { email } : {}),
      });
    }
    throw weakPassword;
  }

  if (path === "/sign-in/email" && email) {
    await enforceAccountLimit(c, `account:sign-in:${email}`, ACCOUNT_SIGN_IN_LIMIT, path);
  }
  if (path === "/request-password-reset" && email) {
    await enforceAccountLimit(c, `account:mail:${email}`, ACCOUNT_RECOVERY_LIMIT, path);
  }
  if (path === "/sign-out" && method === "POST") {
    // Only a same-origin POST signs out: a link or a form on another site must not end sessions.
    const origin = c.req.header("origin");
    const refusal = origin ? originRefusal(deps.config, c.req.url, origin) : "Cross-site request refused";
    if (refusal) throw forbidden(refusal);
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
    if (status === 422 && resBody?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" && email) {
      return existingAccountAnswer(c, email, body);
    }
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

const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/**
 * The request body as better-auth (better-call's getBody) parses it: JSON (application/json and
 * application/*+json), then application/x-www-form-urlencoded and multipart/form-data as flat
 * records (the last of repeated keys wins). Anything else reaches better-auth as text, which no
 * endpoint we guard accepts as an object: undefined here.
 */
export async function readAuthBody(request: Request): Promise<JsonBody> {
  if (!request.body) return undefined;
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    if (JSON_CONTENT_TYPE.test(contentType)) {
      const parsed = (await request.clone().json()) as unknown;
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : undefined;
    }
    if (
      contentType.includes("application/x-www-form-urlencoded") ||
      contentType.includes("multipart/form-data")
    ) {
      const form = await request.clone().formData();
      const record: Record<string, unknown> = {};
      form.forEach((value, key) => {
        record[key] = typeof value === "string" ? value : undefined;
      });
      return record;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * A 400 naming the password field when a new password breaks the policy (domain/password.ts:
 * common, too simple, or built from the account's own e-mail or name) on sign-up, password
 * change and reset; null otherwise (length and type are left to better-auth's own answer).
 */
async function passwordRefusal(c: Context<AppEnv>, path: string, body: JsonBody): Promise<AppError | null> {
  const field = path === "/sign-up/email" ? "password" : "newPassword";
  const password = body?.[field];
  if (typeof password !== "string") return null;
  let context: PasswordContext;
  if (path === "/sign-up/email") {
    context = {
      email: String(body?.email ?? ""),
      names: [body?.name, body?.firstName, body?.lastName].map(text),
    };
  } else if (path === "/change-password") {
    const user = await loadUser(c);
    context = user ? { email: user.email, names: [user.name, user.firstName, user.lastName] } : {};
  } else if (path === "/reset-password") {
    const token = typeof body?.token === "string" ? body.token : c.req.query("token");
    const account = token ? await accountOfResetToken(c.var.deps.database.db, token, c.var.deps.now()) : null;
    context = account
      ? { email: account.email, names: [account.name, account.firstName, account.lastName] }
      : {};
  } else {
    return null;
  }
  const problem = serverPasswordProblem(password, context);
  if (!problem || problem === PASSWORD_MESSAGES.tooShort || problem === PASSWORD_MESSAGES.tooLong)
    return null;
  return badRequest(problem, [{ field, message: problem }]);
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/**
 * Sign-up with an address that already has an account answers like a new sign-up (200, the
 * same body shape with a made-up id and token, no session) and mails the owner instead of
 * telling the caller "User already exists".
 */
async function existingAccountAnswer(c: Context<AppEnv>, email: string, body: JsonBody): Promise<Response> {
  const { deps } = c.var;
  // better-auth refused before hashing; hash as a new sign-up does so the answer takes as long.
  if (typeof body?.password === "string") {
    await (await deps.auth.$context).password.hash(body.password).catch(() => undefined);
  }
  await deps.mailer.send(existingAccountMail(email, deps.config.publicUrl)).catch((err: unknown) => {
    c.var.log.warn({ err }, "existing-account mail could not be sent");
  });
  const now = deps.now().toISOString();
  const firstName = text(body?.firstName);
  const lastName = text(body?.lastName);
  return c.json({
    token: randomBytes(24).toString("base64url").slice(0, 32),
    user: {
      id: randomUUID(),
      email,
      name: displayName({ firstName, lastName, email }),
      image: text(body?.image),
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
      firstName,
      lastName,
      currentOrganizationId: null,
      twoFactorEnabled: false,
    },
  });
}

async function enforceAccountLimit(
  c: Context<AppEnv>,
  key: string,
  limit: { window: number; max: number },
  path: string,
): Promise<void> {
  const { deps } = c.var;
  const count = await consumeAccountLimit(deps.database.db, key, limit, deps.now().getTime());
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

/** Query or body fields better-auth redirects to after a flow. */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

/** The first redirect field that is neither a same-site path nor an absolute http(s) URL. */
export function invalidRedirectField(query: URLSearchParams, body: JsonBody): string | null {
  for (const field of REDIRECT_FIELDS) {
    const values: unknown[] = [...query.getAll(field)];
    if (body && field in body) values.push(body[field]);
    for (const value of values) {
      if (value === undefined || value === null) continue;
      if (typeof value !== "string" || !isRedirectTarget(value)) return field;
    }
  }
  return null;
}

function isRedirectTarget(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
