import { sql } from "drizzle-orm";
import { rows } from "../db/executor";
import type { RequestContext } from "../request-context";
import { readBudget } from "../modules/budgets/get-budget";
import { createClient } from "../modules/client-invoices/create-client";
import { createInvoice } from "../modules/client-invoices/create-invoice";
import { sendInvoice } from "../modules/client-invoices/send-invoice";
import { approvePurchaseOrder } from "../modules/purchase-orders/approve-purchase-order";
import { createPurchaseOrder } from "../modules/purchase-orders/create-purchase-order";
import { sendPurchaseOrder } from "../modules/purchase-orders/send-purchase-order";
import { transitionPurchaseOrder } from "../modules/purchase-orders/transition-purchase-order";
import { approveVendorBill } from "../modules/vendor-bills/approve-vendor-bill";
import { createVendorBill } from "../modules/vendor-bills/create-vendor-bill";
import { createVendor } from "../modules/vendors/create-vendor";

/*
 * The demo agency's money owed and billed (issue 15), on the approved demo budgets of
 * seed-budgets.ts, through the use cases as the demo owner (so the finance audit names her):
 * three vendors; on "Anthem :60 & :30 — AICP" the camera package ordered from Panavision, sent,
 * and its first bill approved and two days overdue, the stage ordered and approved but not sent, and the
 * client's 75 % deposit invoiced six weeks ago and now overdue; on the change order job a lighting
 * PO waiting for approval. Dates are the app's today minus a few weeks, so the overview always
 * has a bill due this week and an overdue invoice. Seeded once: skipped when the workspace has
 * any vendor.
 */

export const DEMO_VENDORS = [
  {
    name: "Panavision Hollywood",
    contactName: "Dana Ruiz",
    email: "rentals@panavision.demo",
    paymentTermsDays: 30,
  },
  {
    name: "Sunset Stages",
    contactName: "Marco Bell",
    email: "bookings@sunsetstages.demo",
    paymentTermsDays: 15,
  },
  { name: "Company 3 Post", contactName: "Priya Shah", email: "billing@company3.demo", paymentTermsDays: 45 },
] as const;

const ANTHEM = "Anthem :60 & :30 — AICP";
const AWARENESS = "Awareness :30 + :15s — AICP";

const dayBefore = (now: Date, days: number) =>
  new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

async function budgetIdNamed(ctx: RequestContext, name: string): Promise<string | undefined> {
  const found = await rows<{ id: string }>(
    ctx.db,
    sql`select id from budgets where organization_id = ${ctx.organizationId} and name = ${name}`,
  );
  return found[0]?.id;
}

export interface SeedFinanceDocumentsResult {
  seeded: boolean;
  reason?: string;
}

export async function seedFinanceDocuments(ctx: RequestContext): Promise<SeedFinanceDocumentsResult> {
  const vendorCount = await rows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from vendors where organization_id = ${ctx.organizationId}`,
  );
  if ((vendorCount[0]?.n ?? 0) > 0) return { seeded: false, reason: "vendors exist" };
  const anthemId = await budgetIdNamed(ctx, ANTHEM);
  if (!anthemId) return { seeded: false, reason: "the approved demo budget is not there yet" };
  const anthem = await readBudget(ctx.db, ctx, anthemId);
  const line = (section: string, number: string) => {
    const found = anthem.lines.find((l) => l.section === section && l.number === number);
    if (!found) throw new Error(`demo budget line ${section}${number} missing`);
    return found;
  };
  const vendors = [];
  for (const v of DEMO_VENDORS) vendors.push(await createVendor(ctx, { ...v }));
  const now = ctx.deps.now();

  // Camera package: ordered five weeks ago, approved and sent; 60 % billed, due two days ago.
  const camera = line("I", "1");
  const lighting = line("I", "2");
  const cameraPo = await createPurchaseOrder(ctx, {
    vendorId: vendors[0]!.id,
    budgetId: anthemId,
    orderDate: dayBefore(now, 35),
    description: "Camera and lighting packages for the two-day shoot",
    lines: [
      { budgetLineKey: camera.key, amountMinor: camera.estimateMinor },
      { budgetLineKey: lighting.key, amountMinor: lighting.estimateMinor },
    ],
  });
  await transitionPurchaseOrder(ctx, cameraPo.id, { action: "submit" });
  await approvePurchaseOrder(ctx, cameraPo.id, {});
  await sendPurchaseOrder(ctx, cameraPo.id, {
    message: "Please confirm delivery to stage on the first shoot day.",
  });
  const bill = await createVendorBill(ctx, {
    vendorId: vendors[0]!.id,
    purchaseOrderId: cameraPo.id,
    invoiceNumber: "PV-88412",
    billDate: dayBefore(now, 32),
    lines: [
      {
        purchaseOrderLineId: cameraPo.lines[0]!.id,
        amountMinor: Math.floor((camera.estimateMinor * 6) / 10),
      },
    ],
  });
  await approveVendorBill(ctx, bill.id, {});

  // The stage: approved, not sent yet (committed all the same).
  const location = line("D", "1");
  const stagePo = await createPurchaseOrder(ctx, {
    vendorId: vendors[1]!.id,
    budgetId: anthemId,
    orderDate: dayBefore(now, 6),
    description: "Stage 4 — prep, two shoot days and wrap",
    lines: [{ budgetLineKey: location.key, amountMinor: location.estimateMinor }],
  });
  await transitionPurchaseOrder(ctx, stagePo.id, { action: "submit" });
  await approvePurchaseOrder(ctx, stagePo.id, {});

  // The client's deposit: 75 % of the approved estimate, sent six weeks ago, due two weeks ago.
  const client = await createClient(ctx, {
    name: anthem.clientName ?? anthem.projectName?.split(" - ")[0] ?? "Demo client",
    contactName: "Accounts payable",
    email: "accounts.payable@client.demo",
    paymentTermsDays: 30,
  });
  const deposit = await createInvoice(ctx, {
    budgetId: anthemId,
    clientId: client.id,
    kind: "deposit",
    clientPoNumber: "MKT-2291",
    issueDate: dayBefore(now, 44),
    dueDate: dayBefore(now, 14),
  });
  await sendInvoice(ctx, deposit.id, {});

  // The change order job: post sound ordered, waiting for approval.
  const awarenessId = await budgetIdNamed(ctx, AWARENESS);
  if (awarenessId) {
    const awareness = await readBudget(ctx.db, ctx, awarenessId);
    const mix = awareness.lines.find((l) => l.section === "O" && l.number === "5");
    if (mix) {
      const mixPo = await createPurchaseOrder(ctx, {
        vendorId: vendors[2]!.id,
        budgetId: awarenessId,
        orderDate: dayBefore(now, 2),
        description: "Sound design and final mix, :30 and :15s",
        lines: [{ budgetLineKey: mix.key, amountMinor: mix.estimateMinor }],
      });
      await transitionPurchaseOrder(ctx, mixPo.id, { action: "submit" });
    }
  }
  return { seeded: true };
}
