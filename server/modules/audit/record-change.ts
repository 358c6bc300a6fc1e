import { storableJson, storableText } from "@domain/storable-text";
import type { Executor } from "../../db/executor";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { insertAuditEvent } from "./repo";

export interface Change {
  /** The kind of object: member, invitation, workspace, timesheet_week, impersonation, rate_card… */
  object: string;
  id: string;
  /** created, updated, deleted, submitted, approved, started, stopped… */
  action: string;
  before?: unknown;
  after?: unknown;
  /** "finance" puts the row on the finance audit trail (rate cards, budgets, POs…). */
  category?: "finance";
}

/**
 * Append one row to the business change trail (audit_events) in the caller's transaction, so
 * the change and its record commit or roll back together. The actor is the person the change
 * was made as; while an admin views the app as a member, the admin is the impersonator.
 */
export async function recordChange(ctx: RequestContext, tx: Executor, change: Change): Promise<void> {
  await insertAuditEvent(tx, {
    organizationId: ctx.organizationId,
    id: newId(),
    occurredAt: ctx.deps.now(),
    actorUserId: ctx.impersonating?.id ?? ctx.userId,
    impersonatorUserId: ctx.impersonating ? ctx.userId : null,
    objectType: storableText(change.object),
    objectId: storableText(change.id),
    action: storableText(change.action),
    category: change.category ?? null,
    before: change.before === undefined ? null : storableJson(change.before),
    after: change.after === undefined ? null : storableJson(change.after),
    requestId: ctx.requestId,
    ipAddress: ctx.ip ? storableText(ctx.ip).slice(0, 100) : null,
    userAgent: ctx.userAgent ? storableText(ctx.userAgent).slice(0, 500) : null,
  });
}
