import fs from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, toIsoDate } from "@domain/index";
import { horizontalOverflow, openRoute } from "./app-routes";
import { axeClean } from "./axe";
import { appNow, baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

/*
 * /finance/audit (issue 14 item 6): an admin changes a rate card, then finds the change on the
 * finance audit screen — who, when, the object with its link and the rate old → new as money —
 * filters by object (kept in the URL) and downloads exactly the filtered rows as CSV. The demo's
 * seeded budgets are on the trail under the owner's name. axe at 1280 and 390 px, no overflow at
 * 390 px; a member gets 'You don't have access'.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What a sighted reader sees: the text without screen-reader-only words, spaces collapsed. */
const text = (locator: Locator) =>
  locator.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll(".sr-only")) hidden.remove();
    for (const cell of copy.querySelectorAll("dt, dd")) cell.append(" ");
    return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
  });

/** The rows once the list shows the URL's filter (not the previous one's rows while it loads). */
async function settledRows(page: Page) {
  await page.locator('[data-testid="finance-audit-list"]:not([aria-busy])').waitFor();
  return page.getByRole("list", { name: "Finance changes, newest first" }).getByRole("listitem");
}

describe("finance audit as an admin", () => {
  it("shows a rate change with a readable diff, filters by object in the URL and downloads that CSV", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    const api = async (method: string, path: string, data?: unknown) => {
      const res = await context.request.fetch(path, { method, data, headers: { origin: baseUrl() } });
      expect(res.status(), `${method} ${path}`).toBeLessThan(300);
      return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
    };
    // A change to a rate card: a role rate added, then raised.
    const cards = (await api("GET", "/api/rate-cards")) as { cards: Array<{ id: string; name: string }> };
    const staff = cards.cards.find((c) => c.name === "Staff cost")!;
    const from = toIsoDate(addDays(appNow(), -3))!;
    const line = (await api("POST", `/api/rate-cards/${staff.id}/lines`, {
      subjectType: "role",
      subjectId: "audit-e2e",
      rateMinor: 8000,
      effectiveFrom: from,
    })) as { id: string };
    await api("PATCH", `/api/rate-cards/${staff.id}/lines/${line.id}`, { rateMinor: 9250 });

    await openRoute(page, "/finance/audit");
    await page.getByRole("heading", { name: "Finance Audit", level: 1 }).waitFor();
    await page.getByLabel("Object").selectOption("rate_card_line");
    await expect.poll(() => new URL(page.url()).searchParams.get("object")).toBe("rate_card_line");
    // Until the list shows the filter's rows (not the previous rows while it loads).
    await expect
      .poll(async () => {
        const objects = await (
          await settledRows(page)
        ).evaluateAll((els) => els.map((el) => el.getAttribute("data-object")));
        return objects.length > 0 && objects.every((o) => o === "rate_card_line");
      })
      .toBe(true);
    const rows = await settledRows(page);
    const newest = rows.first();
    expect(await newest.getAttribute("data-action")).toBe("updated");
    expect(await text(newest)).toContain("Adam Admin");
    expect(await text(newest)).toContain("Staff cost — audit-e2e");
    expect(await text(newest.locator('[data-field="rateMinor"]'))).toBe("Rate $80.00 → $92.50");
    expect(await newest.getByRole("link", { name: "Staff cost — audit-e2e" }).getAttribute("href")).toBe(
      "/finance/rate-cards",
    );
    // The creation lists what the line was made with.
    const created = rows.nth(1);
    expect(await created.getAttribute("data-action")).toBe("created");
    expect(await text(created.locator('[data-field="rateMinor"]'))).toBe("Rate $80.00");
    await axeClean(page, "finance audit, filtered");
    await snap(page, "finance-audit-desktop");

    // The CSV is exactly the filtered list.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file!, "utf8").replace(/^\uFEFF/, "");
    const records = csv.trim().split("\r\n");
    expect(records[0]).toMatch(
      /^When \(UTC\),Who,Who E-mail,Impersonated By,Object,Object ID,Name,Project,Action,/,
    );
    const listed = await rows.count();
    expect(records.length - 1).toBe(listed);
    for (const r of records.slice(1)) expect(r).toContain(",Rate card line,");
    expect(records[1]).toContain("Adam Admin");
    expect(records[1]).toContain('""rateMinor"":9250');

    // Leave the demo as it was.
    await api("DELETE", `/api/rate-cards/${staff.id}/lines/${line.id}`);
    await context.close();
  });

  it("the demo's budgets are on the trail under the owner's name, with links to them", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/finance/audit?object=budget_revision");
    const rows = page.getByRole("list", { name: "Finance changes, newest first" }).getByRole("listitem");
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    // Other browser tests share the app and may have changed budgets since: look at the owner's rows.
    const owners = rows.filter({ hasText: "Olivia Owner" });
    await expect.poll(() => owners.count(), { timeout: 30_000 }).toBeGreaterThan(3);
    const href = await owners.first().getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/finance\/budgets\/[\w-]+$/);
    // A status change reads as words.
    expect(await text(owners.first().locator('[data-field="status"]').first())).toMatch(
      /^Status (Draft|Submitted|Approved)( → (Submitted|Approved|Closed|Superseded))?$/,
    );
    await context.close();
  });

  it("at 390 px: readable rows, no horizontal overflow, axe clean; an empty filter says what to do", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "admin@demo.test");
    await openRoute(page, "/finance/audit");
    await page.getByRole("list", { name: "Finance changes, newest first" }).waitFor();
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, culprits.join(" | ")).toBe(0);
    await axeClean(page, "finance audit 390 px");
    await snap(page, "finance-audit-mobile");
    // A filter nothing matches (the demo's trail starts long after 1 January 2000).
    await openRoute(page, "/finance/audit?object=budget&to=2000-01-01");
    await page.getByText("No changes match these filters").waitFor();
    await page.getByRole("button", { name: "clear the filters" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await page.getByRole("list", { name: "Finance changes, newest first" }).waitFor();
    await context.close();
  });
});

describe("finance audit as a member", () => {
  it("opening the URL shows 'You don't have access' and no rows", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    await page.goto("/finance/audit");
    await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    expect(await page.getByRole("list", { name: "Finance changes, newest first" }).count()).toBe(0);
    const res = await context.request.get("/api/audit/finance");
    expect(res.status()).toBe(403);
    await context.close();
  });
});
