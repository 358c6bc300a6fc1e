import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPACITY_HOURS_PER_DAY, LOAD_BAR_FULL_HOURS } from "@domain/index";
import { openRoute, signedIn } from "./app-routes";
import { DESKTOP, launchBrowser, MOBILE, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sum of the page's layout-shift scores without recent input (cumulative layout shift). */
const CLS_OBSERVER = `
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
`;

/**
 * Hold the dashboard's requests until released, so the loading states are painted on every run
 * (a fast machine would otherwise skip them and the measurement would depend on timing luck).
 */
function holdRequests(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  let released = false;
  void page.route(pattern, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

describe("dashboard layout", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["390 px", MOBILE],
  ] as const) {
    it(`cumulative layout shift of a cold dashboard load stays under 0.1 (${name})`, async () => {
      const { context, page } = await signedIn(browser, "member@demo.test", viewport);
      await page.addInitScript(CLS_OBSERVER);
      const summary = holdRequests(page, /\/api\/dashboard(\?.*)?$/);
      const parts = holdRequests(page, /\/api\/dashboard\/(week|projects|other-tasks)(\?.*)?$/);
      await page.goto("/dashboard");
      await page.getByTestId("dashboard-skeleton").waitFor();
      await expect.poll(() => summary.count()).toBeGreaterThan(0);
      await summary.release();
      // The summary is in: greeting and figures, the week and the panels still loading.
      await page.getByTestId("greeting").waitFor();
      await expect.poll(() => parts.count()).toBe(3);
      await page.waitForTimeout(100); // let the loading frame be painted
      await parts.release();
      await page.getByTestId("task-card").first().waitFor();
      await page.getByTestId("project-row").first().waitFor();
      await page.waitForFunction(() => document.querySelector('[data-slot="skeleton"]') === null);
      await page.waitForTimeout(200); // layout-shift entries are reported after the frame
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      await snap(page, `dashboard-loaded-${name.replace(" ", "")}`);
      await context.close();
      expect(cls, `cumulative layout shift ${cls.toFixed(3)}`).toBeLessThan(0.1);
    }, 60_000);
  }

  it("each day's load bar marks the 8 h capacity on its 12 h scale", async () => {
    const { context, page } = await signedIn(browser, "member@demo.test", DESKTOP);
    await openRoute(page, "/dashboard");
    const days = page.getByTestId("week-day");
    expect(await days.count()).toBe(5);
    for (let i = 0; i < 5; i++) {
      const meter = days.nth(i).getByRole("meter");
      const bar = (await meter.boundingBox())!;
      const mark = (await days.nth(i).getByTestId("capacity-mark").boundingBox())!;
      const markCentre = mark.x + mark.width / 2 - bar.x;
      expect(Math.abs(markCentre - (bar.width * CAPACITY_HOURS_PER_DAY) / LOAD_BAR_FULL_HOURS)).toBeLessThan(
        1.5,
      );
      expect(mark.height).toBeGreaterThan(bar.height); // it stands out of the bar, visible at any load
      expect(await meter.getAttribute("aria-valuetext")).toMatch(/ of 8\.0h capacity$/);
    }
    await days.first().screenshot({ path: "test-results/dashboard-day-capacity-mark.png" });
    await context.close();
  });
});
