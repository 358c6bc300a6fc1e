import { can } from "@domain/permissions";
import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { assertMinorUnits } from "@domain/money";
import { recordChange } from "../audit/record-change";
import { requireAdmin } from "./access";
import type { CapacityPerson, PersonSettingsBody } from "./contract";
import { selectPeople, upsertPersonSettings, type PersonRow } from "./repo";

/** The person as the API shows them; the purchasing limit only with `money`. */
function personView(row: PersonRow, money = true): CapacityPerson {
  return {
    clickupUserId: row.clickup_user_id,
    name: row.username?.trim() || row.email || `User ${row.clickup_user_id}`,
    email: row.email,
    minutesPerDay: row.minutes_per_day === null ? null : Number(row.minutes_per_day),
    minutesEffectiveFrom: row.minutes_effective_from,
    roleTags: row.role_tags ?? [],
    ...(money
      ? {
          purchasingLimitMinor:
            row.purchasing_limit_minor === null
              ? null
              : assertMinorUnits(Number(row.purchasing_limit_minor), "purchasing limit"),
        }
      : {}),
    utilizationTargetBp: row.utilization_target_bp,
  };
}

/**
 * The workspace's ClickUp users with their hours per day, role tags, utilisation target and —
 * for a caller with canViewFinancials — purchasing limit.
 */
export async function listPeople(ctx: RequestContext): Promise<{ people: CapacityPerson[] }> {
  const money = can(ctx.role, "canViewFinancials");
  return { people: (await selectPeople(ctx.db, ctx.organizationId)).map((row) => personView(row, money)) };
}

/**
 * Set a person's minutes per day (null = workspace default), and — when given — role tags,
 * purchasing limit and utilisation target (owners and admins; one audit row with the change).
 */
export async function putPersonSettings(
  ctx: RequestContext,
  clickupUserId: string,
  input: PersonSettingsBody,
): Promise<CapacityPerson> {
  requireAdmin(ctx);
  return transaction(ctx.deps.database, async (tx) => {
    const [row] = await selectPeople(tx, ctx.organizationId, clickupUserId);
    if (!row) throw notFound("Person not found");
    const before = personView(row);
    const roleTags = input.roleTags
      ? [...new Set(input.roleTags.map((t) => t.toLowerCase()))]
      : before.roleTags;
    await upsertPersonSettings(tx, {
      organizationId: ctx.organizationId,
      clickupUserId,
      minutesPerDay: input.minutesPerDay,
      minutesEffectiveFrom: input.minutesPerDay === null ? null : (input.minutesEffectiveFrom ?? null),
      roleTags,
      purchasingLimitMinor:
        input.purchasingLimitMinor === undefined
          ? (before.purchasingLimitMinor ?? null)
          : input.purchasingLimitMinor,
      utilizationTargetBp:
        input.utilizationTargetBp === undefined ? before.utilizationTargetBp : input.utilizationTargetBp,
      updatedAt: ctx.deps.now(),
    });
    const after = personView((await selectPeople(tx, ctx.organizationId, clickupUserId))[0]!);
    await recordChange(ctx, tx, {
      object: "person_settings",
      id: clickupUserId,
      action: "updated",
      before: {
        minutesPerDay: before.minutesPerDay,
        minutesEffectiveFrom: before.minutesEffectiveFrom,
        roleTags: before.roleTags,
        purchasingLimitMinor: before.purchasingLimitMinor ?? null,
        utilizationTargetBp: before.utilizationTargetBp,
      },
      after: {
        minutesPerDay: after.minutesPerDay,
        minutesEffectiveFrom: after.minutesEffectiveFrom,
        roleTags: after.roleTags,
        purchasingLimitMinor: after.purchasingLimitMinor ?? null,
        utilizationTargetBp: after.utilizationTargetBp,
      },
      // Purchasing authority is a finance control: its change joins the finance audit trail.
      ...(before.purchasingLimitMinor !== after.purchasingLimitMinor ? { category: "finance" as const } : {}),
    });
    return after;
  });
}
