import { wallClock } from "../../../domain/calendar";
import type { CsvColumn } from "../../lib/csv";
import type { RequestContext } from "../../request-context";
import {
  FINANCE_AUDIT_OBJECT_LABELS,
  type FinanceAuditEvent,
  type FinanceAuditExportQuery,
  type FinanceAuditObject,
  type FinanceAuditQuery,
  type FinanceAuditResponse,
} from "./contract";
import {
  financeAuditBatches,
  financeAuditPage,
  workspacePeople,
  workspaceZoneAndCurrency,
  type FinanceAuditSqlRow,
} from "./repo";

/*
 * The finance audit trail (PRODUCT.md → Finance audit, /finance/audit): the workspace's finance
 * rows of audit_events, newest first, filtered and paged in SQL; the CSV download streams the
 * same query. Before/after are the values the change recorded, as recorded (money in minor
 * units, percentages in basis points): the screen renders them, the CSV carries them as JSON.
 */

const SYSTEM_NAME = "Agency Hub";

interface NameParts {
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  email: string | null;
}

/** First + last name, else the profile's name, else the e-mail; "Agency Hub" for jobs; the id when gone. */
function personName(id: string, p: NameParts): string {
  if (id === "system") return SYSTEM_NAME;
  const full = [p.first_name?.trim(), p.last_name?.trim()].filter(Boolean).join(" ");
  return full || p.name?.trim() || p.email?.trim() || id;
}

function presentEvent(row: FinanceAuditSqlRow, workspaceCurrency: string): FinanceAuditEvent {
  return {
    id: row.id,
    occurredAt: (row.occurred_at instanceof Date ? row.occurred_at : new Date(row.occurred_at)).toISOString(),
    actor: {
      id: row.actor_user_id,
      name: personName(row.actor_user_id, {
        first_name: row.actor_first_name,
        last_name: row.actor_last_name,
        name: row.actor_name,
        email: row.actor_email,
      }),
      email: row.actor_email,
    },
    impersonator:
      row.impersonator_user_id === null
        ? null
        : {
            id: row.impersonator_user_id,
            name: personName(row.impersonator_user_id, {
              first_name: row.imp_first_name,
              last_name: row.imp_last_name,
              name: row.imp_name,
              email: row.imp_email,
            }),
            email: row.imp_email,
          },
    object: row.object_type,
    objectId: row.object_id,
    label: row.label || null,
    budgetId: row.budget_id,
    projectName: row.project_name,
    cardNames: { before: row.before_card_name, after: row.after_card_name },
    currency: row.currency ?? workspaceCurrency,
    action: row.action,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

const filterOf = (ctx: RequestContext, timeZone: string, query: FinanceAuditExportQuery) => ({
  organizationId: ctx.organizationId,
  timeZone,
  object: query.object,
  personId: query.personId,
  from: query.from,
  to: query.to,
});

/** One page of the trail, with the workspace's zone and currency and the person filter's choices. */
export async function listFinanceEvents(
  ctx: RequestContext,
  query: FinanceAuditQuery,
): Promise<FinanceAuditResponse> {
  const { timeZone, currency } = await workspaceZoneAndCurrency(ctx.db, ctx.organizationId);
  const [page, people] = await Promise.all([
    financeAuditPage(ctx.db, filterOf(ctx, timeZone, query), { page: query.page, pageSize: query.pageSize }),
    workspacePeople(ctx.db, ctx.organizationId),
  ]);
  return {
    items: page.items.map((row) => presentEvent(row, currency)),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    timeZone,
    currency,
    people: people
      .map((p) => ({ id: p.id, name: personName(p.id, p), email: p.email }))
      .sort(
        (a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }) || a.id.localeCompare(b.id),
      ),
  };
}

/** An instant as the workspace's wall-clock time, "2025-03-10 14:05:09" (the CSV's When column). */
export function zonedTimestamp(iso: string, timeZone: string): string {
  const w = wallClock(new Date(iso).getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(w.year).padStart(4, "0")}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The CSV columns; When is in the workspace zone (named in the header). */
export function financeAuditCsvColumns(timeZone: string): CsvColumn<FinanceAuditEvent>[] {
  return [
    { header: `When (${timeZone})`, value: (e) => zonedTimestamp(e.occurredAt, timeZone) },
    { header: "Who", value: (e) => e.actor.name },
    { header: "Who E-mail", value: (e) => e.actor.email },
    { header: "Impersonated By", value: (e) => e.impersonator?.name ?? null },
    {
      header: "Object",
      value: (e) => FINANCE_AUDIT_OBJECT_LABELS[e.object as FinanceAuditObject] ?? e.object,
    },
    { header: "Object ID", value: (e) => e.objectId },
    { header: "Name", value: (e) => e.label },
    { header: "Project", value: (e) => e.projectName },
    { header: "Action", value: (e) => e.action },
    { header: "Currency", value: (e) => e.currency },
    { header: "Before", value: (e) => json(e.before) },
    { header: "After", value: (e) => json(e.after) },
    { header: "Event ID", value: (e) => e.id },
  ];
}

/** The whole filtered trail for the CSV, read in batches as the download asks for them. */
export async function exportFinanceEvents(
  ctx: RequestContext,
  query: FinanceAuditExportQuery,
  options: { batchSize?: number } = {},
): Promise<{ timeZone: string; batches: AsyncGenerator<FinanceAuditEvent[], void, undefined> }> {
  const { timeZone, currency } = await workspaceZoneAndCurrency(ctx.db, ctx.organizationId);
  async function* batches() {
    for await (const batch of financeAuditBatches(
      ctx.db,
      filterOf(ctx, timeZone, query),
      options.batchSize,
    )) {
      yield batch.map((row) => presentEvent(row, currency));
    }
  }
  return { timeZone, batches: batches() };
}
