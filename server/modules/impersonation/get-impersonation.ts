import type { RequestContext } from "../../request-context";
import type { ImpersonationState } from "./contract";

/**
 * Whom the caller is viewing the app as. The request context already honours only a still
 * allowed impersonation (a stale one was ended while resolving it).
 */
export function getImpersonation(ctx: RequestContext): ImpersonationState {
  return { active: ctx.impersonating !== null, user: ctx.impersonating };
}
