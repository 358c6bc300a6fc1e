import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

/*
 * Settings tabs (PRODUCT.md → Settings: Organization · People · ClickUp · Slack · Security log ·
 * Account), each deep-linkable as /settings?tab=<id>. Which tabs each role sees, that each tab
 * shows only its own panels, that an unknown or not-permitted tab falls back to Organization,
 * and that switching tabs keeps the tab in the URL through a reload and back/forward.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Role = "owner" | "admin" | "member";
const LABELS: Record<string, string> = {
  organization: "Organization",
  people: "People",
  clickup: "ClickUp",
  slack: "Slack",
  security: "Security log",
  account: "Account",
};

/** The tabs each role sees, in order (spec §6: Slack is the owner's, Security log admin's and owner's). */
const TABS: Record<Role, string[]> = {
  owner: ["organization", "people", "clickup", "slack", "security", "account"],
  admin: ["organization", "people", "clickup", "security", "account"],
  member: ["organization", "people", "clickup", "account"],
};

/** The panel titles each tab shows to admins and owners (members: see MEMBER_HIDDEN). */
const PANELS: Record<string, string[]> = {
  organization: ["Organization"],
  people: ["Members", "People capacity", "Time off"],
  clickup: ["ClickUp", "ClickUp sync"],
  slack: ["Slack"],
  security: ["Security log"],
  account: ["Your profile", "Calendar feed"],
};
/** Panels a member never gets, even on a tab they see. */
const MEMBER_HIDDEN = ["Members", "People capacity", "ClickUp sync"];

const tabList = (page: Page) => page.getByRole("tablist", { name: "Settings sections" });
const tab = (page: Page, id: string) => tabList(page).getByRole("tab", { name: LABELS[id], exact: true });

/** The card titles of the shown tab panel. */
async function panelTitles(page: Page): Promise<string[]> {
  const titles = await page.locator('[role="tabpanel"] [data-slot="card-title"]').allInnerTexts();
  return titles.map((t) => t.trim());
}

async function expectSelected(page: Page, id: string): Promise<void> {
  await expect.poll(() => tab(page, id).getAttribute("aria-selected")).toBe("true");
  expect(await page.getByRole("tabpanel").count()).toBe(1);
}

describe("Settings tabs", () => {
  for (const role of ["owner", "admin", "member"] as const) {
    it(`${role}@demo.test sees exactly their tabs, each showing only its own panels`, async () => {
      const { context, page } = await newPage(browser, DESKTOP);
      await signInAsDemo(context, `${role}@demo.test`);
      await openRoute(page, "/settings");
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Settings");
      expect(await tabList(page).getByRole("tab").allInnerTexts()).toEqual(
        TABS[role].map((id) => LABELS[id]),
      );
      await expectSelected(page, "organization");

      for (const id of TABS[role]) {
        await openRoute(page, `/settings?tab=${id}`);
        await expectSelected(page, id);
        const expected = PANELS[id]!.filter((t) => role !== "member" || !MEMBER_HIDDEN.includes(t));
        const others = Object.entries(PANELS)
          .filter(([other]) => other !== id)
          .flatMap(([, titles]) => titles);
        const shown = await panelTitles(page);
        for (const title of expected) expect(shown, `${role} ${id}`).toContain(title);
        for (const title of others) expect(shown, `${role} ${id}`).not.toContain(title);
        if (role === "member") {
          for (const title of MEMBER_HIDDEN) expect(shown, `${role} ${id}`).not.toContain(title);
        }
      }

      // A tab the role may not open, and one that does not exist, show Organization.
      const refused = ["nope", "SLACK", ...Object.keys(LABELS).filter((id) => !TABS[role].includes(id))];
      for (const id of refused) {
        await openRoute(page, `/settings?tab=${id}`);
        await expectSelected(page, "organization");
        expect(await panelTitles(page), `${role} ?tab=${id}`).toEqual(["Organization"]);
      }
      if (role === "member") expect(refused).toContain("security");
      await context.close();
    }, 120_000);
  }

  it("switching tabs replaces the URL; reload and back/forward keep the tab; /organization lands on Organization", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/dashboard");
    await openRoute(page, "/settings");
    const historyLength = await page.evaluate(() => history.length);

    await tab(page, "slack").click();
    await page.waitForURL((u) => u.pathname === "/settings" && u.search === "?tab=slack");
    await expectSelected(page, "slack");
    await page.locator('[role="tabpanel"] [data-slot="card-title"]', { hasText: /^Slack$/ }).waitFor();
    expect(await page.evaluate(() => history.length)).toBe(historyLength); // replaced, not pushed
    await page.reload();
    await expectSelected(page, "slack");
    await page.locator('[role="tabpanel"] [data-slot="card-title"]', { hasText: /^Slack$/ }).waitFor();

    // Arrow keys move between tabs (Radix) and the URL follows.
    await tab(page, "slack").focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL((u) => u.search === "?tab=security");
    await expectSelected(page, "security");
    await page.keyboard.press("ArrowRight");
    await page.waitForURL((u) => u.search === "?tab=account");
    await expectSelected(page, "account");

    // Away and back again: the tab is still the one last chosen.
    await openRoute(page, "/projects");
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/settings" && u.search === "?tab=account");
    await expectSelected(page, "account");
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await page.goForward();
    await page.waitForURL((u) => u.pathname === "/settings" && u.search === "?tab=account");
    await expectSelected(page, "account");

    for (const path of ["/organization", "/organization/settings"]) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === "/settings");
      await expectSelected(page, "organization");
    }
    await context.close();
  }, 120_000);

  it("screenshots at 1280 px and 390 px; at 390 px all six tabs fit without page overflow", async () => {
    const desktop = await newPage(browser, DESKTOP);
    await signInAsDemo(desktop.context, "owner@demo.test");
    await openRoute(desktop.page, "/settings?tab=people");
    await snap(desktop.page, "settings-tabs-owner-1280");
    await desktop.context.close();

    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "owner@demo.test");
    await openRoute(page, "/settings?tab=slack");
    expect(await tabList(page).getByRole("tab").count()).toBe(6);
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(" | ")).toBe(0);
    for (const id of TABS.owner) {
      const box = (await tab(page, id).boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(MOBILE.width);
    }
    await axeClean(page, "settings tabs 390 px", '[role="tablist"]');
    await snap(page, "settings-tabs-owner-390");
    await context.close();
  }, 120_000);
});
