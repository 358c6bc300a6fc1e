import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "@domain/money";
import { createUserInWorkspace, failAuditInserts, type WorkspaceUser } from "../../../tests/api/fixtures";
import { createTestContext, TestClient, type TestContext } from "../../../tests/api/harness";
import type { App } from "../../app";
import type { BudgetDetail, BudgetLineView } from "./contract";
import type { BudgetLineImportPreview, BudgetLineImportRefusal } from "./files-contract";

/*
 * Budget files: the PDF (read back with poppler: pdffonts, pdftotext, pdfinfo), the CSV exports
 * (exact text for a budget computed by hand), and the CSV import (preview, all or nothing,
 * locking, audit rows, bad bytes), with the finance permissions and workspace scoping.
 */

let ctx: TestContext;
let owner: WorkspaceUser;
let member: WorkspaceUser;
let stranger: WorkspaceUser;
let tmp: string;

type ErrorBody = { error: { code: string; message: string; fields?: { field: string; message: string }[] } };

/** The bytes and cookie of the owner's last request (TestClient reads answers as text). */
let lastBytes = new Uint8Array();
let ownerCookie = "";

beforeAll(async () => {
  let tick = Date.parse("2025-03-10T09:00:00Z");
  ctx = await createTestContext({}, { now: () => new Date((tick += 1000)) });
  const recording = {
    request: async (input: string, init?: RequestInit) => {
      const cookie = new Headers(init?.headers).get("cookie");
      if (cookie) ownerCookie = cookie;
      const res = await ctx.app.request(input, init);
      lastBytes = new Uint8Array(await res.clone().arrayBuffer());
      return res;
    },
  } as unknown as App;
  owner = await createUserInWorkspace({ ...ctx, client: () => new TestClient(recording) }, { role: "owner" });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: owner.organizationId });
  stranger = await createUserInWorkspace(ctx, { role: "owner" });
  const q = (text: string, params: unknown[]) => ctx.database.raw.query(text, params);
  await q(`insert into folders (organization_id, id, name) values ($1, 'f1', 'Acme launch')`, [
    owner.organizationId,
  ]);
  await q(`insert into folders (organization_id, id, name) values ($1, 'fx', 'Stranger job')`, [
    stranger.organizationId,
  ]);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "budget-files-"));
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const RATES = {
  pwBp: 2000,
  pwBpBySection: { B: 2500 },
  insuranceBp: 300,
  feeBp: 1500,
  contingencyBp: 1000,
  weatherDay: 250_000,
};

async function newBudget(name: string, who = owner, projectId = "f1"): Promise<BudgetDetail> {
  const res = await who.client.post<BudgetDetail>("/api/budgets", {
    projectId,
    name,
    bidType: "firm",
    rates: RATES,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function addLine(budgetId: string, body: object): Promise<BudgetLineView> {
  const res = await owner.client.post<BudgetLineView>(`/api/budgets/${budgetId}/lines`, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Producer (A) and gaffer (B, with OT and an actual): the small budget computed by hand below. */
async function smallBudget(name: string): Promise<BudgetDetail> {
  const budget = await newBudget(name);
  await addLine(budget.id, {
    section: "A",
    number: "1",
    description: "Producer",
    quantityHundredths: 250,
    rateMinor: 80_000,
  });
  await addLine(budget.id, {
    section: "B",
    number: "12",
    description: 'Gaffer, "best boy"',
    quantityHundredths: 300,
    rateMinor: 65_000,
    otHoursHundredths: 450,
    otRateMinor: 9_750,
    actualMinor: 10_000,
    notes: "=not a formula",
  });
  return budget;
}

function importCsv(budgetId: string, csv: string, dryRun: boolean, who = owner, type = "text/csv") {
  return who.client.request<BudgetLineImportPreview & BudgetDetail & BudgetLineImportRefusal & ErrorBody>(
    `/api/budgets/${budgetId}/lines/import?dryRun=${dryRun}`,
    { method: "POST", body: csv, headers: { "content-type": type } },
  );
}

/** A request with raw bytes as the owner (TestClient sends strings). */
async function rawImport(budgetId: string, body: Uint8Array<ArrayBuffer>) {
  const res = await ctx.app.request(
    `http://localhost:3000/api/budgets/${budgetId}/lines/import?dryRun=true`,
    {
      method: "POST",
      body,
      headers: { origin: "http://localhost:3000", cookie: ownerCookie, "content-type": "text/csv" },
    },
  );
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

async function lineCount(budgetId: string): Promise<number> {
  const { rows } = await ctx.database.raw.query<{ n: number }>(
    `select count(*)::int as n from budget_lines where budget_id = $1`,
    [budgetId],
  );
  return Number(rows[0]!.n);
}

async function financeTrail(budgetId: string) {
  const { rows } = await ctx.database.raw.query<{ object_type: string; action: string; after: unknown }>(
    `select object_type, action, after from audit_events
      where organization_id = $1 and category = 'finance'
        and (object_id = $2 or after->>'budgetId' = $2)
      order by occurred_at, id`,
    [owner.organizationId, budgetId],
  );
  return rows;
}

const HEADER = "section,number,description,quantity,rate,ot_hours,ot_rate,notes";

function savePdf(name: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, lastBytes);
  return file;
}

const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: "utf8" });

describe("budget PDF", () => {
  it("is a real PDF: Inter embedded, the top sheet on page 1 with the grand total, the detail after", async () => {
    const budget = await smallBudget("Acme spot");
    const res = await owner.client.get(`/api/budgets/${budget.id}/export.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="acme-spot-rev0.pdf"');
    expect(new TextDecoder().decode(lastBytes.slice(0, 5))).toBe("%PDF-");
    const file = savePdf("small.pdf");

    const fonts = poppler("pdffonts", [file]);
    const inter = fonts.split("\n").filter((l) => /Inter/.test(l));
    expect(inter.length).toBeGreaterThanOrEqual(2); // regular and bold
    for (const line of inter) expect(line).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/); // emb sub
    expect(fonts).not.toMatch(/Helvetica|Times|Courier/);

    const info = poppler("pdfinfo", [file]);
    expect(info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    expect(info).toMatch(/Pages:\s+2\n/);

    const page1 = poppler("pdftotext", ["-layout", "-f", "1", "-l", "1", file, "-"]);
    const detail = (await owner.client.get<BudgetDetail>(`/api/budgets/${budget.id}`)).body;
    const grand = formatMoney(detail.totals.estimate.grandTotal, "USD");
    expect(grand).toBe("$6,379.65");
    expect(page1).toContain(grand);
    expect(page1).toMatch(/16\s+Grand bid total\s+\$6,379\.65\s+\$148\.06/);
    expect(page1).toMatch(/9\s+Subtotal A–K\s+\$5,385\.94\s+\$125\.00/);
    expect(page1).toMatch(/Contingency \(10\.00 %\)\s+\$637\.96\s+\$14\.81/);
    expect(page1).toMatch(/Weather day\s+\$2,500\.00\s+\$2,500\.00/);
    expect(page1).toMatch(/Total with contingency\s+\$9,517\.61\s+\$2,662\.87/);
    expect(page1).toContain("Acme launch");
    expect(page1).toContain("AICP bid form");
    expect(page1).toContain("Draft");
    expect(page1).toContain("Page 1 of 2");

    const page2 = poppler("pdftotext", ["-layout", "-f", "2", "-l", "2", file, "-"]);
    expect(page2).toMatch(
      /12\s+Gaffer, "best boy"\s+3\s+\$650\.00\s+4\.5\s+\$97\.50\s+\$2,388\.75\s+\$100\.00/,
    );
    expect(page2).toMatch(/P&W 25\.00 %\s+\$597\.19\s+\$25\.00/);
    expect(page2).toMatch(/Total B · Shooting crew\s+\$2,985\.94\s+\$125\.00/);
    expect(page2).toContain("Page 2 of 2");

    // Page 1 as an image, for a person to look at (the test only checks it renders).
    poppler("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(tmp, "page")]);
    expect(fs.readdirSync(tmp).some((f) => /^page-\d+\.png$/.test(f))).toBe(true);
    if (process.env.BUDGET_PDF_KEEP) fs.copyFileSync(file, process.env.BUDGET_PDF_KEEP);
  });

  it("breaks 600 lines over pages with the column header on each, and prints an earlier revision", async () => {
    const budget = await newBudget("Big shoot");
    const letters = "ABCDEFGHIJKLMNOP";
    const rows = Array.from(
      { length: 600 },
      (_, i) =>
        `${letters[i % 16]},${i + 1},Line ${i + 1} with a description long enough to wrap onto a second line in the detail,` +
        `${(i % 7) + 1}.5,${100 + i}.25,${i % 3},${i % 3 ? "45.00" : ""},`,
    );
    const imported = await importCsv(budget.id, `${HEADER}\n${rows.join("\n")}\n`, false);
    expect(imported.status, imported.text.slice(0, 300)).toBe(200);
    expect(imported.body.lines).toHaveLength(600);

    const res = await owner.client.get(`/api/budgets/${budget.id}/export.pdf?revision=0`);
    expect(res.status).toBe(200);
    const file = savePdf("big.pdf");
    const pages = Number(/Pages:\s+(\d+)/.exec(poppler("pdfinfo", [file]))![1]);
    expect(pages).toBeGreaterThan(10);
    for (const page of [2, Math.ceil(pages / 2), pages]) {
      const text = poppler("pdftotext", ["-layout", "-f", String(page), "-l", String(page), file, "-"]);
      expect(text).toMatch(/NO\.\s+DESCRIPTION\s+QTY\/DAYS\s+RATE\s+OT HRS\s+OT RATE\s+ESTIMATE\s+ACTUAL/);
      expect(text).toContain(`Page ${page} of ${pages}`);
    }
    const all = poppler("pdftotext", [file, "-"]);
    for (const n of [1, 300, 600]) expect(all).toContain(`Line ${n} with`);
    expect(all).toContain("(continued)");
    if (process.env.BUDGET_PDF_KEEP) fs.copyFileSync(file, `${process.env.BUDGET_PDF_KEEP}.big.pdf`);

    expect((await owner.client.get(`/api/budgets/${budget.id}/export.pdf?revision=3`)).status).toBe(404);
    expect((await owner.client.get(`/api/budgets/${budget.id}/export.pdf?revision=x`)).status).toBe(400);
  });
});

describe("budget CSV exports", () => {
  it("writes the top sheet and the detail exactly, amounts as decimals of the currency", async () => {
    const budget = await smallBudget("Acme CSV");
    const top = await owner.client.get(`/api/budgets/${budget.id}/export.csv?part=topsheet`);
    expect(top.status).toBe(200);
    expect(top.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(top.headers.get("content-disposition")).toBe('attachment; filename="acme-csv-rev0-topsheet.csv"');
    expect([...lastBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for spreadsheets
    expect(top.text).toBe(
      [
        "Line,Description,Estimate,Actual",
        "1,Pre-production & wrap,2400.00,0.00",
        "2,Shooting crew labour,2985.94,125.00",
        "3,Location & travel,0.00,0.00",
        '4,"Props, wardrobe, animals",0.00,0.00',
        "5,Studio & set construction,0.00,0.00",
        "6,Equipment,0.00,0.00",
        "7,Media,0.00,0.00",
        "8,Miscellaneous,0.00,0.00",
        "9,Subtotal A–K,5385.94,125.00",
        "10,Director/creative fees,0.00,0.00",
        "11,Insurance,161.58,3.75",
        "12,Subtotal direct costs,5547.52,128.75",
        "13,Production fee,832.13,19.31",
        "14,Talent costs & expenses,0.00,0.00",
        "15,Editorial & finishing,0.00,0.00",
        "16,Grand bid total,6379.65,148.06",
        ",Contingency (10.00 %),637.96,14.81",
        ",Weather day,2500.00,2500.00",
        ",Total with contingency,9517.61,2662.87",
        "",
      ].join("\r\n"),
    );

    const detail = await owner.client.get(`/api/budgets/${budget.id}/export.csv?part=detail`);
    expect(detail.status).toBe(200);
    expect(detail.headers.get("content-disposition")).toBe('attachment; filename="acme-csv-rev0-detail.csv"');
    expect(detail.text).toBe(
      [
        "Section,Number,Description,Quantity,Rate,OT hours,OT rate,Estimate,Actual,Notes",
        "A,1,Producer,2.5,800.00,0,0.00,2000.00,0.00,",
        'B,12,"Gaffer, ""best boy""",3,650.00,4.5,97.50,2388.75,100.00,\'=not a formula',
        "",
      ].join("\r\n"),
    );
    // The default part is the detail.
    expect((await owner.client.get(`/api/budgets/${budget.id}/export.csv`)).text).toBe(detail.text);
    expect((await owner.client.get(`/api/budgets/${budget.id}/export.csv?part=lines`)).status).toBe(400);
  });

  it("round-trips: the detail export imports into another budget as the same lines", async () => {
    const source = await smallBudget("Round trip source");
    const csv = (await owner.client.get(`/api/budgets/${source.id}/export.csv?part=detail`)).text;
    const target = await newBudget("Round trip target");
    const res = await importCsv(target.id, csv, false);
    expect(res.status, res.text).toBe(200);
    const strip = (l: BudgetLineView) => {
      const { id: _id, key: _key, version: _v, updatedAt: _u, position: _p, ...rest } = l;
      return rest;
    };
    const sourceLines = (await owner.client.get<BudgetDetail>(`/api/budgets/${source.id}`)).body.lines;
    expect(res.body.lines.map(strip)).toEqual(sourceLines.map(strip));
    expect(res.body.totals).toEqual(
      (await owner.client.get<BudgetDetail>(`/api/budgets/${source.id}`)).body.totals,
    );
  });

  it("exports the budgets list with the list's filters and sort", async () => {
    await newBudget("Listing alpha");
    await newBudget("Listing beta");
    const res = await owner.client.get("/api/budgets/export.csv?search=listing&sort=name&dir=desc");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="budgets-2025-03-10.csv"');
    const lines = res.text.split("\r\n");
    expect(lines[0]).toBe(
      "Budget,Project,Client,Status,Bid type,Form,Latest revision,Working revision,Currency,Grand total,Actual to date,Variance,Updated",
    );
    expect(lines.slice(1, -1).map((l) => l.split(",").slice(0, 12).join(","))).toEqual([
      "Listing beta,Acme launch,,Draft,Firm,aicp-current,0,,USD,0.00,0.00,0.00",
      "Listing alpha,Acme launch,,Draft,Firm,aicp-current,0,,USD,0.00,0.00,0.00",
    ]);
    const none = await owner.client.get("/api/budgets/export.csv?status=closed&search=listing");
    expect(none.text).toBe(`${lines[0]}\r\n`);
    expect((await owner.client.get("/api/budgets/export.csv?status=lost")).status).toBe(400);
  });
});

describe("budget CSV import", () => {
  it("previews a dry run, naming every rejected row, column and reason; imports nothing", async () => {
    const budget = await newBudget("Preview");
    const csv = [HEADER, "A,1,Producer,2.5,800,,,", "Z,2,Nope,1,1,,,", "B,3,Gaffer,-1,1.234,,,", ""].join(
      "\n",
    );
    const res = await importCsv(budget.id, csv, true);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      dryRun: true,
      accepted: [
        {
          row: 2,
          line: {
            section: "A",
            number: "1",
            description: "Producer",
            quantityHundredths: 250,
            rateMinor: 80_000,
            otHoursHundredths: 0,
            otRateMinor: 0,
            estimateMinor: 200_000,
            actualMinor: 0,
            notes: "",
          },
        },
      ],
      rejected: [
        { row: 3, field: "section", reason: "Z is not a section of the form AICP bid form" },
        { row: 4, field: "quantity", reason: "must not be negative" },
        { row: 4, field: "rate", reason: "has more than 2 decimal places" },
      ],
      totals: { rows: 3, accepted: 1, rejected: 2 },
    });
    expect(await lineCount(budget.id)).toBe(0);
    expect(await financeTrail(budget.id)).toHaveLength(1); // budget created
  });

  it("is all or nothing: one bad row refuses the file with every rejection", async () => {
    const budget = await newBudget("All or nothing");
    await addLine(budget.id, { section: "A", number: "0", description: "Existing" });
    const good = Array.from({ length: 20 }, (_, i) => `D,${i},Taxi,1,10,,,`);
    const csv = [HEADER, ...good, "D,99,Bad,1,ten,,,"].join("\r\n");
    const res = await importCsv(budget.id, csv, false);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        code: "validation_failed",
        message: "1 row was rejected: nothing was imported",
        fields: [{ field: "rows", message: "1 rejected" }],
      },
      rejected: [{ row: 22, field: "rate", reason: "is not a number" }],
      totals: { rows: 21, accepted: 20, rejected: 1 },
    });
    expect(await lineCount(budget.id)).toBe(1);
    expect((await financeTrail(budget.id)).map((r) => r.action)).toEqual(["created", "created"]);
  });

  it("imports every line into the draft in one transaction, after the existing lines, with audit rows", async () => {
    const budget = await newBudget("Import");
    const existing = await addLine(budget.id, { section: "D", number: "1", description: "Existing" });
    const csv = `${HEADER}\r\nD,2,Hotel,3,189.99,,,Two rooms\r\nB,5,Key grip,2,700,1.5,105,\r\n`;
    const res = await importCsv(budget.id, csv, false);
    expect(res.status, res.text).toBe(200);
    const lines = res.body.lines;
    expect(lines.map((l) => [l.section, l.number, l.description, l.estimateMinor, l.position])).toEqual([
      ["B", "5", "Key grip", 155_750, existing.position + 2],
      ["D", "1", "Existing", 0, existing.position],
      ["D", "2", "Hotel", 56_997, existing.position + 1],
    ]);
    expect(res.body.totals.estimate.sections.find((s) => s.letter === "D")!.lines).toBe(56_997);
    expect(res.body.revision.grandTotalMinor).toBe(res.body.totals.estimate.grandTotal);

    const trail = await financeTrail(budget.id);
    expect(trail.map((r) => `${r.object_type} ${r.action}`)).toEqual([
      "budget created",
      "budget_line created",
      "budget_line created",
      "budget_line created",
      "budget lines_imported",
    ]);
    expect(trail[2]!.after).toMatchObject({
      budgetId: budget.id,
      section: "D",
      description: "Hotel",
      notes: "Two rooms",
    });
    expect(trail[4]!.after).toEqual({ revisionNumber: 0, lines: 2 });
  });

  it("with baseVersion, a retried import (its first answer lost) is refused instead of adding the lines twice", async () => {
    const budget = await newBudget("Retry");
    const version = budget.revision.version;
    const csv = `${HEADER}\nA,1,Producer,1,100,,,\n`;
    const url = (v: number) => `/api/budgets/${budget.id}/lines/import?dryRun=false&baseVersion=${v}`;
    const send = (v: number) =>
      owner.client.request<BudgetDetail & ErrorBody>(url(v), {
        method: "POST",
        body: csv,
        headers: { "content-type": "text/csv; charset=utf-8" },
      });
    const first = await send(version);
    expect(first.status, first.text).toBe(200);
    expect(first.body.revision.version).toBeGreaterThan(version);
    const retry = await send(version);
    expect(retry.status).toBe(409);
    expect(retry.body.error.message).toBe(
      "This budget was changed by someone else since you opened it: reload it and try again.",
    );
    expect(await lineCount(budget.id)).toBe(1);
    expect((await send(first.body.revision.version)).status).toBe(200);
    expect(await lineCount(budget.id)).toBe(2);
  });

  it("rolls back whole when the audit row cannot be written", async () => {
    const budget = await newBudget("Audit down");
    await failAuditInserts(ctx, true);
    try {
      const res = await importCsv(budget.id, `${HEADER}\nA,1,Producer,1,1,,,\n`, false);
      expect(res.status).toBe(500);
    } finally {
      await failAuditInserts(ctx, false);
    }
    expect(await lineCount(budget.id)).toBe(0);
  });

  it("refuses an import into a revision that is not a draft with the domain's reason (409)", async () => {
    const budget = await smallBudget("Locked");
    expect(
      (await owner.client.post(`/api/budgets/${budget.id}/transitions`, { action: "submit" })).status,
    ).toBe(200);
    expect(
      (await owner.client.post(`/api/budgets/${budget.id}/transitions`, { action: "approve" })).status,
    ).toBe(200);
    const csv = `${HEADER}\nA,2,More,1,1,,,\n`;
    const reason = "Lines cannot be changed: it is approved and locked: open a change order to change it.";
    for (const dryRun of [false, true]) {
      const res = await importCsv(budget.id, csv, dryRun);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(reason);
    }
    expect(await lineCount(budget.id)).toBe(2);
    // A change order is a draft again: the import goes into it.
    expect(
      (await owner.client.post(`/api/budgets/${budget.id}/transitions`, { action: "change_order" })).status,
    ).toBe(200);
    const res = await importCsv(budget.id, csv, false);
    expect(res.status, res.text).toBe(200);
    expect(res.body.revision.number).toBe(1);
    expect(res.body.lines).toHaveLength(3);
  });

  it("answers 400 naming the problem for a wrong header, too many rows, bad bytes or a wrong type", async () => {
    const budget = await newBudget("Bad files");
    const header = await importCsv(budget.id, "section,number,description,quantity,rate\nA,1,x,1,1\n", true);
    expect(header.status).toBe(400);
    expect(header.body.error.fields).toEqual([
      {
        field: "header",
        message: expect.stringContaining('The header has no column "ot_hours", "ot_rate", "notes"'),
      },
    ]);
    const many = Array.from({ length: 5_001 }, (_, i) => `A,${i},x,1,1,,,`).join("\n");
    const tooMany = await importCsv(budget.id, `${HEADER}\n${many}\n`, false);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(
      "body: The file has 5,001 lines: import at most 5,000 lines at a time",
    );
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${HEADER}\nA,1,Caf`), 0xe9, 0x0a]);
    const badUtf8 = await rawImport(budget.id, latin1);
    expect(badUtf8.status).toBe(400);
    expect(badUtf8.body.error.fields).toEqual([{ field: "body", message: "is not UTF-8 text" }]);
    const nul = await rawImport(budget.id, new TextEncoder().encode(`${HEADER}\nA,1,a\u0000b,1,1,,,\n`));
    expect(nul.status).toBe(400);
    const json = await importCsv(budget.id, "{}", true, owner, "application/json");
    expect(json.status).toBe(400);
    expect(json.body.error.fields).toEqual([{ field: "content-type", message: "must be text/csv" }]);
    const noFlag = await owner.client.request<ErrorBody>(`/api/budgets/${budget.id}/lines/import`, {
      method: "POST",
      body: HEADER,
      headers: { "content-type": "text/csv" },
    });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.error.fields?.[0]?.field).toBe("dryRun");
    const empty = await importCsv(budget.id, `${HEADER}\n`, false);
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("body: the file has no lines to import");
    expect(await lineCount(budget.id)).toBe(0);
  });

  it("answers 413 for a body over the 1 MB limit", async () => {
    const budget = await newBudget("Huge file");
    const big = `${HEADER}\n${"A,1,x,1,1,,,\n".repeat(90_000)}`;
    expect(big.length).toBeGreaterThan(1_048_576);
    const res = await importCsv(budget.id, big, true);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });
});

describe("budget files: who may", () => {
  it("members get 403 on every file route", async () => {
    const budget = await newBudget("Members");
    const m = member.client;
    expect((await m.get(`/api/budgets/${budget.id}/export.pdf`)).status).toBe(403);
    expect((await m.get(`/api/budgets/${budget.id}/export.csv`)).status).toBe(403);
    expect((await m.get(`/api/budgets/export.csv`)).status).toBe(403);
    expect((await importCsv(budget.id, `${HEADER}\nA,1,x,1,1,,,\n`, true, member)).status).toBe(403);
  });

  it("another workspace's budget is 404 and never in its list export", async () => {
    const budget = await smallBudget("Not yours");
    const s = stranger.client;
    expect((await s.get(`/api/budgets/${budget.id}/export.pdf`)).status).toBe(404);
    expect((await s.get(`/api/budgets/${budget.id}/export.csv?part=topsheet`)).status).toBe(404);
    expect((await importCsv(budget.id, `${HEADER}\nA,1,x,1,1,,,\n`, true, stranger)).status).toBe(404);
    expect((await importCsv(budget.id, `${HEADER}\nA,1,x,1,1,,,\n`, false, stranger)).status).toBe(404);
    expect(await lineCount(budget.id)).toBe(2);
    await newBudget("Stranger's own", stranger, "fx");
    const list = await s.get("/api/budgets/export.csv");
    expect(list.status).toBe(200);
    expect(list.text).toContain("Stranger's own");
    expect(list.text).not.toContain("Not yours");
  });
});
