import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatHours, msToHours } from "@domain/index";
import type { AccrualResponse } from "../../server/modules/reports/contract";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import { downloadText, escapeRe, nextApiAnswer, text } from "./page-data";

/*
 * The Accrual report (issue 16 point 2) on the demo agency as its owner: chart and table with a
 * totals row matching the API, a project opens its assignees, a filter changes the figures and
 * the URL, the CSV downloads the table, an actual figure opens its time entries; a dataset is
 * saved, reopened and deleted with the spec §8 toasts; no horizontal overflow at 390 px.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const hours = (ms: number) => formatHours(msToHours(ms));

describe("Accrual report as the owner", () => {
  it("chart, table with totals, assignees, a filter in the URL, CSV and the entries behind a figure", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const data = await nextApiAnswer<AccrualResponse>(page, "/api/reports/accrual", () =>
      page.goto("/reporting/accrual"),
    );
    expect(data.source).toBe("live");
    expect(data.projects.length).toBeGreaterThan(0);
    await page.getByTestId("report-chart").locator(".recharts-bar-rectangle").first().waitFor();
    const table = page.getByRole("table", { name: "Accrual by project" });
    await expect.poll(() => table.getByTestId("report-row").count()).toBe(data.projects.length);
    expect(await text(table.getByTestId("report-totals"))).toContain(hours(data.totals.totalEstimatedMs));
    await axeClean(page, "accrual report");
    await snap(page, "reports-accrual-desktop");

    // A project opens its assignee breakdown.
    const withPeople = data.projects.find((p) => p.assigneeBreakdown.length > 0)!;
    await table.getByRole("button", { name: new RegExp(`^${escapeRe(withPeople.jobCode)}`) }).click();
    await expect
      .poll(() => table.getByTestId("assignee-row").count())
      .toBe(withPeople.assigneeBreakdown.length);

    // The entries behind an actual figure.
    const logged = data.projects.find((p) => p.totalActualMs > 0);
    if (logged) {
      await table
        .getByRole("button", {
          name: `${hours(logged.totalActualMs)} (Time entries of ${logged.name})`,
          exact: true,
        })
        .click();
      await page.getByRole("dialog").getByTestId("report-entry").first().waitFor();
      await axeClean(page, "accrual entries dialog", '[role="dialog"]');
      await page.keyboard.press("Escape");
    }

    // A person filter: new figures, kept in the URL.
    const person = page.getByLabel("Person");
    await expect.poll(() => person.locator("option").count()).toBeGreaterThan(1);
    const personId = await person.locator("option").nth(1).getAttribute("value");
    const filtered = await nextApiAnswer<AccrualResponse>(page, "/api/reports/accrual", () =>
      person.selectOption({ index: 1 }),
    );
    await page.waitForURL(new RegExp(`person=${personId}`));
    expect(filtered.totals.totalEstimatedMs + filtered.totals.totalActualMs).toBeLessThan(
      data.totals.totalEstimatedMs + data.totals.totalActualMs,
    );

    // The CSV: the header, a line per project and assignee, the totals.
    const link = page.getByRole("link", { name: "Export CSV" });
    expect(await link.getAttribute("href")).toContain(`person=${personId}`);
    const csv = await downloadText(page, link, "reports-accrual.csv");
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Level,Job Code,Project/);
    const assignees = filtered.projects.reduce((n, p) => n + p.assigneeBreakdown.length, 0);
    expect(lines).toHaveLength(1 + filtered.projects.length + assignees + 1);
    expect(lines.at(-1)).toMatch(/^Total,/);
    await context.close();
  });

  it("saves the report as a dataset, reopens it, goes back to live and deletes it", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await nextApiAnswer<AccrualResponse>(page, "/api/reports/accrual", () => page.goto("/reporting/accrual"));
    const panel = page.getByTestId("datasets");
    await panel.getByRole("button", { name: "Save as dataset" }).click();
    const dialog = page.getByRole("dialog", { name: "Save as dataset" });
    await dialog.getByRole("button", { name: "Save dataset" }).click();
    await dialog.getByRole("alert").waitFor(); // an empty name is refused
    await dialog.getByLabel("Name").fill("October close");
    await dialog.getByLabel("Description").fill("Before the re-bid");
    await axeClean(page, "save dataset dialog", '[role="dialog"]');
    await dialog.getByRole("button", { name: "Save dataset" }).click();
    await page.getByText("Dataset saved successfully").waitFor();
    await page.waitForURL(/dataset=/);
    await page.getByTestId("accrual-source").getByText("October close").waitFor();

    // Live is one click away; the dataset reopens from the list.
    await panel.getByRole("button", { name: "Live" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("dataset")).toBeNull();
    await expect.poll(() => page.getByTestId("accrual-source").count()).toBe(0);
    await panel.getByRole("button", { name: /^October close/ }).click();
    await page.waitForURL(/dataset=/);
    await page.getByTestId("accrual-source").waitFor();
    await axeClean(page, "accrual dataset");

    await panel.getByRole("button", { name: "Delete dataset October close" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete dataset" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Dataset deleted successfully").waitFor();
    await expect.poll(() => panel.getByTestId("dataset-item").count()).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get("dataset")).toBeNull();
    await context.close();
  });

  it("fits a 390 px phone without horizontal overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/reporting/accrual");
    await page.getByTestId("report-row").first().waitFor();
    const first = page.getByTestId("report-row").first().getByRole("button").first();
    await first.click();
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(" | ")).toBe(0);
    await snap(page, "reports-accrual-mobile");
    await context.close();
  });
});

describe("Accrual as a member", () => {
  it("shows 'You don't have access' and the API answers 403", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    await page.goto("/reporting/accrual");
    await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    expect((await context.request.get("/api/reports/accrual")).status()).toBe(403);
    expect((await context.request.get("/api/reports/datasets")).status()).toBe(403);
    await context.close();
  });
});
