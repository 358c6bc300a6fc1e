import { sql } from "drizzle-orm";
import { rows } from "../db/executor";
import type { RequestContext } from "../request-context";
import { readBudget } from "../modules/budgets/get-budget";
import { clientNamed } from "../modules/client-invoices/clients-repo";
import { createClient } from "../modules/client-invoices/create-client";
import { createSow } from "../modules/sows/create-sow";
import { sendSow } from "../modules/sows/send-sow";
import { signSow } from "../modules/sows/sign-sow";

/*
 * The demo agency's statements of work (issue 15 point 5), on the approved demo budgets of
 * seed-budgets.ts, through the use cases as the demo owner (so the finance audit names her):
 * on "Anthem :60 & :30 — AICP" the production SOW for the approved estimate, 75 % on signature
 * and 25 % on delivery, sent and signed; on the change order job the SOW of the :30 and :15s,
 * sent and waiting for the signature; and a draft for a social cutdown phase with no budget yet.
 * Deliverables are the projects' synced deliverable tasks. Seeded once: skipped when the
 * workspace has any SOW, or when the demo budgets are not there yet.
 */

const ANTHEM = "Anthem :60 & :30 — AICP";
const AWARENESS = "Awareness :30 + :15s — AICP";

async function budgetIdNamed(ctx: RequestContext, name: string): Promise<string | undefined> {
  const found = await rows<{ id: string }>(
    ctx.db,
    sql`select id from budgets where organization_id = ${ctx.organizationId} and name = ${name}`,
  );
  return found[0]?.id;
}

/** The workspace's client of that name (any case), made when it is not there yet. */
async function clientFor(ctx: RequestContext, name: string): Promise<string> {
  const existing = await clientNamed(ctx.db, ctx.organizationId, name);
  if (existing) return existing.id;
  const created = await createClient(ctx, {
    name,
    contactName: "Brand legal",
    email: "contracts@client.demo",
    paymentTermsDays: 30,
  });
  return created.id;
}

export interface SeedSowsResult {
  seeded: boolean;
  reason?: string;
}

export async function seedSows(ctx: RequestContext): Promise<SeedSowsResult> {
  const sowCount = await rows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from sows where organization_id = ${ctx.organizationId}`,
  );
  if ((sowCount[0]?.n ?? 0) > 0) return { seeded: false, reason: "SOWs exist" };
  const anthemId = await budgetIdNamed(ctx, ANTHEM);
  if (!anthemId) return { seeded: false, reason: "the approved demo budget is not there yet" };
  const anthem = await readBudget(ctx.db, ctx, anthemId);
  const clientName = anthem.clientName ?? anthem.projectName?.split(" - ")[0] ?? "Demo client";
  const clientId = await clientFor(ctx, clientName);

  // Signed: the production of the anthem spots for the approved estimate.
  const fee = anthem.figures.estimateMinor;
  const production = await createSow(ctx, {
    projectId: anthem.projectId,
    clientId,
    budgetId: anthemId,
    title: "Anthem :60 & :30 — production and post",
    feeMinor: fee,
    scope:
      "Pre-production, a two-day stage shoot and post-production of one :60 and one :30 anthem spot, " +
      "as in the approved AICP estimate.\nTwo rounds of offline revisions and one round of online revisions are included.",
    terms:
      "Payments are due 30 days from the invoice date. Overages beyond the approved estimate are billed only " +
      "with the client's written approval. Usage: broadcast and online, North America, 12 months.",
    schedule: [
      { label: "Deposit on signature", milestone: "On signature", percentBp: 7500 },
      { label: "Balance on delivery", milestone: "Delivery of the final masters", percentBp: 2500 },
    ],
  });
  await sendSow(ctx, production.id, { message: "The SOW for the anthem spots, as agreed on our call." });
  await signSow(ctx, production.id, { signedByName: "Jordan Lee, VP Marketing" });

  // Sent: the change order job, waiting for the client's signature.
  const awarenessId = await budgetIdNamed(ctx, AWARENESS);
  if (awarenessId) {
    const awareness = await readBudget(ctx.db, ctx, awarenessId);
    const awarenessFee = awareness.figures.estimateMinor;
    const deposit = Math.floor(awarenessFee / 2);
    const awarenessSow = await createSow(ctx, {
      projectId: awareness.projectId,
      clientId: awareness.clientName ? await clientFor(ctx, awareness.clientName) : clientId,
      budgetId: awarenessId,
      title: "Awareness :30 + :15s",
      feeMinor: awarenessFee,
      scope: "One :30 and three :15 cutdowns from the awareness shoot, with sound design, mix and grade.",
      terms: "Payments are due 30 days from the invoice date.",
      schedule: [
        { label: "Deposit", milestone: "On signature", amountMinor: deposit },
        { label: "Balance", milestone: "Approval of the final cut", amountMinor: awarenessFee - deposit },
      ],
    });
    await sendSow(ctx, awarenessSow.id, {});
  }

  // Draft: a second phase still being scoped, no budget yet.
  await createSow(ctx, {
    projectId: anthem.projectId,
    clientId,
    title: "Anthem — social cutdowns (phase 2)",
    feeMinor: 1_850_000,
    scope: "Six 6-second and four 15-second social cutdowns in 9:16 and 1:1 from the anthem footage.",
    schedule: [
      { label: "On signature", percentBp: 5000 },
      { label: "On delivery", percentBp: 5000 },
    ],
  });
  return { seeded: true };
}
