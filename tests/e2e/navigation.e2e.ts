import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupProjectsByPhase, groupProjectsBySpace } from "@domain/project-groups";
import type { NavProjectsResponse } from "../../server/modules/projects/contract";
import { DESKTOP, launchBrowser, MOBILE, newPage, snap, signInAsDemo } from "./browser";

/*
 * Landing page signed out; then, signed in as each demo role (npm start's demo agency), the
 * desktop menus and the mobile slide-out and tab bar show exactly what the role may see.
 */

const ROLES = [
  {
    role: "owner",
    email: "owner@demo.test",
    items: ["Dashboard", "Milestones", "Workload", "Finance", "Reports", "Templates"],
  },
  {
    role: "admin",
    email: "admin@demo.test",
    items: ["Dashboard", "Milestones", "Workload", "Finance", "Reports", "Templates"],
  },
  { role: "member", email: "member@demo.test", items: ["Dashboard", "Milestones", "Workload"] },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function navProjects(context: BrowserContext): Promise<NavProjectsResponse> {
  const res = await context.request.get("/api/projects/nav");
  expect(res.status()).toBe(200);
  return (await res.json()) as NavProjectsResponse;
}

describe("landing page, signed out", () => {
  it("shows every section, the comparison table and the six calls to action", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    const text = (await page.locator("body").innerText()).toLowerCase();
    for (const topic of [
      "asset",
      "aicp",
      "purchase order",
      "invoice",
      "rate card",
      "portal",
      "migration",
      "training",
    ]) {
      expect(text, topic).toContain(topic);
    }
    for (const cta of [
      "Book a Demo",
      "See Pricing",
      "Explore Core Features",
      "View All Integrations",
      "Get a Free Migration Quote",
      "Book Your Personalized Demo",
    ]) {
      expect(await page.getByText(cta, { exact: true }).count(), cta).toBeGreaterThan(0);
    }
    expect(await page.getByRole("table").count()).toBeGreaterThan(0);
    await snap(page, "landing-desktop");
    await context.close();
  });
});

describe.each(ROLES)("signed in as $role", ({ email, items }) => {
  it("shows the role's menu items and the Bid/Creative/Post submenus of the demo data", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, email);
    const nav = await navProjects(context);
    expect(nav.projects.some((p) => p.spaceName?.trim().toUpperCase() === "COMPLETED JOBS")).toBe(false);
    await page.goto("/dashboard");
    const main = page.getByRole("navigation", { name: "Main" });
    await main.waitFor();
    const links = await main.getByRole("link").allInnerTexts();
    expect(links.map((l) => l.trim()).filter((l) => l !== "Agency Hub")).toEqual(items);

    await main.getByRole("button", { name: "Projects" }).click();
    const all = page.getByRole("menuitem", { name: /^All/ });
    await all.waitFor();
    await expect
      .poll(async () => (await all.innerText()).replace(/\s+/g, " ").trim())
      .toBe(`All ${nav.total}`);
    const groups = groupProjectsByPhase(nav.projects);
    for (const [phase, label, empty] of [
      ["bid", "Bid", "No bid projects"],
      ["creative", "Creative", "No creative projects"],
      ["post", "Post", "No post projects"],
    ] as const) {
      const trigger = page.getByRole("menuitem", { name: new RegExp(`^${label}`) });
      await trigger.hover();
      await trigger.press("ArrowRight");
      const subId = await trigger.getAttribute("aria-controls");
      const sub = page.locator(`[id="${subId}"]`);
      await sub.waitFor();
      const expected = groups[phase].length ? groups[phase].map((p) => p.name) : [empty];
      await expect
        .poll(async () => (await sub.getByRole("menuitem").allInnerTexts()).map((n) => n.trim()), {
          message: label,
        })
        .toEqual(expected);
      if (groups[phase][0]) {
        expect(await sub.getByRole("menuitem").first().getAttribute("href")).toBe(
          `/projects/${groups[phase][0].id}`,
        );
      }
    }
    expect(await page.locator("body").innerText()).not.toContain("COMPLETED JOBS");
    await snap(page, `nav-desktop-${email.split("@")[0]}`);
    await context.close();
  });

  it("works at 390 px: slide-out menu grouped by space and the bottom tab bar", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, email);
    const nav = await navProjects(context);
    await page.goto("/dashboard");
    const tabs = page.getByRole("navigation", { name: "Tabs" });
    await tabs.waitFor();
    const expectedTabs = items.filter((i) => i !== "Templates");
    expect((await tabs.getByRole("link").allInnerTexts()).map((t) => t.trim())).toEqual(expectedTabs);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);

    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog");
    await sheet.waitFor();
    expect(await sheet.getByText(email).isVisible()).toBe(true);
    for (const label of [...items, "Organization", "Settings", "Sign Out"]) {
      expect(await sheet.getByText(label, { exact: true }).first().isVisible(), label).toBe(true);
    }
    await sheet.getByRole("button", { name: "Projects" }).click();
    const spaces = groupProjectsBySpace(nav.projects);
    const shown = sheet.getByTestId("mobile-space");
    await expect.poll(() => shown.count()).toBe(spaces.length);
    for (const [i, space] of spaces.entries()) {
      const block = shown.nth(i);
      const text = await block.innerText();
      expect(text.toUpperCase()).toContain(space.spaceName.toUpperCase());
      expect(await block.getByRole("link").count()).toBe(
        space.projects.length + (space.hiddenCount > 0 ? 1 : 0),
      );
      if (space.hiddenCount > 0) expect(text).toContain(`+${space.hiddenCount} more`);
    }
    expect(await sheet.innerText()).not.toContain("COMPLETED JOBS");
    await snap(page, `nav-mobile-${email.split("@")[0]}`);
    await sheet.getByRole("button", { name: "Projects" }).click();
    await sheet.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL("**/auth");
    await context.close();
  });
});
