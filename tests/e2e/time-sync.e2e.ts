import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  TimeSyncCheckResponse,
  TimeSyncWriteBacksResponse,
} from "../../server/modules/reports/time-sync-contract";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

/*
 * Time-sync validation (issue 16 point 8) on the demo agency as its owner: the page opens on
 * the last 14 days of the workspace, "Check" reads ClickUp chunk by chunk with a progress bar and,
 * right after the demo's full sync, shows the "0 discrepancies" badge; both paths open the same
 * page; no horizontal overflow at 390 px; axe finds nothing serious. A member gets "You don't
 * have access". Screenshots at 1280 and 390 px in test-results/.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function runCheck(page: Page): Promise<TimeSyncCheckResponse[]> {
  const answers: TimeSyncCheckResponse[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname === "/api/reports/time-sync/check" && r.status() === 200) {
      void r.json().then((b: TimeSyncCheckResponse) => answers.push(b));
    }
  });
  await page.getByRole("button", { name: "Check", exact: true }).click();
  await page.getByTestId("time-sync-clean").or(page.getByTestId("time-sync-discrepancies")).waitFor({
    timeout: 60_000,
  });
  return answers;
}

describe("time-sync validation as the owner", () => {
  it("checks the last 14 days against ClickUp with progress and shows 0 discrepancies", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const [wb] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/reports/time-sync/write-backs"),
      openRoute(page, "/reporting/time-sync"),
    ]);
    const writeBacks = (await wb.json()) as TimeSyncWriteBacksResponse;
    await page.getByRole("heading", { name: "Time Sync Validation", level: 1 }).waitFor();
    const from = page.getByLabel("From");
    const to = page.getByLabel("To");
    await expect.poll(() => to.inputValue()).toBe(writeBacks.today);
    const start = new Date(`${writeBacks.today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - 13);
    expect(await from.inputValue()).toBe(start.toISOString().slice(0, 10));

    // Slow the answers down a little so the progress bar is seen between the two chunks.
    await page.route("**/api/reports/time-sync/check?*", async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    const progress = page.getByTestId("time-sync-progress");
    const shown = progress.waitFor({ timeout: 10_000 });
    const answers = await runCheck(page);
    await shown;
    await expect.poll(() => answers.length).toBe(2);
    expect(answers.every((a) => a.uncheckedDays.length === 0)).toBe(true);
    expect(answers.reduce((n, a) => n + a.discrepancies, 0)).toBe(0);
    await page.getByTestId("time-sync-clean").waitFor();
    expect(await page.getByTestId("time-sync-clean").textContent()).toBe("0 discrepancies");
    const rows = answers.reduce((n, a) => n + a.rows.length, 0);
    expect(rows).toBeGreaterThan(0);
    expect(await page.getByTestId("time-sync-row").count()).toBe(rows);
    await expect.poll(() => progress.count()).toBe(0);
    await axeClean(page, "time-sync report");
    await snap(page, "reports-time-sync");
    await context.close();
  });

  it("can be cancelled, and /reporting/time-sync-validation is the same page", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/reporting/time-sync-validation");
    await page.getByRole("heading", { name: "Time Sync Validation", level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel("To").inputValue()).not.toBe("");
    await page.route("**/api/reports/time-sync/check?*", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => undefined);
    });
    await page.getByRole("button", { name: "Check", exact: true }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByText("Cancelled: only the parts already read are shown.").waitFor();
    expect(await page.getByTestId("time-sync-clean").count()).toBe(0);
    await context.close();
  });

  it("fits a 390 px phone without horizontal overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/reporting/time-sync");
    await expect.poll(() => page.getByLabel("To").inputValue()).not.toBe("");
    await runCheck(page);
    await page.getByTestId("time-sync-row").first().waitFor();
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(" | ")).toBe(0);
    await axeClean(page, "time-sync report at 390 px");
    await snap(page, "reports-time-sync-mobile");
    await context.close();
  });
});

describe("time-sync validation as a member", () => {
  it("shows 'You don't have access' and the API answers 403", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    await page.goto("/reporting/time-sync");
    await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    expect(
      (await context.request.get("/api/reports/time-sync/check?from=2026-01-01&to=2026-01-07")).status(),
    ).toBe(403);
    await context.close();
  });
});
