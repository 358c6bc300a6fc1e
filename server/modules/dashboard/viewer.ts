import { canImpersonate, displayName, seesAllTasks, type Role } from "@domain/index";
import type { AppDeps } from "../../context";
import { getAccessibleTaskIds } from "../accessible-tasks/get-accessible-task-ids";
import { deleteImpersonation, selectImpersonation } from "../impersonation/repo";
import { selectConnection, selectMember, type ConnectionRow, type TaskScope } from "./repo";

/** The caller as requireTenant() sets it. */
export interface TenantRef {
  organizationId: string;
  userId: string;
  role: Role;
}

/**
 * Task ids a person may see (spec §7 get-accessible-tasks), including the ones assigned to them.
 * Defaults to server/modules/accessible-tasks (what their ClickUp account can see).
 */
export type AccessibleTaskIds = (organizationId: string, userId: string) => Promise<readonly string[]>;

export interface ImpersonatedUser {
  id: string;
  displayName: string;
  email: string;
}

/** Whose dashboard a request shows, and with what visibility (spec §2, §6). */
export interface Viewer {
  organizationId: string;
  actorUserId: string;
  actorRole: Role;
  /** The person whose dashboard is shown: the actor, or the impersonated member. */
  viewedUserId: string;
  impersonating: boolean;
  impersonatedUser: ImpersonatedUser | null;
  /** Admins and owners not impersonating (spec §6). */
  seesAll: boolean;
  /** The viewed person's active ClickUp connection; `null` = show 'Connect to ClickUp'. */
  connection: ConnectionRow | null;
  /**
   * Task scope of the viewed person's own (assigned) tasks; `null` when not connected. Every task
   * assigned to a person is accessible to them (accessible-tasks includes assignments), so the
   * assigned-task panels need no id list: accessibleTaskIds stays null there.
   */
  scope: (TaskScope & { seesAll: boolean }) | null;
  /**
   * The scope for tasks not assigned to the person (project detail): admins see all, others
   * their accessible task ids (spec §6). Resolved on first use.
   */
  visibleScope: () => Promise<(TaskScope & { seesAll: boolean }) | null>;
}

/**
 * Resolve the viewer of a dashboard request. An impersonation is honoured only while it is still
 * allowed (actor admin/owner, target still a plain member of the workspace); a stale one is
 * removed and the actor sees their own view.
 */
export async function resolveViewer(
  deps: Pick<AppDeps, "database" | "logger">,
  tenant: TenantRef,
  accessibleTaskIds: AccessibleTaskIds = (organizationId, userId) =>
    getAccessibleTaskIds(deps, organizationId, userId),
): Promise<Viewer> {
  const { database } = deps;
  let viewedUserId = tenant.userId;
  let impersonatedUser: ImpersonatedUser | null = null;
  const active = await selectImpersonation(database, tenant.organizationId, tenant.userId);
  if (active) {
    const target = await selectMember(database, tenant.organizationId, active.target_user_id);
    if (target && canImpersonate(tenant.role, target.role)) {
      viewedUserId = target.user_id;
      impersonatedUser = {
        id: target.user_id,
        displayName: displayName({
          firstName: target.first_name,
          lastName: target.last_name,
          email: target.email,
        }),
        email: target.email,
      };
    } else {
      await deleteImpersonation(database.db, tenant.organizationId, tenant.userId);
      deps.logger.info(
        { organizationId: tenant.organizationId, actor: tenant.userId, target: active.target_user_id },
        "stale impersonation ended",
      );
    }
  }
  const impersonating = impersonatedUser !== null;
  const seesAll = seesAllTasks(tenant.role, impersonating);
  const connection = await selectConnection(database, tenant.organizationId, viewedUserId);
  const scope: Viewer["scope"] = connection
    ? {
        organizationId: tenant.organizationId,
        providerUserId: connection.clickup_user_id,
        accessibleTaskIds: null,
        seesAll,
      }
    : null;
  let visible: Promise<Viewer["scope"]> | undefined;
  const visibleScope = () =>
    (visible ??= (async () => {
      if (!scope || seesAll) return scope;
      const ids = await accessibleTaskIds(tenant.organizationId, viewedUserId);
      return { ...scope, accessibleTaskIds: ids };
    })());
  return {
    organizationId: tenant.organizationId,
    actorUserId: tenant.userId,
    actorRole: tenant.role,
    viewedUserId,
    impersonating,
    impersonatedUser,
    seesAll,
    connection,
    scope,
    visibleScope,
  };
}
