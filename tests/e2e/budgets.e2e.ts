import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { text } from "./page-data";

/*
 * Budgets (issue 14 items 3, 4, 7): an admin creates a budget for a demo project, enters lines
 * with the keyboard (Tab across cells, Enter down, Enter on the last line adds one, Escape puts
 * the saved value back), sees the section and grand totals follow, sets P&W, submits and
 * approves (lines locked), opens a change order, changes a line and sees the diff; a stale edit
 * gets the current value and is re-applied; the PDF renders and the detail CSV holds the lines.
 * A member gets "You don't have access". Screenshots at 1280 and 390 px, no overflow at 390 px.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OUT = "test-results";

/** The cell of a line: its input, by the column's label and the line's number + description. */
const cell = (page: Page, column: string, line: string): Locator =>
  page.getByRole("textbox", { name: `${column}, line ${line}`, exact: true });

async function typeInFocused(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/** Toasts come and go; axe runs on the page without them. */
async function noToasts(page: Page) {
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
}

async function download(page: Page, link: Locator, file: string): Promise<string> {
  const [dl] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const target = path.join(OUT, file);
  fs.mkdirSync(OUT, { recursive: true });
  await dl.saveAs(target);
  return target;
}

describe("budgets as an admin", () => {
  it("create, enter lines by keyboard, submit, approve, change order with its diff, exports", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/finance/budgets");

    // New budget for the first demo project.
    await page.getByRole("button", { name: "New budget" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New budget" });
    const project = dialog.getByLabel("Project");
    await expect.poll(() => project.locator("option").count()).toBeGreaterThan(1);
    const projectName = await text(project.locator("option").nth(1));
    await project.selectOption({ index: 1 });
    await dialog.getByLabel("Name").fill("E2E spot 30s");
    await dialog.getByLabel("Firm bid").check();
    await dialog.getByRole("button", { name: "Create budget" }).click();
    await page.waitForURL(/\/finance\/budgets\/[\w-]+$/);
    const budgetId = page.url().split("/").pop()!;
    await page.getByRole("heading", { name: "E2E spot 30s", level: 1 }).waitFor();
    expect(await text(page.getByRole("main"))).toContain(projectName);

    // Section B: add a line, then type across it with Tab; Enter on the last line adds the next.
    await page.getByTestId("section-toggle-B").click();
    await page.getByRole("button", { name: "Add line to B" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toMatch(/-number$/);
    await page.keyboard.type("1");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Director of photography");
    await page.keyboard.press("Tab");
    await typeInFocused(page, "2");
    await page.keyboard.press("Tab");
    await typeInFocused(page, "1,250.50");
    await page.keyboard.press("Enter");
    // A second line appears with the focus in its Rate cell.
    await expect.poll(() => page.getByTestId("budget-line").count()).toBe(2);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toMatch(/-rateMinor$/);
    await typeInFocused(page, "100");
    await page.keyboard.press("Shift+Tab");
    await typeInFocused(page, "3");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await typeInFocused(page, "2");
    await page.keyboard.press("Tab");
    // Escape puts the saved value back.
    await typeInFocused(page, "999");
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("0.00");
    await typeInFocused(page, "75.25");
    await page.keyboard.press("Shift+Tab"); // leaves the cell: it saves
    // Refused text stays with its message and is not sent.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await typeInFocused(page, "-4");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).toBe("true");
    await page.keyboard.press("Escape");

    // Line 1: 2 × 1,250.50 = 2,501.00; line 2: 3 × 100 + 2 × 75.25 = 450.50.
    const lines = page.getByTestId("budget-line");
    await expect.poll(() => text(lines.nth(0).locator('[data-col="estimate"]'))).toBe("$2,501.00");
    await expect.poll(() => text(lines.nth(1).locator('[data-col="estimate"]'))).toBe("$450.50");
    await expect.poll(() => text(page.getByTestId("section-total-B"))).toBe("$2,951.50");
    const grand = page
      .getByRole("table", { name: "Top sheet" })
      .locator('[data-row="16"] [data-col="estimate"]');
    await expect.poll(() => text(grand)).toBe("$2,951.50");

    // P&W 10 % on the labour section: B = 2,951.50 + 295.15.
    const rates = page.getByRole("form", { name: "Rates" });
    await rates.getByLabel("P&W %").fill("10");
    await rates.getByRole("button", { name: "Save rates" }).click();
    await expect.poll(() => text(page.getByTestId("section-total-B"))).toBe("$3,246.65");
    await expect.poll(() => text(grand)).toBe("$3,246.65");
    await expect.poll(() => text(page.locator('[data-figure="Estimate"]'))).toContain("$3,246.65");
    // A new budget has no purchase orders: nothing is committed.
    expect(await text(page.locator('[data-figure="Committed"]'))).toContain("$0.00");
    // CSV import: the dry run names every rejected row and imports nothing; a clean file imports.
    await page.getByRole("button", { name: "Import CSV" }).click();
    const importer = page.getByRole("dialog", { name: "Import lines from CSV" });
    const header = "section,number,description,quantity,rate,ot_hours,ot_rate,notes\n";
    await importer.getByLabel("CSV file").setInputFiles({
      name: "bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${header}D,1,Location fee,1,1500,0,0,\nZ,2,Bad,abc,1,0,0,\n`),
    });
    const rejected = importer.getByRole("table", { name: "Rejected rows" });
    await rejected.waitFor();
    const rejectedRows = rejected.locator("tbody tr");
    expect(await rejectedRows.count()).toBeGreaterThan(0);
    for (const r of await rejectedRows.all()) expect(await text(r.locator("td").first())).toBe("3");
    expect(await importer.getByRole("button", { name: /^Import/ }).isDisabled()).toBe(true);
    await noToasts(page);
    await axeClean(page, "import dialog with rejected rows", '[role="dialog"]');
    await importer.getByLabel("CSV file").setInputFiles({
      name: "good.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${header}D,1,Location fee,1,1500,0,0,Permit included\n`),
    });
    await expect
      .poll(() => text(importer.getByTestId("import-summary")))
      .toBe("1 row read: 1 can be imported, 0 rejected.");
    await importer.getByRole("button", { name: "Import 1 line" }).click();
    await importer.waitFor({ state: "detached" });
    await expect.poll(() => text(page.getByTestId("section-total-D"))).toBe("$1,500.00");
    await expect.poll(() => text(grand)).toBe("$4,746.65");

    await noToasts(page);
    await axeClean(page, "budget draft");
    await snap(page, "budget-draft-desktop");

    // Submit, then approve: the lines lock.
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await page.getByRole("button", { name: "Approve", exact: true }).waitFor();
    await page.getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByRole("button", { name: "Open change order" }).waitFor();
    expect(await text(page.getByTestId("locked"))).toBe(
      "Lines cannot be changed: it is approved and locked: open a change order to change it. Actuals and notes can still be entered.",
    );
    // Approved: the estimate is locked, the job's actuals and notes stay open.
    expect(await page.locator('input[id$="-number"], input[id$="-rateMinor"]').count()).toBe(0);
    expect(await page.locator('input[id^="cell-"]').count()).toBe(6); // 3 lines × actual, notes
    const actual = cell(page, "Actual", "1 Director of photography");
    await actual.fill("500");
    await actual.press("Tab");
    const sectionB = page.getByRole("region", { name: "Lines of section B" });
    await expect
      .poll(() => text(sectionB.locator('[data-total="Lines subtotal"] [data-col="actual"]')))
      .toBe("$500.00");

    // Change order 1: a draft copy; change line 1's days from 2 to 3 and see the diff.
    await page.getByRole("button", { name: "Open change order" }).click();
    await expect.poll(() => page.getByLabel("Revision").inputValue()).toBe("1");
    await page.getByTestId("changes").waitFor();
    const days = cell(page, "Qty/days", "1 Director of photography");
    await days.fill("3");
    await days.press("Enter");
    const changes = page.getByRole("table", { name: "Changes" });
    await expect.poll(() => changes.locator("tbody tr").count()).toBe(1);
    const change = changes.locator("tbody tr").first();
    expect(await change.getAttribute("data-kind")).toBe("changed");
    expect(await text(change)).toContain("$2,501.00");
    expect(await text(change)).toContain("$3,751.50");
    expect(await text(change)).toContain("+$1,250.50");
    // The figures follow from the server: B = 3,751.50 + 450.50 = 4,202.00, + 10 % P&W; D 1,500.00.
    await expect.poll(() => text(page.locator('[data-figure="Estimate"]'))).toContain("$6,122.20");

    // Someone else changes line 2 first: this screen's edit gets 409 and shows their value.
    const detail = (await (await context.request.get(`/api/budgets/${budgetId}`)).json()) as {
      lines: { id: string; description: string; version: number }[];
    };
    const second = detail.lines[1]!;
    const other = await context.request.patch(`/api/budgets/${budgetId}/lines/${second.id}`, {
      data: { baseVersion: second.version, description: "Gaffer (theirs)" },
      headers: { origin: baseUrl() },
    });
    expect(other.status()).toBe(200);
    const desc = page
      .getByTestId("budget-line")
      .nth(1)
      .getByRole("textbox", { name: /^Description, line/ });
    await desc.fill("Gaffer (mine)");
    await desc.press("Tab");
    const conflict = page.getByTestId("line-conflict");
    await conflict.waitFor();
    expect(await text(conflict)).toContain("Gaffer (theirs)");
    expect(await text(conflict)).toContain("Gaffer (mine)");
    await conflict.getByRole("button", { name: "Re-apply my value" }).click();
    await conflict.waitFor({ state: "detached" });
    await expect
      .poll(async () => {
        const now = (await (await context.request.get(`/api/budgets/${budgetId}`)).json()) as typeof detail;
        return now.lines.find((l) => l.id === second.id)?.description;
      })
      .toBe("Gaffer (mine)");
    await snap(page, "budget-change-order-desktop");

    // Exports: the PDF renders (its first page to PNG), the detail CSV holds the lines.
    const pdf = await download(page, page.getByRole("link", { name: "PDF" }), "budget.pdf");
    expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, path.join(OUT, "budget-pdf")]);
    const png = fs.readdirSync(OUT).find((f) => /^budget-pdf-0*1\.png$/.test(f));
    expect(png, "first page rendered").toBeDefined();
    expect(fs.statSync(path.join(OUT, png!)).size).toBeGreaterThan(5_000);
    expect(execFileSync("pdftotext", ["-f", "1", "-l", "1", pdf, "-"]).toString()).toContain("E2E spot 30s");
    const csv = fs.readFileSync(
      await download(page, page.getByRole("link", { name: "Detail CSV" }), "budget-detail.csv"),
      "utf8",
    );
    expect(csv.split(/\r?\n/)[0]).toMatch(/section/i);
    expect(csv).toContain("Director of photography");
    expect(csv).toContain("Gaffer (mine)");

    // The list shows it with its status and the CSV link carries the filters.
    await openRoute(page, `/finance/budgets?search=${encodeURIComponent("E2E spot")}`);
    const row = page.getByTestId("budget-row").filter({ hasText: "E2E spot 30s" });
    await row.waitFor();
    expect(await text(row)).toContain("Change order 1");
    expect(await text(row)).toContain("Draft");
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/budgets/export.csv?search=E2E+spot",
    );
    await snap(page, "budgets-list-desktop");
    // The finance audit lists each step of the budget's life.
    await openRoute(page, "/finance/audit?object=budget_revision");
    await page.locator('[data-testid="finance-audit-list"]:not([aria-busy])').waitFor();
    const steps = page
      .getByRole("list", { name: "Finance changes, newest first" })
      .getByRole("listitem")
      .filter({ hasText: "E2E spot 30s" });
    const actions = await steps.getByTestId("action").allInnerTexts();
    for (const step of ["Submitted", "Approved", "Created"]) expect(actions).toContain(step);
    await snap(page, "finance-audit-budget-steps");
    await openRoute(page, "/finance");
    await page.getByRole("heading", { name: "Budgets by status" }).waitFor();
    // The overview shows the server's summary: the draft count and the active jobs' estimate.
    const summary = (await (await context.request.get("/api/budgets/summary")).json()) as {
      byStatus: { status: string; count: number }[];
      active: { budgets: number; currency: string }[];
    };
    const drafts = summary.byStatus.find((s) => s.status === "draft")?.count ?? 0;
    expect(drafts).toBeGreaterThan(0);
    await page
      .getByTestId("count-draft")
      .filter({ hasText: String(drafts) })
      .waitFor();
    expect(await text(page.getByRole("heading", { name: "Active jobs" }).locator(".."))).toContain(
      `${summary.active[0]!.budgets} budget`,
    );
    await snap(page, "finance-overview-desktop");
    await context.close();
  });

  it("at 390 px: list, budget and overview have no page overflow; the sections grid scrolls", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "admin@demo.test");
    const list = (await (await context.request.get("/api/budgets?search=E2E")).json()) as {
      items: { id: string }[];
    };
    for (const route of ["/finance/budgets", "/finance"]) {
      await openRoute(page, route);
      const { overflow, culprits } = await horizontalOverflow(page);
      expect(overflow, `${route}: ${culprits.join(" | ")}`).toBe(0);
      await snap(page, `${route === "/finance" ? "finance-overview" : "budgets-list"}-mobile`);
    }
    const id = list.items[0]?.id;
    if (id) {
      await openRoute(page, `/finance/budgets/${id}`);
      await page.getByRole("button", { name: "Expand all" }).click();
      const { overflow, culprits } = await horizontalOverflow(page);
      expect(overflow, culprits.join(" | ")).toBe(0);
      const grid = page.getByRole("region", { name: "Lines of section B" });
      expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await snap(page, "budget-mobile");
    }
    await context.close();
  });
});

describe("budgets as a member", () => {
  it("opening the URLs shows 'You don't have access'", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    for (const route of ["/finance/budgets", "/finance"]) {
      await page.goto(route);
      await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    }
    await context.close();
  });
});
