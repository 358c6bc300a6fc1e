import { sql } from "drizzle-orm";
import type { AicpSectionLetter, BidType, BudgetRates } from "@domain/aicp";
import type { DemoAgency, DemoProject, SpaceKind } from "../../simulator/clickup/demo/model";
import { rows } from "../db/executor";
import type { RequestContext } from "../request-context";
import type { BudgetDetail, BudgetLineView } from "../modules/budgets/contract";
import { createBudgetLine, deleteBudgetLine, updateBudgetLine } from "../modules/budgets/change-budget-line";
import { createBudget } from "../modules/budgets/create-budget";
import { readBudget } from "../modules/budgets/get-budget";
import { transitionBudget } from "../modules/budgets/transition-budget";
import { updateBudget } from "../modules/budgets/update-budget";
import { folderExists } from "../modules/rate-cards/repo";
import { getSyncState } from "../modules/sync/sync-state-repo";

/*
 * Issue 14 item 8: the demo agency's budgets on the AICP form, so /finance/budgets, a budget's
 * top sheet and /finance/audit show real numbers on first start. Four commercial productions in
 * the states a producer meets — a bid still in draft, an approved job with actuals coming in, an
 * approved job with a submitted change order (revision 1: an extra edit week, a cutdown, a pricier
 * location, a line dropped, a lower contingency), and a closed job — each with the lines of a
 * location shoot per lettered section at market rates (USD), P&W 28 %, insurance 2.5 %, fee 15 %,
 * contingency 10 %. Everything goes through the budgets use cases as the given person, so every
 * step has its finance audit row. Budgets live on ClickUp folders, which the first sync brings:
 * the seed waits for the demo projects' folders. Idempotent: a plan whose budget name exists in
 * the workspace is left alone, and a project that has a budget gets no second one.
 */

/** One line: section, number, description, quantity (hundredths), rate, OT hours (hundredths), OT rate. */
type LineSpec = readonly [AicpSectionLetter, string, string, number, number, number?, number?];

/** Quantities per shoot day are multiplied by the plan's shoot days. */
const PER_SHOOT_DAY = new Set(["B", "D1", "D3", "D4", "I1", "I2", "I3", "M1", "M2"]);

const $ = (dollars: number) => Math.round(dollars * 100);

/** A two-day location shoot of a :30 spot and its finishing, per shoot day where it applies. */
export const DEMO_BUDGET_LINES: readonly LineSpec[] = [
  ["A", "1", "Producer — prep & wrap", 600, $(900)],
  ["A", "2", "Production manager", 500, $(650)],
  ["A", "3", "Production coordinator", 500, $(450)],
  ["A", "4", "Location scout", 300, $(600)],
  ["A", "5", "Production assistant — prep", 400, $(275)],
  ["B", "1", "1st assistant director", 100, $(1100), 200, $(165)],
  ["B", "2", "Director of photography", 100, $(2750), 200, $(412.5)],
  ["B", "3", "1st camera assistant", 100, $(675), 200, $(101.25)],
  ["B", "4", "DIT / data wrangler", 100, $(750)],
  ["B", "5", "Gaffer", 100, $(725), 200, $(108.75)],
  ["B", "6", "Key grip", 100, $(700), 200, $(105)],
  ["B", "7", "Sound mixer", 100, $(800)],
  ["B", "8", "Hair & make-up artist", 100, $(650)],
  ["B", "9", "Wardrobe stylist", 100, $(700)],
  ["B", "10", "Production assistants (3)", 300, $(275)],
  ["C", "1", "Casting — director's session & callbacks", 100, $(4500)],
  ["C", "2", "Production office & supplies", 100, $(950)],
  ["C", "3", "Scout & tech-scout mileage", 100, $(380)],
  ["D", "1", "Location fee (per shoot day)", 100, $(4800)],
  ["D", "2", "Film permits & police", 100, $(1650)],
  ["D", "3", "Catering — crew & talent (45 heads)", 4500, $(42)],
  ["D", "4", "Production vans & fuel (2)", 200, $(325)],
  ["E", "1", "Props purchase & rental", 100, $(3200)],
  ["E", "2", "Wardrobe purchase & rental", 100, $(2800)],
  ["I", "1", "Camera package — ARRI Alexa 35 & Signature Primes", 100, $(3400)],
  ["I", "2", "Lighting & grip package", 100, $(4250)],
  ["I", "3", "Sound package", 100, $(450)],
  ["I", "4", "Walkie-talkies & expendables", 100, $(650)],
  ["J", "1", "Shuttle drives & LTO backup", 100, $(1150)],
  ["K", "1", "Petty cash & couriers", 100, $(600)],
  ["K", "2", "Prep parking & meals", 100, $(450)],
  ["L", "1", "Director — prep, shoot & post fee", 100, $(30000)],
  ["M", "1", "Principal on-camera talent (2)", 200, $(1100)],
  ["M", "2", "Background extras (8)", 800, $(275)],
  ["N", "1", "Talent fittings, travel & per diem", 100, $(650)],
  ["O", "1", "Editor — offline", 800, $(1250)],
  ["O", "2", "Edit suite", 800, $(450)],
  ["O", "3", "Colour grade", 150, $(4200)],
  ["O", "4", "Online conform & deliverables", 100, $(3100)],
  ["O", "5", "Sound design & final mix", 100, $(3600)],
  ["O", "6", "Music licence — library track", 100, $(6500)],
];

/** AICP rates of a US commercial: P&W 28 %, insurance 2.5 %, production fee 15 %, contingency 10 %. */
export const DEMO_BUDGET_RATES: BudgetRates = {
  pwBp: 2800,
  insuranceBp: 250,
  feeBp: 1500,
  contingencyBp: 1000,
  weatherDay: $(18500),
};

export type DemoBudgetState = "draft" | "approved" | "change_order" | "closed";

export interface DemoBudgetPlan {
  name: string;
  state: DemoBudgetState;
  /** The project phases to take it from, in order of preference. */
  kinds: readonly SpaceKind[];
  bidType: BidType;
  shootDays: number;
  /**
   * Sections whose lines have their actual entered (the job's spend so far). Never A: the
   * agency's own prep and wrap time reaches section A as labour actuals from synced time entries.
   */
  actualSections: readonly AicpSectionLetter[];
}

export const DEMO_BUDGET_PLANS: readonly DemoBudgetPlan[] = [
  {
    name: "Hero :30 — AICP bid",
    state: "draft",
    kinds: ["bids"],
    bidType: "firm",
    shootDays: 2,
    actualSections: [],
  },
  {
    name: "Anthem :60 & :30 — AICP",
    state: "approved",
    kinds: ["production", "creative"],
    bidType: "firm",
    shootDays: 2,
    actualSections: ["C", "D", "E", "I"],
  },
  {
    name: "Awareness :30 + :15s — AICP",
    state: "change_order",
    kinds: ["post", "production", "creative"],
    bidType: "firm",
    shootDays: 2,
    actualSections: ["B", "C", "D", "E", "I", "J", "K", "L", "M", "N"],
  },
  {
    name: "Brand :30 — AICP",
    state: "closed",
    kinds: ["completed"],
    bidType: "cost_plus",
    shootDays: 1,
    actualSections: ["B", "C", "D", "E", "I", "J", "K", "L", "M", "N", "O"],
  },
];

/** Spend against estimate per line, in percent (cycled), rounded down to whole dollars. */
const ACTUAL_PERCENT = [96, 104, 100, 112, 93, 100, 108, 98, 121, 100, 95];

function actualOf(estimateMinor: number, index: number): number {
  const pct = ACTUAL_PERCENT[index % ACTUAL_PERCENT.length]!;
  const raw = Math.floor((estimateMinor * pct) / 100);
  return raw - (raw % 100);
}

/** The plan → project choice: the first unused project of a preferred phase, else any unused one. */
export function chooseProjects(
  projects: readonly DemoProject[],
  plans: readonly DemoBudgetPlan[] = DEMO_BUDGET_PLANS,
): Array<{ plan: DemoBudgetPlan; project: DemoProject }> {
  const used = new Set<string>();
  const out: Array<{ plan: DemoBudgetPlan; project: DemoProject }> = [];
  for (const plan of plans) {
    const project =
      plan.kinds.flatMap((k) => projects.filter((p) => p.kind === k && !used.has(p.folderId)))[0] ??
      projects.find((p) => !used.has(p.folderId));
    if (!project) break;
    used.add(project.folderId);
    out.push({ plan, project });
  }
  return out;
}

function quantityOf(spec: LineSpec, shootDays: number): number {
  const [section, number, , quantity] = spec;
  return PER_SHOOT_DAY.has(section) || PER_SHOOT_DAY.has(`${section}${number}`)
    ? quantity * shootDays
    : quantity;
}

const lineAt = (detail: BudgetDetail, section: string, number: string): BudgetLineView | undefined =>
  detail.lines.find((l) => l.section === section && l.number === number);

async function enterActuals(ctx: RequestContext, budgetId: string, plan: DemoBudgetPlan): Promise<void> {
  const detail = await readBudget(ctx.db, ctx, budgetId);
  let index = 0;
  for (const line of detail.lines) {
    if (!plan.actualSections.includes(line.section)) continue;
    await updateBudgetLine(ctx, budgetId, line.id, {
      baseVersion: line.version,
      actualMinor: actualOf(line.estimateMinor, index++),
    });
  }
}

/** Revision 1 of the change-order job: what the client asked for after the approval. */
async function openChangeOrder(ctx: RequestContext, budgetId: string): Promise<void> {
  let detail = await transitionBudget(ctx, budgetId, { action: "change_order" });
  const change = async (section: string, number: string, input: Record<string, number | string>) => {
    const line = lineAt(detail, section, number);
    if (line) await updateBudgetLine(ctx, budgetId, line.id, { baseVersion: line.version, ...input });
  };
  // Two more :15 cutdowns: a longer offline, and their conform.
  await change("O", "1", { quantityHundredths: 1100, notes: "Change order 1: two :15 cutdowns added" });
  await change("O", "2", { quantityHundredths: 1100 });
  await createBudgetLine(ctx, budgetId, {
    section: "O",
    number: "7",
    description: "Cutdowns (2 × :15) — conform, captions & deliverables",
    quantityHundredths: 200,
    rateMinor: $(1450),
  });
  // The location owner raised the day rate; the petty-cash line is folded into the office line.
  await change("D", "1", { rateMinor: $(5200), notes: "Owner's revised rate card (email of the 3rd)" });
  const petty = lineAt(detail, "K", "1");
  if (petty) await deleteBudgetLine(ctx, budgetId, petty.id);
  // Scope is firmer now: half the contingency.
  detail = await updateBudget(ctx, budgetId, { rates: { contingencyBp: 500 } });
  await transitionBudget(ctx, budgetId, { action: "submit" });
}

async function seedOne(ctx: RequestContext, plan: DemoBudgetPlan, project: DemoProject): Promise<void> {
  const created = await createBudget(ctx, {
    projectId: project.folderId,
    name: plan.name,
    bidType: plan.bidType,
    rates: DEMO_BUDGET_RATES,
  });
  for (const [position, spec] of DEMO_BUDGET_LINES.entries()) {
    const [section, number, description, , rateMinor, otHours, otRate] = spec;
    await createBudgetLine(ctx, created.id, {
      section,
      number,
      description,
      quantityHundredths: quantityOf(spec, plan.shootDays),
      rateMinor,
      ...(otHours ? { otHoursHundredths: otHours * plan.shootDays, otRateMinor: otRate ?? 0 } : {}),
      position,
      ...(plan.state === "draft" && section === "L"
        ? { notes: "Pending the director's treatment and fee confirmation" }
        : {}),
    });
  }
  if (plan.state === "draft") return;
  await transitionBudget(ctx, created.id, { action: "submit" });
  await transitionBudget(ctx, created.id, { action: "approve" });
  await enterActuals(ctx, created.id, plan);
  if (plan.state === "change_order") await openChangeOrder(ctx, created.id);
  if (plan.state === "closed") await transitionBudget(ctx, created.id, { action: "close" });
}

/**
 * The names and projects of the workspace's budgets. A plan is known by its name wherever it was seeded: the
 * simulated agency is rebuilt from the week's date at each start, so its projects may change.
 */
async function existingBudgets(ctx: RequestContext): Promise<{ names: Set<string>; folders: Set<string> }> {
  const found = await rows<{ name: string; folder_id: string }>(
    ctx.db,
    sql`select name, folder_id from budgets where organization_id = ${ctx.organizationId}`,
  );
  return { names: new Set(found.map((r) => r.name)), folders: new Set(found.map((r) => r.folder_id)) };
}

/**
 * Until every chosen project's folder is in the database (the sync's hierarchy pass writes them
 * in its first seconds), or the first full sync has finished or failed, or the time is up.
 * Returns the folder ids present.
 */
async function waitForFolders(
  ctx: RequestContext,
  folderIds: readonly string[],
  options: { timeoutMs: number; pollMs: number },
): Promise<Set<string>> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const present = new Set<string>();
    for (const id of folderIds) if (await folderExists(ctx.db, ctx.organizationId, id)) present.add(id);
    if (present.size === folderIds.length) return present;
    // A finished first sync brought every folder there is; a failed one (ClickUp unreachable, the
    // server stopping) brings none soon: the next start seeds what is missing.
    const state = await getSyncState(ctx.db, ctx.organizationId);
    if (state?.lastFullSyncAt || state?.status === "failed" || Date.now() >= deadline) return present;
    await new Promise((r) => setTimeout(r, options.pollMs));
  }
}

export interface SeedBudgetsResult {
  created: string[];
  skipped: string[];
  /** Plans whose project never arrived (the next start seeds them). */
  missing: string[];
}

/**
 * Seed the demo budgets as `ctx` (the demo owner: every step is on the finance audit trail under
 * their name). Safe to run on every start.
 */
export async function seedBudgets(
  ctx: RequestContext,
  demo: Pick<DemoAgency, "projects">,
  options: { timeoutMs?: number; pollMs?: number } = {},
): Promise<SeedBudgetsResult> {
  const existing = await existingBudgets(ctx);
  const chosen = chooseProjects(
    demo.projects.filter((p) => !existing.folders.has(p.folderId)),
    DEMO_BUDGET_PLANS.filter((p) => !existing.names.has(p.name)),
  );
  const result: SeedBudgetsResult = {
    created: [],
    skipped: DEMO_BUDGET_PLANS.filter((p) => existing.names.has(p.name)).map((p) => p.name),
    missing: [],
  };
  if (chosen.length === 0) return result;
  const present = await waitForFolders(
    ctx,
    chosen.map((c) => c.project.folderId),
    { timeoutMs: options.timeoutMs ?? 90_000, pollMs: options.pollMs ?? 250 },
  );
  for (const { plan, project } of chosen) {
    if (!present.has(project.folderId)) result.missing.push(plan.name);
    else {
      await seedOne(ctx, plan, project);
      result.created.push(plan.name);
    }
  }
  return result;
}
