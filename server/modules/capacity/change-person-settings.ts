import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { requireAdmin } from "./access";
import type { CapacityPerson, PersonSettingsBody } from "./contract";
import { selectPeople, upsertPersonSettings, type PersonRow } from "./repo";

function personView(row: PersonRow): CapacityPerson {
  return {
    clickupUserId: row.clickup_user_id,
    name: row.username?.trim() || row.email || `User ${row.clickup_user_id}`,
    email: row.email,
    minutesPerDay: row.minutes_per_day === null ? null : Number(row.minutes_per_day),
    minutesEffectiveFrom: row.minutes_effective_from,
    roleTags: row.role_tags ?? [],
  };
}

/** The workspace's ClickUp users with their hours per day and role tags. */
export async function listPeople(ctx: RequestContext): Promise<{ people: CapacityPerson[] }> {
  return { people: (await selectPeople(ctx.db, ctx.organizationId)).map(personView) };
}

/** Set a person's minutes per day (null = workspace default) and role tags (owners and admins). */
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
      },
      after: {
        minutesPerDay: after.minutesPerDay,
        minutesEffectiveFrom: after.minutesEffectiveFrom,
        roleTags: after.roleTags,
      },
    });
    return after;
  });
}
