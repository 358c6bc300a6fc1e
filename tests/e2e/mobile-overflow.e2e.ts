import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, openRoute, PUBLIC_ROUTES, signedIn, signedInRoutes } from "./app-routes";
import { launchBrowser, MOBILE, newPage, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page is no wider than a 390 px phone: nothing scrolls sideways except inside its own region. */
describe("no horizontal overflow at 390 px", () => {
  it("signed out: every public route", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    const problems: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      await openRoute(page, route);
      const { overflow, culprits } = await horizontalOverflow(page);
      if (overflow > 0) problems.push(`${route}: ${overflow}px too wide; ${culprits.join(" | ")}`);
    }
    await context.close();
    expect(problems.join("\n")).toBe("");
  }, 120_000);

  for (const who of ["admin", "member"]) {
    it(`${who}@demo.test: every route`, async () => {
      const { context, page, projectId } = await signedIn(browser, `${who}@demo.test`, MOBILE);
      const problems: string[] = [];
      for (const route of signedInRoutes(projectId)) {
        await openRoute(page, route);
        const { overflow, culprits } = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${route}: ${overflow}px too wide; ${culprits.join(" | ")}`);
      }
      await openRoute(page, "/settings");
      await snap(page, `mobile-settings-${who}`);
      await openRoute(page, `/projects/${encodeURIComponent(projectId)}`);
      await snap(page, `mobile-project-${who}`);
      await context.close();
      expect(problems.join("\n")).toBe("");
    }, 180_000);
  }
});
