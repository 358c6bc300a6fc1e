import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { selectSender } from "../workspaces/repo";
import {
  clientListQuerySchema,
  clientListResponseSchema,
  clientParamSchema,
  clientSchema,
  createClientSchema,
  createInvoiceSchema,
  invoiceDetailSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoiceParamSchema,
  invoiceProposalSchema,
  proposeInvoiceSchema,
  recordPaymentSchema,
  sendInvoiceSchema,
  updateClientSchema,
  updateInvoiceSchema,
  voidInvoiceSchema,
} from "./contract";
import { createClient } from "./create-client";
import { createInvoice } from "./create-invoice";
import { exportInvoicesCsv, INVOICE_CSV_COLUMNS } from "./export-invoices-csv";
import { invoiceFileName, renderInvoicePdf } from "./export-invoice-pdf";
import { getClient } from "./get-client";
import { getInvoice } from "./get-invoice";
import { listClients } from "./list-clients";
import { listInvoices } from "./list-invoices";
import { proposeInvoice } from "./propose-invoice";
import { recordPayment } from "./record-payment";
import { sendInvoice } from "./send-invoice";
import { updateClient } from "./update-client";
import { updateInvoice } from "./update-invoice";
import { voidInvoice } from "./void-invoice";

const tags = ["Client invoices"];

/**
 * Client invoices (canViewFinancials for every route; members without it get 403; another
 * workspace's invoice, budget or client is 404). Every write is one transaction with its finance
 * audit row.
 */
export function clientInvoiceRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canViewFinancials"))
    .get(
      "/",
      documented({
        summary: "Client invoices: filtered, sorted and paged, with the totals of the filtered set",
        tags,
        response: invoiceListResponseSchema,
      }),
      validate("query", invoiceListQuerySchema),
      async (c) => c.json(await listInvoices(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/export.csv",
      documented({
        summary: "The invoice list as CSV: the list's filters and sort, every row (streamed)",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", invoiceExportQuerySchema),
      async (c) => {
        const date = c.var.deps.now().toISOString().slice(0, 10);
        return csvResponse(c, {
          filename: `invoices-${date}.csv`,
          columns: INVOICE_CSV_COLUMNS,
          batches: exportInvoicesCsv(c.var.ctx, c.req.valid("query")),
        });
      },
    )
    .post(
      "/propose",
      documented({
        summary: "What a deposit, progress or final invoice of a budget would bill now (nothing saved)",
        tags,
        response: invoiceProposalSchema,
      }),
      validate("json", proposeInvoiceSchema),
      async (c) => c.json(await proposeInvoice(c.var.ctx, c.req.valid("json"))),
    )
    .post(
      "/",
      documented({
        summary:
          "Create a draft invoice from a budget; its number is the next INV-nnnn (409 above what is left to bill without the override)",
        tags,
        status: 201,
        response: invoiceDetailSchema,
      }),
      validate("json", createInvoiceSchema),
      async (c) => c.json(await createInvoice(c.var.ctx, c.req.valid("json")), 201),
    )
    .get(
      "/:invoiceId",
      documented({
        summary: "An invoice with its client, lines, payments and allowed actions",
        tags,
        response: invoiceDetailSchema,
      }),
      validate("param", invoiceParamSchema),
      async (c) => c.json(await getInvoice(c.var.ctx, c.req.valid("param").invoiceId)),
    )
    .get(
      "/:invoiceId/export.pdf",
      documented({ summary: "An invoice as the PDF sent to the client", tags, mediaType: "application/pdf" }),
      validate("param", invoiceParamSchema),
      async (c) => {
        const ctx = c.var.ctx;
        const invoice = await getInvoice(ctx, c.req.valid("param").invoiceId);
        const pdf = await renderInvoicePdf(invoice, {
          sender: await selectSender(ctx.db, ctx.organizationId),
          generatedAt: ctx.deps.now(),
        });
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
          "Content-Length": String(pdf.byteLength),
          "Cache-Control": "private, no-store",
        });
      },
    )
    .patch(
      "/:invoiceId",
      documented({
        summary:
          "Change a draft invoice: client, PO number, dates, notes or every line (409 when not a draft or stale)",
        tags,
        response: invoiceDetailSchema,
      }),
      validate("param", invoiceParamSchema),
      validate("json", updateInvoiceSchema),
      async (c) =>
        c.json(await updateInvoice(c.var.ctx, c.req.valid("param").invoiceId, c.req.valid("json"))),
    )
    .post(
      "/:invoiceId/send",
      documented({
        summary: "E-mail a draft invoice's PDF to the client and mark it sent (when and to whom)",
        tags,
        response: invoiceDetailSchema,
      }),
      validate("param", invoiceParamSchema),
      validate("json", sendInvoiceSchema),
      async (c) => c.json(await sendInvoice(c.var.ctx, c.req.valid("param").invoiceId, c.req.valid("json"))),
    )
    .post(
      "/:invoiceId/payments",
      documented({
        summary:
          "Record a payment on a sent invoice (partial allowed; 400 above what is outstanding, 409 on a draft, paid or void invoice)",
        tags,
        response: invoiceDetailSchema,
      }),
      validate("param", invoiceParamSchema),
      validate("json", recordPaymentSchema),
      async (c) =>
        c.json(await recordPayment(c.var.ctx, c.req.valid("param").invoiceId, c.req.valid("json"))),
    )
    .post(
      "/:invoiceId/void",
      documented({
        summary: "Void an invoice with no payment recorded; it keeps its number (409 otherwise)",
        tags,
        response: invoiceDetailSchema,
      }),
      validate("param", invoiceParamSchema),
      validate("json", voidInvoiceSchema),
      async (c) => c.json(await voidInvoice(c.var.ctx, c.req.valid("param").invoiceId, c.req.valid("json"))),
    );
}

const clientTags = ["Clients"];

/** Clients and their billing details (canViewFinancials; another workspace's client is 404), audited. */
export function clientRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canViewFinancials"))
    .get(
      "/",
      documented({
        summary: "Clients: searched, active or archived, sorted and paged",
        tags: clientTags,
        response: clientListResponseSchema,
      }),
      validate("query", clientListQuerySchema),
      async (c) => c.json(await listClients(c.var.ctx, c.req.valid("query"))),
    )
    .post(
      "/",
      documented({
        summary: "Create a client (409 when the name is taken in any case)",
        tags: clientTags,
        status: 201,
        response: clientSchema,
      }),
      validate("json", createClientSchema),
      async (c) => c.json(await createClient(c.var.ctx, c.req.valid("json")), 201),
    )
    .get(
      "/:clientId",
      documented({ summary: "A client", tags: clientTags, response: clientSchema }),
      validate("param", clientParamSchema),
      async (c) => c.json(await getClient(c.var.ctx, c.req.valid("param").clientId)),
    )
    .patch(
      "/:clientId",
      documented({
        summary: "Change or archive a client (409 when the name is taken or the version stale)",
        tags: clientTags,
        response: clientSchema,
      }),
      validate("param", clientParamSchema),
      validate("json", updateClientSchema),
      async (c) => c.json(await updateClient(c.var.ctx, c.req.valid("param").clientId, c.req.valid("json"))),
    );
}
