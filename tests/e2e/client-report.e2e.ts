import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "@domain/money";
import type { ClientReportResponse } from "../../server/modules/reports/contract";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { downloadText, nextApiAnswer, text } from "./page-data";

/*
 * The Client report (issue 16 point 4) on the demo agency as its owner: chart and table with a
 * totals row per currency that matches the API; a filter changes the figures and the URL; the CSV
 * downloads exactly the table; a revenue figure opens the time entries behind it; invoiced links
 * to the client's invoices; no horizontal overflow at 390 px; axe clean. Screenshots in
 * test-results/.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("client report as the owner", () => {
  it("chart, table with totals, a client filter in the URL, CSV, and the rows behind a figure", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const data = await nextApiAnswer<ClientReportResponse>(page, "/api/reports/client", () =>
      page.goto("/reporting/client?period=last-month"),
    );
    await page.getByRole("heading", { name: "Client Report", level: 1 }).waitFor();
    expect(data.rows.length).toBeGreaterThan(1);
    const table = page.getByRole("table", { name: "Figures by client" });
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(data.rows.length);
    await expect.poll(() => table.getByTestId("report-totals").count()).toBe(data.totals.length);
    const total = data.totals.find((t) => t.currency === data.currency && t.revenue !== null);
    if (total?.revenue != null) {
      expect(await text(table.locator("tfoot"))).toContain(formatMoney(total.revenue, total.currency));
    }
    await page.getByTestId("report-chart").locator(".recharts-bar-rectangle").first().waitFor();
    await axeClean(page, "client report");
    await snap(page, "reports-client-desktop");

    // Sort by client name: the URL keeps it.
    await table.getByRole("button", { name: "Client", exact: true }).click();
    await page.waitForURL(/sort=client/);

    // A client filter: new figures from the server, kept in the URL.
    const priced = data.rows.find((r) => r.revenue !== null && r.currency === data.currency);
    expect(priced, "a demo client with priced time last month").toBeDefined();
    const client = priced!.client;
    const filtered = await nextApiAnswer<ClientReportResponse>(page, "/api/reports/client", () =>
      page.getByTestId("report-filters").getByLabel("Client").selectOption(client),
    );
    await page.waitForURL(new RegExp(`client=${encodeURIComponent(client).replace(/%20/g, "(\\+|%20)")}`));
    expect(filtered.rows.every((r) => r.client === client)).toBe(true);
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(filtered.rows.length);

    // The CSV holds exactly the filtered table and its totals.
    const csv = await downloadText(
      page,
      page.getByRole("link", { name: "Export CSV" }),
      "reports-client.csv",
    );
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Client,Currency,Projects,Approved Budgets,Invoiced,Paid,Outstanding/);
    expect(lines).toHaveLength(filtered.rows.length + filtered.totals.length + 1);
    expect(lines.at(-1)).toMatch(/^Total,/);

    // Revenue opens the time entries behind it; they add up to the figure.
    const row = filtered.rows.find((r) => r.revenue !== null)!;
    const entries = await nextApiAnswer<{ total: number; items: { revenue: number | null }[] }>(
      page,
      "/api/reports/entries",
      () =>
        table
          .getByRole("button", { name: `(Time entries of ${row.client})` })
          .first()
          .click(),
    );
    expect(entries.total).toBeGreaterThan(0);
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("report-entry").first().waitFor();
    await axeClean(page, "client report entries dialog", '[role="dialog"]');
    await page.keyboard.press("Escape");

    // Invoiced links to the client's invoices in Finance.
    if (row.clientId && row.invoiced !== null) {
      const link = table.getByRole("link", { name: new RegExp(`\\(invoices of ${row.client}\\)`) }).first();
      expect(await link.getAttribute("href")).toBe(
        `/finance/invoices?clientId=${encodeURIComponent(row.clientId)}`,
      );
    }
    await context.close();
  });

  it("fits 390 px without horizontal overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/reporting/client?period=last-month");
    await page.getByTestId("report-row").first().waitFor();
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(" | ")).toBe(0);
    await axeClean(page, "client report 390 px");
    await snap(page, "reports-client-mobile");
    await context.close();
  });
});
