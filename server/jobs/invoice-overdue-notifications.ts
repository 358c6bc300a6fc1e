import type { AppDeps } from "../context";
import { transaction } from "../db/executor";
import { listBatches } from "../lib/list-query";
import type { InvoiceExportQuery } from "../modules/client-invoices/contract";
import { invoiceExportQuery, type InvoiceListRow } from "../modules/client-invoices/repo";
import { listItemView } from "../modules/client-invoices/views";
import { workspaceToday } from "../modules/purchase-orders/po-writes";
import { notifyInvoiceOverdue } from "../modules/slack/notify";
import { workspacesNotifying } from "../modules/slack/repo";
import { systemContext } from "../request-context";

/*
 * Slack "Invoice overdue" (PRODUCT.md → Slack): once a day, for every workspace whose Slack is
 * active with the kind switched on, the invoices overdue today in the workspace's time zone —
 * the invoice list's own overdue filter (the SQL twin of domain isInvoiceOverdue) read through
 * the list's view, which applies the domain rule — each queue one notification, keyed by the
 * invoice and its due date: posted once, and again only when a new due date passes too.
 * The day comes from deps.now() (the app clock), so tests choose it.
 */

export const INVOICE_OVERDUE_JOB = "slack-invoice-overdue";

const OVERDUE: InvoiceExportQuery = { overdue: true, sort: "dueDate", dir: "asc" };

/** One pass over every notifying workspace: how many new notifications were queued. */
export async function runInvoiceOverdueNotifications(deps: AppDeps): Promise<number> {
  let queued = 0;
  for (const organizationId of await workspacesNotifying(deps.database.db, "invoice_overdue")) {
    const ctx = systemContext(deps, organizationId);
    try {
      const today = await workspaceToday(ctx.db, ctx);
      const batches = listBatches<InvoiceListRow, InvoiceExportQuery["sort"]>(
        ctx.db,
        invoiceExportQuery(organizationId, OVERDUE, today),
        500,
      );
      for await (const batch of batches) {
        const overdue = batch.map((row) => listItemView(row, today)).filter((i) => i.overdue);
        queued += await transaction(deps.database, async (tx) => {
          let fresh = 0;
          for (const invoice of overdue) if (await notifyInvoiceOverdue(tx, ctx, invoice)) fresh += 1;
          return fresh;
        });
      }
    } catch (err) {
      // One workspace's trouble does not hold back the others; the next day's pass catches up.
      deps.logger.error({ err, organizationId }, "invoice-overdue notifications failed");
    }
  }
  if (queued) deps.logger.info({ queued }, "invoice-overdue notifications queued");
  return queued;
}

/** Daily at 08:00 UTC (server/jobs/index.ts registers the job). */
export const INVOICE_OVERDUE_CRON = "0 8 * * *";
