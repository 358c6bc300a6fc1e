import { nonBlank } from "@domain/index";
import type { RequestContext } from "../../request-context";
import type { ReportFilter, UserDirectoryResponse, UserDirectoryRow } from "./contract";
import { selectUserDirectory } from "./repo";
import { int, intOrNull, reportSetup } from "./setup";

const CLICKUP_ROLES = { 1: "owner", 2: "admin", 3: "member", 4: "guest" } as const;

/**
 * The user directory (issue 16 point 6): every ClickUp user with the Agency Hub member linked to
 * them, roles, rates in force today, minutes per day, capacity and time logged in the period,
 * target and last time logged; names by the spec §8 fallback, the unresolved ones counted.
 */
export async function getUserDirectory(
  ctx: RequestContext,
  query: ReportFilter,
): Promise<UserDirectoryResponse> {
  const setup = await reportSetup(ctx, query);
  const found = await selectUserDirectory(ctx.db, setup.scope, setup.today);
  const rows: UserDirectoryRow[] = found
    .map((r) => {
      const name = nonBlank(r.username) ?? nonBlank(r.email);
      const last = r.last_logged_at === null ? null : new Date(r.last_logged_at).toISOString();
      return {
        personId: r.id,
        name: name ?? `User ${r.id}`,
        resolved: name !== null,
        email: nonBlank(r.email),
        clickupRole:
          r.clickup_role === null ? null : (CLICKUP_ROLES[r.clickup_role as 1 | 2 | 3 | 4] ?? null),
        member: r.member_name && r.member_role ? { name: r.member_name, role: r.member_role } : null,
        roles: r.roles,
        internalRate: intOrNull(r.internal_rate),
        clientRate: intOrNull(r.client_rate),
        minutesPerDay: r.minutes_per_day,
        capacityMinutes: int(r.capacity_minutes),
        targetBp: r.target_bp,
        loggedMs: int(r.logged_ms),
        lastLoggedAt: last,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.personId.localeCompare(b.personId));
  return {
    period: setup.period,
    currency: setup.currency,
    rows,
    unresolved: rows.filter((r) => !r.resolved).length,
  };
}
