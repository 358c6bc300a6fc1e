import { canImpersonate, displayName, type Role } from "@domain/index";
import type { Executor } from "../../db/executor";
import type { Logger } from "../../lib/logger";
import type { ImpersonatedUser } from "../../request-context";
import { deleteImpersonation, type ImpersonationTargetRow } from "./repo";

/**
 * The member the actor is viewing the app as, for the request context. An impersonation is
 * honoured only while it is still allowed (actor owner/admin, target still a plain member of the
 * workspace); a stale one is removed and the actor sees their own view.
 */
export async function resolveImpersonation(
  executor: Executor,
  logger: Logger,
  organizationId: string,
  actorUserId: string,
  actorRole: Role,
  /** The actor's impersonation row, read with the caller's workspace in one statement. */
  target: ImpersonationTargetRow | null,
): Promise<ImpersonatedUser | null> {
  if (!target) return null;
  if (target.role && canImpersonate(actorRole, target.role)) {
    return {
      id: target.target_user_id,
      displayName: displayName({
        firstName: target.first_name,
        lastName: target.last_name,
        email: target.email ?? "",
      }),
      email: target.email ?? "",
    };
  }
  await deleteImpersonation(executor, organizationId, actorUserId);
  logger.info(
    { organizationId, actor: actorUserId, target: target.target_user_id },
    "stale impersonation ended",
  );
  return null;
}
