import type { Role } from "@domain/permissions";
import type { AuthUser } from "./auth/middleware";
import type { AppDeps } from "./context";
import type { Db } from "./db/client";
import type { Tx } from "./db/executor";
import type { Logger } from "./lib/logger";

/*
 * The caller of a use case. Built once per request by requireUser() / requireTenant()
 * (server/auth/middleware.ts) and passed first to every use case: `useCase(ctx, input)`.
 * Jobs that act for nobody in particular build one with systemContext().
 */

/** The member an owner or admin is viewing the app as (dashboard "view as", spec §2, §6). */
export interface ImpersonatedUser {
  id: string;
  displayName: string;
  email: string;
}

/** A signed-in caller, before any workspace is chosen (profile, workspace creation, invitations). */
export interface UserContext {
  deps: AppDeps;
  /** The pool: what a use case reads with outside its own transaction. */
  db: Db;
  user: AuthUser;
  userId: string;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  log: Logger;
}

/** A signed-in caller in their current workspace: what nearly every use case takes first. */
export interface RequestContext extends UserContext {
  organizationId: string;
  role: Role;
  /**
   * Set while an owner or admin views the app as a member; the actor stays `userId`. Views show
   * the impersonated member's data with member visibility (spec §6); time logging is refused.
   */
  impersonating: ImpersonatedUser | null;
}

/** The person whose data a view shows: the impersonated member, else the caller. */
export function viewedUserId(ctx: RequestContext): string {
  return ctx.impersonating?.id ?? ctx.userId;
}

/**
 * A context for work no person asked for (sync jobs, schedules, the demo boot): the actor of
 * audit rows is recorded as the system (userId "system").
 */
export function systemContext(deps: AppDeps, organizationId: string, role: Role = "owner"): RequestContext {
  return {
    deps,
    db: deps.database.db,
    user: {
      id: "system",
      email: "system@agency-hub.invalid",
      name: "Agency Hub",
      firstName: null,
      lastName: null,
      image: null,
      twoFactorEnabled: false,
    },
    userId: "system",
    requestId: "system",
    ip: null,
    userAgent: null,
    log: deps.logger,
    organizationId,
    role,
    impersonating: null,
  };
}

/**
 * `ctx` acting inside the open transaction `tx`: a use case given it runs its own transaction
 * as a savepoint of `tx` (so another module's use case is reused, not copied, and commits or
 * rolls back with the caller's: a SOW payment proposes its invoice through createInvoice).
 */
export function contextInTransaction(ctx: RequestContext, tx: Tx): RequestContext {
  const db = tx as unknown as Db;
  return { ...ctx, db, deps: { ...ctx.deps, database: { ...ctx.deps.database, db } } };
}
