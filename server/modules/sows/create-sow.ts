import { transaction } from "../../db/executor";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import { nextDocumentNumber } from "../purchase-orders/repo";
import { workspaceToday } from "../purchase-orders/po-writes";
import { folderExists } from "../rate-cards/repo";
import type { CreateSow, SowDetail } from "./contract";
import { readSow } from "./get-sow";
import { insertEntries, insertSow, insertVersion } from "./repo";
import {
  activeClient,
  deliverablesSnapshot,
  projectBudget,
  scheduleRows,
  SOW_KIND,
  workspaceSettings,
} from "./sow-writes";
import { sowAudit } from "./views";

/**
 * A new SOW as a draft, version 1: for the project (404) and client (404; 400 when archived),
 * with a budget of the project when given (404; 400 when of another project or currency), in the
 * budget's currency (else the one given, else the workspace's), with the project's deliverable
 * tasks (ClickUp type 2) snapshotted and the schedule resolved against the fee (400 naming the
 * field). Its number is the workspace's next (gapless, taken last in this transaction: a refused
 * create takes none). One finance audit row.
 */
export async function createSow(ctx: RequestContext, input: CreateSow): Promise<SowDetail> {
  return transaction(ctx.deps.database, async (tx) => {
    if (!(await folderExists(tx, ctx.organizationId, input.projectId))) throw notFound("Project not found");
    const client = await activeClient(tx, ctx, input.clientId);
    const settings = await workspaceSettings(tx, ctx);
    const budget = input.budgetId
      ? await projectBudget(tx, ctx, input.budgetId, input.projectId, input.currency)
      : undefined;
    const currency = budget?.currency ?? input.currency ?? settings.currency;
    const id = newId();
    const feeMinor = input.feeMinor ?? 0;
    const entries = scheduleRows(
      ctx,
      { sowId: id, version: 1, currency },
      feeMinor,
      input.schedule ?? [],
      [],
    );
    const deliverables = await deliverablesSnapshot(tx, ctx, input.projectId);
    const today = await workspaceToday(tx, ctx);
    const now = ctx.deps.now();
    const userId = ctx.userId === "system" ? null : ctx.userId;
    const number = await nextDocumentNumber(tx, ctx.organizationId, SOW_KIND);
    await insertSow(tx, {
      organizationId: ctx.organizationId,
      id,
      number,
      projectId: input.projectId,
      clientId: client.id,
      budgetId: budget?.id ?? null,
      title: input.title,
      status: "draft",
      currentVersion: 1,
      currency,
      feeMinor,
      sowDate: today,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertVersion(tx, {
      organizationId: ctx.organizationId,
      sowId: id,
      version: 1,
      status: "draft",
      scope: input.scope ?? "",
      feeMinor,
      deliverables,
      deliverablesReadAt: now,
      terms: input.terms ?? "",
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertEntries(tx, entries);
    const sow = await readSow(tx, ctx, id);
    await recordChange(ctx, tx, {
      object: "sow",
      id,
      action: "created",
      after: sowAudit(sow),
      category: "finance",
    });
    return sow;
  });
}
