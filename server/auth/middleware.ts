import type { Context, MiddlewareHandler } from "hono";
import { can, type Permission } from "@domain/permissions";
import type { AppEnv } from "../context";
import { forbidden, unauthorized } from "../lib/errors";
import { resolveImpersonation } from "../modules/impersonation/resolve-impersonation";
import { selectCallerWorkspace } from "../modules/workspaces/repo";
import type { RequestContext, UserContext } from "../request-context";
import { clientIp, userAgentOf } from "./client-ip";

/** The signed-in user as routes see it (c.var.user after requireUser()). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  twoFactorEnabled: boolean;
}

/**
 * Resolve the session cookie into c.var.user (once per request). better-auth slides the
 * session's expiry as it is used; the refreshed cookie it hands back is forwarded on the response.
 */
export async function loadUser(c: Context<AppEnv>): Promise<AuthUser | null> {
  if (c.get("userLoaded")) return c.get("user") ?? null;
  const { headers, response } = await c.var.deps.auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  c.set("userLoaded", true);
  for (const cookie of headers?.getSetCookie?.() ?? []) c.header("set-cookie", cookie, { append: true });
  if (!response) return null;
  const u = response.user as typeof response.user & {
    firstName?: string | null;
    lastName?: string | null;
    twoFactorEnabled?: boolean | null;
  };
  const user: AuthUser = {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    image: u.image ?? null,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
  };
  c.set("user", user);
  return user;
}

/** The signed-in caller's context (c.var.userCtx), built once per request. */
function userContextOf(c: Context<AppEnv>, user: AuthUser): UserContext {
  const existing = c.get("userCtx");
  if (existing && existing.userId === user.id) return existing;
  const deps = c.var.deps;
  const ctx: UserContext = {
    deps,
    db: deps.database.db,
    user,
    userId: user.id,
    requestId: c.var.requestId,
    ip: clientIp(c),
    userAgent: userAgentOf(c),
    log: c.var.log,
  };
  c.set("userCtx", ctx);
  return ctx;
}

/** The signed-in caller's context, or null when signed out (public routes that note who calls). */
export async function loadUserContext(c: Context<AppEnv>): Promise<UserContext | null> {
  const user = await loadUser(c);
  return user ? userContextOf(c, user) : null;
}

/** 401 in our error shape when signed out; sets c.var.user and c.var.userCtx. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await loadUser(c);
    if (!user) throw unauthorized();
    userContextOf(c, user);
    await next();
  };
}

/**
 * The request context of a caller in their current workspace (c.var.ctx): user, workspace,
 * role, the member they view the app as (if any), request id, IP and user agent. The current
 * workspace (spec §4) is profiles.current_organization_id while the user still belongs to it,
 * else their first workspace by membership creation; null without any.
 */
export async function resolveRequestContext(
  c: Context<AppEnv>,
  user: AuthUser,
): Promise<RequestContext | null> {
  const existing = c.get("ctx");
  if (existing && existing.userId === user.id) return existing;
  const base = userContextOf(c, user);
  const current = await selectCallerWorkspace(base.db, user.id);
  if (!current) return null;
  const impersonating = await resolveImpersonation(
    base.db,
    base.log,
    current.organizationId,
    user.id,
    current.role,
    current.impersonation,
  );
  const ctx: RequestContext = {
    ...base,
    organizationId: current.organizationId,
    role: current.role,
    impersonating,
  };
  c.set("ctx", ctx);
  return ctx;
}

/**
 * Requires a user (401) and a current workspace (403 without one), and — when given — the
 * permission of spec §6 for the caller's role there (403). Sets c.var.user and c.var.ctx.
 */
export function requireTenant(permission?: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await loadUser(c);
    if (!user) throw unauthorized();
    const ctx = await resolveRequestContext(c, user);
    if (!ctx) throw forbidden("You need to be assigned to an organization");
    if (permission && !can(ctx.role, permission)) throw forbidden();
    await next();
  };
}
