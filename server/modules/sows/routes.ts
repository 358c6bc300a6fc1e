import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { csvResponse } from "../../lib/csv";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { selectSender } from "../workspaces/repo";
import {
  createSowSchema,
  newSowVersionSchema,
  proposedSowInvoiceSchema,
  proposeSowInvoiceSchema,
  refreshDeliverablesSchema,
  sendSowSchema,
  signSowSchema,
  sowDetailSchema,
  sowEntryParamSchema,
  sowExportQuerySchema,
  sowListQuerySchema,
  sowListResponseSchema,
  sowParamSchema,
  sowVersionQuerySchema,
  updateSowSchema,
} from "./contract";
import { createSow } from "./create-sow";
import { renderSowPdf, sowFileName } from "./export-sow-pdf";
import { exportSowsCsv, SOW_CSV_COLUMNS } from "./export-sows-csv";
import { getSow } from "./get-sow";
import { listSows } from "./list-sows";
import { newSowVersion } from "./new-sow-version";
import { proposeSowInvoice } from "./propose-sow-invoice";
import { refreshDeliverables } from "./refresh-deliverables";
import { sendSow } from "./send-sow";
import { signSow } from "./sign-sow";
import { updateSow } from "./update-sow";

const tags = ["Statements of work"];

/**
 * Statements of work (canViewFinancials for every route; members without it get 403; another
 * workspace's SOW, project, client or budget is 404). Every write is one transaction with its
 * finance audit row.
 */
export function sowRoutes() {
  return new Hono<AppEnv>()
    .use(requireTenant("canViewFinancials"))
    .get(
      "/",
      documented({
        summary: "Statements of work: filtered, sorted and paged, with the fee totals of the filtered set",
        tags,
        response: sowListResponseSchema,
      }),
      validate("query", sowListQuerySchema),
      async (c) => c.json(await listSows(c.var.ctx, c.req.valid("query"))),
    )
    .get(
      "/export.csv",
      documented({
        summary: "The SOW list as CSV: the list's filters and sort, every row (streamed)",
        tags,
        mediaType: "text/csv",
      }),
      validate("query", sowExportQuerySchema),
      async (c) => {
        const date = c.var.deps.now().toISOString().slice(0, 10);
        return csvResponse(c, {
          filename: `sows-${date}.csv`,
          columns: SOW_CSV_COLUMNS,
          batches: exportSowsCsv(c.var.ctx, c.req.valid("query")),
        });
      },
    )
    .post(
      "/",
      documented({
        summary:
          "Create a draft SOW (version 1) for a project and client, with the project's deliverable tasks; its number is the next SOW-nnnn",
        tags,
        status: 201,
        response: sowDetailSchema,
      }),
      validate("json", createSowSchema),
      async (c) => c.json(await createSow(c.var.ctx, c.req.valid("json")), 201),
    )
    .get(
      "/:sowId",
      documented({
        summary: "A SOW with its versions and the content of the current version (or ?version=n)",
        tags,
        response: sowDetailSchema,
      }),
      validate("param", sowParamSchema),
      validate("query", sowVersionQuerySchema),
      async (c) => c.json(await getSow(c.var.ctx, c.req.valid("param").sowId, c.req.valid("query").version)),
    )
    .get(
      "/:sowId/pdf",
      documented({
        summary: "A SOW version (default the current one) as the PDF sent to the client",
        tags,
        mediaType: "application/pdf",
      }),
      validate("param", sowParamSchema),
      validate("query", sowVersionQuerySchema),
      async (c) => {
        const ctx = c.var.ctx;
        const sow = await getSow(ctx, c.req.valid("param").sowId, c.req.valid("query").version);
        const pdf = await renderSowPdf(sow, {
          sender: await selectSender(ctx.db, ctx.organizationId),
          generatedAt: ctx.deps.now(),
        });
        return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${sowFileName(sow)}"`,
          "Content-Length": String(pdf.byteLength),
          "Cache-Control": "private, no-store",
        });
      },
    )
    .patch(
      "/:sowId",
      documented({
        summary:
          "Change the draft version: title, budget, scope, terms, fee, payment schedule, included deliverables (409 when not a draft or stale)",
        tags,
        response: sowDetailSchema,
      }),
      validate("param", sowParamSchema),
      validate("json", updateSowSchema),
      async (c) => c.json(await updateSow(c.var.ctx, c.req.valid("param").sowId, c.req.valid("json"))),
    )
    .post(
      "/:sowId/deliverables/refresh",
      documented({
        summary: "Re-read the project's deliverable tasks into the draft version (409 when not a draft)",
        tags,
        response: sowDetailSchema,
      }),
      validate("param", sowParamSchema),
      validate("json", refreshDeliverablesSchema),
      async (c) =>
        c.json(await refreshDeliverables(c.var.ctx, c.req.valid("param").sowId, c.req.valid("json"))),
    )
    .post(
      "/:sowId/send",
      documented({
        summary: "E-mail the draft version's PDF to the client and mark it sent (when and to whom)",
        tags,
        response: sowDetailSchema,
      }),
      validate("param", sowParamSchema),
      validate("json", sendSowSchema),
      async (c) => c.json(await sendSow(c.var.ctx, c.req.valid("param").sowId, c.req.valid("json"))),
    )
    .post(
      "/:sowId/sign",
      documented({
        summary: "Mark the sent version signed (signer's name and day; 409 when not sent)",
        tags,
        response: sowDetailSchema,
      }),
      validate("param", sowParamSchema),
      validate("json", signSowSchema),
      async (c) => c.json(await signSow(c.var.ctx, c.req.valid("param").sowId, c.req.valid("json"))),
    )
    .post(
      "/:sowId/versions",
      documented({
        summary:
          "Make a new draft version n+1 of a sent or signed SOW (a sent version is superseded, a signed one kept; 409 on a draft)",
        tags,
        status: 201,
        response: sowDetailSchema,
      }),
      validate("param", sowParamSchema),
      validate("json", newSowVersionSchema),
      async (c) =>
        c.json(await newSowVersion(c.var.ctx, c.req.valid("param").sowId, c.req.valid("json")), 201),
    )
    .post(
      "/:sowId/schedule/:entryId/invoice",
      documented({
        summary:
          "Propose a draft client invoice for a payment of the signed SOW's schedule (409 without a budget, unsigned or already invoiced)",
        tags,
        status: 201,
        response: proposedSowInvoiceSchema,
      }),
      validate("param", sowEntryParamSchema),
      validate("json", proposeSowInvoiceSchema),
      async (c) => {
        const { sowId, entryId } = c.req.valid("param");
        return c.json(await proposeSowInvoice(c.var.ctx, sowId, entryId, c.req.valid("json")), 201);
      },
    );
}
