import { currencyFieldMoney, detailCustomFields, findCustomField } from "@domain/index";
import { notFound } from "../../lib/errors";
import type { RequestContext } from "../../request-context";
import { resolveAssignedScope } from "./assigned-scope";
import type { TaskDetailResponse } from "./contract";
import { presentTask } from "./present";
import { selectCurrencyFields, selectDashboardTask } from "./repo";

const HOURS_PER_DAY_FRAGMENTS = ["h/d est", "hours/day", "hrs/day"] as const;

/**
 * Task detail dialog (spec §2): the task with status, project, due date and estimates, plus up
 * to 5 non-empty additional custom fields (the hours-per-day field is shown as an estimate); a
 * currency field carries its amount in minor units with the currency of its ClickUp definition,
 * so it shows as money ('$12,500.50'), not a bare number. 404 unless the task is assigned to the
 * viewed person.
 */
export async function getTaskDetail(
  ctx: RequestContext,
  input: { taskId: string },
): Promise<TaskDetailResponse> {
  const scope = await resolveAssignedScope(ctx);
  if (!scope) throw notFound("Task not found");
  const row = await selectDashboardTask(ctx.db, scope, input.taskId);
  if (!row) throw notFound("Task not found");
  const task = presentTask(row);
  // The hours-per-day fields are already shown as the estimate.
  const additional = detailCustomFields(
    task.customFields.filter((f) => findCustomField([f], HOURS_PER_DAY_FRAGMENTS) === undefined),
  );
  const currencyFields = await selectCurrencyFields(ctx.db, ctx.organizationId, task.id);
  const money = new Map(currencyFields.map((f) => [f.id, currencyFieldMoney(f.amount, f.currency)]));
  return {
    task,
    additionalFields: additional.map((f) => ({
      id: f.id,
      name: f.name,
      text: f.text,
      money: money.get(f.id) ?? null,
    })),
  };
}
