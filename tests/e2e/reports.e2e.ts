import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatHours, msToHours } from "@domain/index";
import type {
  WebhookActivityResponse,
  ActualResponse,
  UserDirectoryResponse,
  UtilizationResponse,
} from "../../server/modules/reports/contract";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { downloadText, escapeRe, nextApiAnswer, text } from "./page-data";

/*
 * Reports (issue 16 points 1, 3, 5) on the demo agency as its owner: /reporting lists the
 * reports; the Actuals and Utilization reports draw their chart and table with a totals row that
 * matches the API's figures; a filter changes the figures and the URL; the CSV downloads exactly
 * the table; a figure opens the time entries behind it; no horizontal overflow at 390 px. A
 * member gets "You don't have access". Screenshots at 1280 and 390 px in test-results/.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hours = (ms: number) => formatHours(msToHours(ms));

describe("reports as the owner", () => {
  it("lists the reports, each with a one-line description", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/reporting");
    const list = page.getByRole("list", { name: "Reports" });
    // Seven reports and the timesheet approval queue.
    await expect.poll(() => list.getByRole("link").count()).toBe(8);
    expect(await text(list)).toContain("Hours, internal cost and client revenue actually incurred");
    await list.getByRole("link", { name: /^Actuals/ }).click();
    await page.waitForURL(/\/reporting\/actual$/);
    await page.getByRole("heading", { name: "Actuals Report", level: 1 }).waitFor();
    await context.close();
  });

  it("Actuals: chart, sortable table with totals, a filter in the URL, CSV and the entries behind a figure", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const data = await nextApiAnswer<ActualResponse>(page, "/api/reports/actual", () =>
      page.goto("/reporting/actual?period=last-month"),
    );
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.totals.ms).toBeGreaterThan(0);
    // The chart (one bar group per week) and the table with its totals row.
    await page.getByTestId("report-chart").locator(".recharts-bar-rectangle").first().waitFor();
    const table = page.getByRole("table", { name: "Actuals by project" });
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(data.rows.length);
    expect(await text(table.getByTestId("report-totals"))).toContain(hours(data.totals.ms));
    expect(await text(page.getByTestId("report-period"))).not.toBe("");
    await axeClean(page, "actuals report");
    await snap(page, "reports-actual-desktop");

    // Sort by a column header: the URL keeps it and the rows follow.
    await table.getByRole("button", { name: "Project", exact: true }).click();
    await page.waitForURL(/sort=label/);
    const dir = new URL(page.url()).searchParams.get("dir");
    await expect
      .poll(async () => {
        const labels = await table.getByTestId("report-row").locator("th").allTextContents();
        const sorted = [...labels].sort((a, b) => a.localeCompare(b));
        return JSON.stringify(labels) === JSON.stringify(dir === "asc" ? sorted : sorted.reverse());
      })
      .toBe(true);

    // A person filter: new figures from the server, kept in the URL.
    const person = page.getByLabel("Person");
    await expect.poll(() => person.locator("option").count()).toBeGreaterThan(1);
    const personId = await person.locator("option").nth(1).getAttribute("value");
    const filtered = await nextApiAnswer<ActualResponse>(page, "/api/reports/actual", () =>
      person.selectOption({ index: 1 }),
    );
    await page.waitForURL(new RegExp(`person=${personId}`));
    expect(filtered.totals.ms).toBeLessThan(data.totals.ms);
    await expect.poll(() => text(table.getByTestId("report-totals"))).toContain(hours(filtered.totals.ms));

    // The CSV holds exactly the filtered table: a line per row and the totals line.
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toContain(`person=${personId}`);
    const csv = await downloadText(
      page,
      page.getByRole("link", { name: "Export CSV" }),
      "reports-actual.csv",
    );
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Project,Hours,Billable Hours/);
    expect(lines).toHaveLength(filtered.rows.length + 2);
    expect(lines.at(-1)).toMatch(new RegExp(`^Total,${(filtered.totals.ms / 3_600_000).toFixed(2)},`));

    // A figure opens the time entries behind it.
    const first = filtered.rows.reduce((a, b) => (b.ms > a.ms ? b : a));
    await table
      .getByRole("button", { name: `${hours(first.ms)} (Time entries of ${first.label})`, exact: true })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("report-entry").first().waitFor();
    expect(await text(dialog)).toMatch(new RegExp(`of ${first.entries}\\b`));
    await axeClean(page, "actuals entries dialog", '[role="dialog"]');
    await snap(page, "reports-actual-entries-desktop");
    await page.keyboard.press("Escape");

    // Group by client.
    const byClient = await nextApiAnswer<ActualResponse>(page, "/api/reports/actual", () =>
      page.getByLabel("Group by").selectOption("client"),
    );
    await page.waitForURL(/groupBy=client/);
    await page.getByRole("table", { name: "Actuals by client" }).waitFor();
    expect(byClient.totals.ms).toBe(filtered.totals.ms);
    await context.close();
  });

  it("Utilization: heat map, table with the team row, a filter, CSV and the rows behind a figure", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const data = await nextApiAnswer<UtilizationResponse>(page, "/api/reports/utilization", () =>
      page.goto("/reporting/utilization?period=last-month"),
    );
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.totals.capacityMinutes).toBeGreaterThan(0);
    const heat = page.getByRole("table", { name: "Utilization heat map" });
    await expect.poll(() => heat.locator("tbody tr").count()).toBe(data.rows.length);
    const table = page.getByRole("table", { name: "Utilization by person" });
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(data.rows.length);
    expect(await text(table.getByTestId("report-totals"))).toContain(hours(data.totals.loggedMs));
    await axeClean(page, "utilization report");
    await snap(page, "reports-utilization-desktop");

    // Period this quarter: other figures, the URL says so.
    const quarter = await nextApiAnswer<UtilizationResponse>(page, "/api/reports/utilization", () =>
      page.getByLabel("Period").selectOption("quarter"),
    );
    await page.waitForURL(/period=quarter/);
    expect(quarter.totals.capacityMinutes).not.toBe(data.totals.capacityMinutes);

    const csv = await downloadText(
      page,
      page.getByRole("link", { name: "Export CSV" }),
      "reports-utilization.csv",
    );
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Person,Roles,Capacity Hours/);
    expect(lines).toHaveLength(quarter.rows.length + 2);
    expect(lines.at(-1)).toMatch(/^Team,/);

    // Capacity opens its days; logged time opens its entries.
    const someone = quarter.rows.find((r) => r.loggedMs > 0) ?? quarter.rows[0]!;
    await table
      .getByRole("button", { name: new RegExp(`\\(Capacity days of ${escapeRe(someone.name)}\\)$`) })
      .click();
    await page.getByRole("dialog").getByTestId("capacity-day").first().waitFor();
    await page.keyboard.press("Escape");
    await table
      .getByRole("button", {
        name: `${hours(someone.loggedMs)} (Time entries of ${someone.name})`,
        exact: true,
      })
      .click();
    await page.getByRole("dialog").getByTestId("report-entry").first().waitFor();
    await context.close();
  });

  it("User directory: people with rates and capacity, a filter, CSV and the entries behind time logged", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const data = await nextApiAnswer<UserDirectoryResponse>(page, "/api/reports/user-directory", () =>
      page.goto("/reporting/user-directory?period=last-month"),
    );
    expect(data.rows.length).toBeGreaterThan(0);
    const table = page.getByRole("table", { name: "User directory" });
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(data.rows.length);
    await axeClean(page, "user directory");
    await snap(page, "reports-user-directory-desktop");

    const someone = data.rows.find((r) => r.loggedMs > 0) ?? data.rows[0]!;
    const one = await nextApiAnswer<UserDirectoryResponse>(page, "/api/reports/user-directory", () =>
      page.getByLabel("Person").selectOption(someone.personId),
    );
    await page.waitForURL(new RegExp(`person=${someone.personId}`));
    expect(one.rows.map((r) => r.personId)).toEqual([someone.personId]);
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(1);

    const csv = await downloadText(
      page,
      page.getByRole("link", { name: "Export CSV" }),
      "reports-user-directory.csv",
    );
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Person,E-mail,ClickUp Role/);
    expect(lines).toHaveLength(2);

    await table
      .getByRole("button", {
        name: `${hours(someone.loggedMs)} (Time entries of ${someone.name})`,
        exact: true,
      })
      .click();
    await page.getByRole("dialog").getByTestId("report-entry").first().waitFor();
    await context.close();
  });

  it("Webhook activity: the demo's delivered webhooks in chart and table with totals, a filter in the URL, CSV, what is not recorded", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    // The demo's first start has people change tasks in the simulated ClickUp, which delivers them
    // as signed webhooks over HTTP (server/demo/seed-webhook-activity.ts); they land once the
    // first full sync is done, so wait for them rather than for a time.
    await page.goto("/reporting");
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const res = await fetch("/api/reports/webhook-activity?period=this-month");
            return ((await res.json()) as { totals: { processed: number } }).totals.processed;
          }),
        { timeout: 120_000, interval: 1_000 },
      )
      // six briefs updated, three tasks tagged
      .toBeGreaterThanOrEqual(9);
    const data = await nextApiAnswer<WebhookActivityResponse>(page, "/api/reports/webhook-activity", () =>
      page.goto("/reporting/webhook-activity?period=this-month"),
    );
    await page.getByRole("heading", { name: "Webhook Activity", level: 1 }).waitFor();
    await page.getByTestId("report-chart").waitFor();
    expect(await text(page.getByTestId("not-recorded"))).toContain("Retries: —.");
    expect(data.rows.map((r) => r.event)).toContain("taskUpdated");
    const table = page.getByRole("table", { name: "Webhook deliveries by event" });
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(data.rows.length);
    expect(await text(table.getByTestId("report-totals"))).toContain(String(data.totals.total));
    await table.getByRole("button", { name: new RegExp(`^${data.totals.total} \\(Deliveries\\)$`) }).click();
    await page.getByRole("dialog").getByTestId("report-entry").first().waitFor();
    await page.keyboard.press("Escape");
    await axeClean(page, "webhook activity report");
    await snap(page, "reports-webhook-activity-desktop");

    const quarter = await nextApiAnswer<WebhookActivityResponse>(page, "/api/reports/webhook-activity", () =>
      page.getByLabel("Period").selectOption("quarter"),
    );
    await page.waitForURL(/period=quarter/);
    expect(quarter.period.period).toBe("quarter");
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(href).toContain("/api/reports/webhook-activity.csv?period=quarter");
    const csv = await downloadText(
      page,
      page.getByRole("link", { name: "Export CSV" }),
      "reports-webhook-activity.csv",
    );
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Event,Deliveries,Processed,Failed,Duplicate,Bad Signature/);
    expect(lines).toHaveLength(quarter.rows.length + 2);
    expect(lines.at(-1)).toMatch(new RegExp(`^Total,${quarter.totals.total},`));
    await context.close();
  });

  it("fits a 390 px phone without horizontal overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    for (const [route, name] of [
      ["/reporting", "reports-index-mobile"],
      ["/reporting/actual?period=last-month", "reports-actual-mobile"],
      ["/reporting/utilization?period=last-month", "reports-utilization-mobile"],
      ["/reporting/user-directory?period=last-month", "reports-user-directory-mobile"],
      ["/reporting/webhook-activity?period=quarter", "reports-webhook-activity-mobile"],
    ] as const) {
      await openRoute(page, route);
      if (route !== "/reporting") {
        await page
          .getByTestId("report-row")
          .first()
          .or(page.getByText("No webhook deliveries in this period."))
          .waitFor();
      }
      const { overflow, culprits } = await horizontalOverflow(page);
      expect(overflow, `${route}: ${culprits.join(" | ")}`).toBe(0);
      await snap(page, name);
    }
    await context.close();
  });
});

describe("reports as a member", () => {
  it("opening the URLs shows 'You don't have access'", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    for (const route of [
      "/reporting",
      "/reporting/actual",
      "/reporting/utilization",
      "/reporting/user-directory",
    ]) {
      await page.goto(route);
      await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    }
    expect((await context.request.get("/api/reports/actual")).status()).toBe(403);
    await context.close();
  });
});
