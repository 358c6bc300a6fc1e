import fs from "node:fs";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyLoadColor, formatHours, isOverCapacity, MESSAGES } from "@domain/index";
import { formatBasisPoints, formatMoney, UNPRICED_LABEL } from "@domain/money";
import type { WorkloadEntriesResponse, WorkloadResponse } from "../../server/modules/workload/contract";
import { axeClean } from "./axe";
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sign in as a demo user (the global setup waited for the demo agency's first sync). */
const signIn = (page: Page, email: string) => signInAsDemo(page.context(), email);

const isGrid = (r: Response) =>
  new URL(r.url()).pathname === "/api/workload" && r.request().method() === "GET";

/** Open a /workload URL and return the grid answer the page drew from. */
async function openWorkload(page: Page, path: string): Promise<WorkloadResponse> {
  const [response] = await Promise.all([page.waitForResponse(isGrid), page.goto(path)]);
  expect(response.status(), response.url()).toBe(200);
  const data = (await response.json()) as WorkloadResponse;
  await page.getByTestId("workload-summary").waitFor();
  return data;
}

/** Run `act` and return the next grid answer (a zoom, window or filter change). */
async function nextGrid(
  page: Page,
  act: () => Promise<unknown>,
): Promise<{ data: WorkloadResponse; url: URL }> {
  const [response] = await Promise.all([page.waitForResponse(isGrid), act()]);
  expect(response.status(), response.url()).toBe(200);
  return { data: (await response.json()) as WorkloadResponse, url: new URL(response.url()) };
}

/** The spec §9 colour of a day's confirmed minutes, from the domain rule (empty days have none). */
const expectedLoad = (minutes: number) => (minutes > 0 ? dailyLoadColor(minutes / 60) : "none");

/**
 * Every cell the grid has drawn carries its minutes and the §9 colour of those minutes, as the
 * API sent them, and is tinted with that colour's class; tentative load is hatched.
 */
async function checkDrawnCells(page: Page, data: WorkloadResponse): Promise<number> {
  const cells = await page.locator('[data-testid="workload-row"] [role="cell"]').evaluateAll((nodes) =>
    nodes.map((n) => {
      const el = n as HTMLElement;
      const button = el.querySelector("button");
      return {
        person: el.closest<HTMLElement>("[data-person]")?.dataset.person ?? "",
        day: el.dataset.day ?? "",
        minutes: Number(el.dataset.minutes),
        load: el.dataset.load ?? "",
        tentative: Number(el.dataset.tentative ?? 0),
        over: el.dataset.over === "true",
        classes: button?.className ?? "",
        hatch: button ? getComputedStyle(button).backgroundImage : "",
      };
    }),
  );
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) {
    const index = data.days.indexOf(cell.day);
    const row =
      cell.person === "unassigned" ? data.unassigned : data.people.find((p) => p.id === cell.person);
    expect(row, cell.person).toBeDefined();
    const booked = row?.booked[index] ?? -1;
    const tentative = row?.tentative[index] ?? -1;
    const where = `${cell.person} ${cell.day}`;
    expect(cell.minutes, where).toBe(booked);
    expect(cell.tentative, where).toBe(tentative);
    expect(cell.load, where).toBe(expectedLoad(booked));
    expect(cell.over, where).toBe(booked > 0 && isOverCapacity(booked / 60));
    if (booked > 0) expect(cell.classes, where).toContain(`bg-${cell.load}-100`);
    if (tentative > 0) expect(cell.hatch, where).toContain("repeating-linear-gradient");
    else if (booked > 0) expect(cell.hatch, where).toBe("none");
  }
  return cells.length;
}

/** The first person with tentative minutes and the first day with confirmed ones. */
function pickPeople(data: WorkloadResponse) {
  const tentative = data.people.find((p) => p.tentative.some((m) => m > 0));
  const booked = data.people.find((p) => p.booked.some((m) => m > 0));
  return { tentative, booked };
}

describe("workload as admin@demo.test", () => {
  it("draws the grid in §9 colours with tentative hatched, zooms, filters in the URL, drills into a cell, exports CSV", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "admin@demo.test");
    const month = await openWorkload(page, "/workload?zoom=month");
    expect(month.canViewFinancials).toBe(true);
    expect(month.people.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('[role="columnheader"][data-day]').count()).toBe(month.days.length);
    expect(await checkDrawnCells(page, month)).toBeGreaterThan(month.days.length);
    // Per-person totals, and money for a financial viewer.
    const first = page.getByTestId("workload-row").first();
    const firstId = await first.getAttribute("data-person");
    const firstPerson = month.people.find((p) => p.id === firstId);
    expect(await first.getByTestId("row-totals").textContent()).toContain(
      `${formatHours((firstPerson?.totals.booked ?? 0) / 60)} / ${formatHours((firstPerson?.totals.capacity ?? 0) / 60)}`,
    );
    expect(await page.getByTestId("row-money").count()).toBeGreaterThan(0);
    // The unresolved-name count is shown to admins when there is one.
    expect(await page.getByTestId("unresolved-names").count()).toBe(month.unresolvedNames > 0 ? 1 : 0);
    await snap(page, "workload-admin-month");
    await axeClean(page, "workload desktop");

    // Tentative load of a person, brought into view with the person filter (kept in the URL).
    const { tentative: bidder, booked: busy } = pickPeople(month);
    expect(bidder, "a person with Bid-phase work this month").toBeDefined();
    const filtered = await nextGrid(page, () =>
      page.getByLabel("Person", { exact: true }).selectOption(bidder!.id),
    );
    expect(new URL(page.url()).searchParams.get("person")).toBe(bidder!.id);
    expect(filtered.url.searchParams.get("person")).toBe(bidder!.id);
    expect(filtered.data.people.map((p) => p.id)).toEqual([bidder!.id]);
    await checkDrawnCells(page, filtered.data);
    const hatched = page
      .locator(`[data-person="${bidder!.id}"] [role="cell"][data-tentative] button`)
      .first();
    expect(await hatched.evaluate((b) => getComputedStyle(b).backgroundImage)).toContain(
      "repeating-linear-gradient",
    );
    // Without tentative: the request says so and no cell is hatched.
    // The box is controlled by the URL (it changes once the navigation lands): click it and wait for
    // the grid it asks for, rather than check()/uncheck(), which read the state at once.
    const tentativeBox = page.getByLabel("Include tentative");
    const confirmed = await nextGrid(page, () => tentativeBox.click());
    expect(confirmed.url.searchParams.get("tentative")).toBe("false");
    expect(new URL(page.url()).searchParams.get("tentative")).toBe("false");
    await expect.poll(() => page.locator("[data-tentative]").count()).toBe(0);
    await expect.poll(() => tentativeBox.isChecked()).toBe(false);
    // Back on (that grid may come from the query cache, so no request is awaited).
    await tentativeBox.click();
    await expect.poll(() => tentativeBox.isChecked()).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get("tentative")).toBeNull();
    await expect.poll(() => page.locator("[data-tentative]").count()).toBeGreaterThan(0);

    // Zoom: quarter, then 2 weeks (the default drops out of the URL).
    const quarter = await nextGrid(page, () => page.getByRole("button", { name: "Quarter" }).click());
    expect(new URL(page.url()).searchParams.get("zoom")).toBe("quarter");
    expect(quarter.data.days.length).toBeGreaterThanOrEqual(90);
    await expect
      .poll(() => page.locator('[role="columnheader"][data-day]').count())
      .toBe(quarter.data.days.length);
    const twoWeeks = await nextGrid(page, () => page.getByRole("button", { name: "2 weeks" }).click());
    expect(new URL(page.url()).searchParams.has("zoom")).toBe(false);
    expect(twoWeeks.data.days).toHaveLength(14);

    // A person's name opens their month.
    await nextGrid(page, () => page.getByLabel("Person", { exact: true }).selectOption(""));
    expect(new URL(page.url()).searchParams.has("person")).toBe(false);
    const name = page.getByTestId("workload-row").first().locator("[data-open-person]");
    const personId = (await name.getAttribute("data-open-person"))!;
    await name.click();
    await page.waitForURL(
      (u) => u.searchParams.get("zoom") === "month" && u.searchParams.get("person") === personId,
    );
    await expect
      .poll(() =>
        page
          .getByTestId("workload-row")
          .evaluateAll((rows) => [...new Set(rows.map((r) => (r as HTMLElement).dataset.person))]),
      )
      .toEqual([personId]);

    // Drill-down: the busiest person's first booked day lists its tasks, linking to ClickUp.
    const person = busy!;
    const inMonth = { data: await openWorkload(page, `/workload?zoom=month&person=${person.id}`) };
    const row = inMonth.data.people.find((p) => p.id === person.id)!;
    const dayIndex = row.booked.findIndex((m) => m > 0);
    expect(dayIndex, "a booked day in the month").toBeGreaterThanOrEqual(0);
    const day = inMonth.data.days[dayIndex]!;
    const [entriesResponse] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/workload/entries"),
      page.locator(`[data-person="${person.id}"] [role="cell"][data-day="${day}"] button`).click(),
    ]);
    expect(entriesResponse.status()).toBe(200);
    const query = new URL(entriesResponse.url()).searchParams;
    expect(query.get("person")).toBe(person.id);
    expect(query.get("day")).toBe(day);
    const entries = (await entriesResponse.json()) as WorkloadEntriesResponse;
    expect(entries.items.length).toBeGreaterThan(0);
    const dialog = page.getByTestId("cell-dialog");
    await expect.poll(() => dialog.getByTestId("cell-entry").count()).toBe(entries.items.length);
    expect(await dialog.getByRole("heading").first().textContent()).toContain(row.name);
    const linked = entries.items.find((e) => e.url);
    if (linked) expect(await dialog.locator(`a[href="${linked.url}"]`).count()).toBeGreaterThan(0);
    await snap(page, "workload-admin-cell");
    await page.keyboard.press("Escape");

    // CSV of the same filters.
    const download = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("workload-csv").click(),
    ]);
    const href = await page.getByTestId("workload-csv").getAttribute("href");
    expect(new URL(href!, baseUrl()).searchParams.get("person")).toBe(person.id);
    const file = await download[0].path();
    const lines = fs
      .readFileSync(file, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain("Person");
    expect(lines[0]).toContain("Booked Hours");
    expect(lines).toHaveLength(1 + inMonth.data.days.length);
    await context.close();
  });

  it("shows each person's cost and revenue totals, what is unpriced, and utilisation against the target", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "admin@demo.test");
    const month = await openWorkload(page, "/workload?zoom=month");
    expect(month.canViewFinancials).toBe(true);
    const money = (amount: number | null) =>
      amount === null ? UNPRICED_LABEL : formatMoney(amount, month.currency);
    // The demo prices its bookings: the window's totals have money, summed from the rows.
    expect(month.totals.cost).not.toBeNull();
    expect(month.totals.revenue).not.toBeNull();
    const rows = [...month.people.map((p) => p.totals), month.unassigned.totals];
    expect(month.totals.cost).toBe(rows.reduce((sum, t) => sum + (t.cost ?? 0), 0));
    expect(month.totals.revenue).toBe(rows.reduce((sum, t) => sum + (t.revenue ?? 0), 0));
    expect(await page.getByTestId("summary-cost").textContent()).toContain(money(month.totals.cost));
    expect(await page.getByTestId("summary-revenue").textContent()).toContain(money(month.totals.revenue));
    // Every drawn row shows its own totals with the domain formatter, marked when partly unpriced.
    const drawn = await page.getByTestId("workload-row").evaluateAll((nodes) =>
      nodes.map((n) => {
        const el = n as HTMLElement;
        const cost = el.querySelector<HTMLElement>('[data-testid="row-cost"]');
        const revenue = el.querySelector<HTMLElement>('[data-testid="row-revenue"]');
        return {
          person: el.dataset.person ?? "",
          cost: cost?.textContent ?? null,
          revenue: revenue?.textContent ?? null,
          costPartly: cost?.dataset.partlyUnpriced === "true",
          revenuePartly: revenue?.dataset.partlyUnpriced === "true",
          vsTarget: el.querySelector<HTMLElement>('[data-testid="row-totals"]')?.dataset.vsTarget ?? null,
        };
      }),
    );
    expect(drawn.length).toBeGreaterThan(0);
    for (const row of drawn) {
      const totals =
        row.person === "unassigned"
          ? month.unassigned.totals
          : month.people.find((p) => p.id === row.person)!.totals;
      const partly = (amount: number | null, unpriced: number | null) =>
        amount !== null && (unpriced ?? 0) > 0;
      expect(row.cost, row.person).toContain(money(totals.cost));
      expect(row.revenue, row.person).toContain(money(totals.revenue));
      expect(row.costPartly, row.person).toBe(partly(totals.cost, totals.unpricedCostMinutes));
      expect(row.revenuePartly, row.person).toBe(partly(totals.revenue, totals.unpricedRevenueMinutes));
    }
    // The demo gives the first people a utilisation target: the row compares with it.
    const targeted = month.people.filter((p) => p.utilisationTargetBp !== null);
    expect(targeted.length, "demo people with a utilisation target").toBeGreaterThan(0);
    for (const p of targeted) {
      const row = drawn.find((r) => r.person === p.id);
      if (!row) continue; // not drawn (virtualised)
      const expected =
        p.totals.utilisationBp === null
          ? null
          : p.totals.utilisationBp >= p.utilisationTargetBp!
            ? "met"
            : "below";
      expect(row.vsTarget, p.id).toBe(expected);
    }
    await page.screenshot({ path: "/tmp/workload-totals-1280.png" });

    // A person's month: their totals, their target and their money in the summary.
    const person = targeted.find((p) => p.totals.utilisationBp !== null) ?? targeted[0]!;
    const theirs = await openWorkload(page, `/workload?zoom=month&person=${person.id}`);
    const them = theirs.people.find((p) => p.id === person.id)!;
    const summary = page.getByTestId("workload-summary");
    expect(await summary.textContent()).toContain(them.name);
    expect(await page.getByTestId("summary-target").textContent()).toContain(
      formatBasisPoints(them.utilisationTargetBp!),
    );
    expect(await page.getByTestId("summary-cost").textContent()).toContain(money(them.totals.cost));
    expect(await page.getByTestId("summary-revenue").textContent()).toContain(money(them.totals.revenue));
    await page.screenshot({ path: "/tmp/workload-person-month-1280.png" });
    await context.close();

    // 390 px: the person view carries the same money.
    const mobile = await newPage(browser, MOBILE);
    await signIn(mobile.page, "admin@demo.test");
    const small = await openWorkload(mobile.page, "/workload");
    await mobile.page.getByTestId("workload-mobile").waitFor();
    const shown = await mobile.page.getByLabel("Person", { exact: true }).last().inputValue();
    const shownTotals = small.people.find((p) => p.id === shown)!.totals;
    const moneyLine = mobile.page.getByTestId("row-money");
    expect(await moneyLine.textContent()).toContain(money(shownTotals.cost));
    expect(await moneyLine.textContent()).toContain(money(shownTotals.revenue));
    expect(
      await mobile.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    await mobile.page.screenshot({ path: "/tmp/workload-totals-390.png" });
    await mobile.context.close();
  });

  it("a space filter is kept in the URL and sent to the API; the page opened from that URL shows the same", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "admin@demo.test");
    const all = await openWorkload(page, "/workload");
    const spaceOption = page.getByLabel("Space", { exact: true }).locator("option:not([value=''])").first();
    const space = await spaceOption.getAttribute("value");
    expect(space).toBeTruthy();
    const bySpace = await nextGrid(page, () =>
      page.getByLabel("Space", { exact: true }).selectOption(space!),
    );
    expect(bySpace.url.searchParams.get("space")).toBe(space);
    const shared = page.url();
    expect(new URL(shared).searchParams.get("space")).toBe(space);
    expect(bySpace.data.totals.booked).toBeLessThanOrEqual(all.totals.booked);
    // Group by space.
    await page.getByRole("button", { name: "Space", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("group") === "space");
    // The shared URL in a fresh page asks the same.
    const other = await newPage(browser, DESKTOP);
    await signIn(other.page, "admin@demo.test");
    const reopened = await openWorkload(other.page, new URL(shared).pathname + new URL(shared).search);
    expect(reopened.totals).toEqual(bySpace.data.totals);
    expect(await other.page.getByLabel("Space", { exact: true }).inputValue()).toBe(space);
    await other.context.close();
    await context.close();
  });
});

describe("time off from the workload screen", () => {
  it("an admin enters a day of sick leave and the cell shows it as time off", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "admin@demo.test");
    const now = await openWorkload(page, "/workload?zoom=month");
    // Four months on, so the entry stays clear of what other tests read about this month.
    const today = new Date(`${now.today}T00:00:00Z`);
    const later = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 4, 1))
      .toISOString()
      .slice(0, 10);
    const person = now.people[0]!;
    const month = await openWorkload(page, `/workload?zoom=month&date=${later}&person=${person.id}`);
    const row = month.people.find((p) => p.id === person.id)!;
    const index = row.capacity.findIndex((c, i) => c > 0 && row.timeOff[i] === 0 && !row.off.includes(i));
    expect(index, "a working day without time off").toBeGreaterThanOrEqual(0);
    const day = month.days[index]!;

    await page.getByRole("button", { name: "Add time off" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Person", { exact: true }).selectOption(person.id);
    await dialog.getByLabel("From", { exact: true }).fill(day);
    await dialog.getByLabel("To", { exact: true }).fill(day);
    await dialog.getByLabel("Type", { exact: true }).selectOption("sick");
    const after = await nextGrid(page, () => dialog.getByRole("button", { name: "Save" }).click());
    await page.locator("[data-sonner-toast]").filter({ hasText: "Time off added" }).waitFor();
    const changed = after.data.people.find((p) => p.id === person.id)!;
    expect(changed.timeOff[index]).toBe(row.capacity[index]);
    expect(changed.capacity[index]).toBe(0);
    const cell = page.locator(`[data-person="${person.id}"] [role="cell"][data-day="${day}"]`);
    await expect.poll(() => cell.getAttribute("data-time-off")).toBe(String(row.capacity[index]));
    await context.close();
  });
});

describe("workload as member@demo.test", () => {
  it("draws the grid and its colours without money, and drills into a cell", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "member@demo.test");
    const data = await openWorkload(page, "/workload?zoom=month");
    expect(data.canViewFinancials).toBe(false);
    expect(await checkDrawnCells(page, data)).toBeGreaterThan(0);
    expect(await page.getByTestId("row-money").count()).toBe(0);
    // No money anywhere: not in the answer, not in the summary or the rows.
    for (const t of [...data.people.map((p) => p.totals), data.unassigned.totals, data.totals]) {
      expect([t.cost, t.revenue, t.unpricedCostMinutes, t.unpricedRevenueMinutes]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    expect(await page.getByTestId("summary-cost").count()).toBe(0);
    expect(await page.getByTestId("summary-revenue").count()).toBe(0);
    expect(await page.getByTestId("workload-summary").textContent()).not.toMatch(/Cost|Revenue|\$/);
    expect(await page.getByTestId("unresolved-names").count()).toBe(0);
    const cell = page.locator('[data-testid="workload-row"] [role="cell"] button').first();
    const [entries] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/workload/entries"),
      cell.click(),
    ]);
    expect(entries.status()).toBe(200);
    const body = (await entries.json()) as WorkloadEntriesResponse;
    expect(body.canViewFinancials).toBe(false);
    expect(body.items.every((e) => e.assignee_rate === null && e.estimated_cost === null)).toBe(true);
    await page.getByTestId("cell-dialog").waitFor();
    await expect.poll(() => page.getByTestId("cell-entry").count()).toBe(body.items.length);
    await snap(page, "workload-member-month");
    await context.close();
  });

  it("at 390 px shows one person or one day at a time, thumb-sized, without horizontal overflow", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signIn(page, "member@demo.test");
    const data = await openWorkload(page, "/workload");
    await page.getByTestId("workload-mobile").waitFor();
    expect(await page.getByTestId("workload-grid").count()).toBe(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // One person: a line per day with the §9 colour of its minutes.
    const person = page.getByLabel("Person", { exact: true }).last();
    const shown = await person.inputValue();
    const row = data.people.find((p) => p.id === shown)!;
    const lines = page.getByTestId("mobile-load");
    await expect.poll(() => lines.count()).toBe(data.days.length);
    const loads = await lines.evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.load));
    expect(loads).toEqual(row.booked.map(expectedLoad));
    const next = page.getByRole("button", { name: "Next person" });
    const box = await next.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await next.click();
    await expect.poll(() => person.inputValue()).not.toBe(shown);
    await snap(page, "workload-member-390");
    await axeClean(page, "workload 390 px");
    // One day: a line per person.
    await page.getByRole("button", { name: "One day" }).click();
    await page.getByTestId("mobile-day").waitFor();
    await expect.poll(() => lines.count()).toBeGreaterThanOrEqual(data.people.length);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe("workload without a workspace", () => {
  it("a freshly signed-up user gets the 'No Organization Access' toast", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const email = `no-org-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
    const res = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: "a-long-password-1", name: email },
      headers: { origin: baseUrl() },
    });
    expect(res.status()).toBe(200);
    await page.goto("/workload");
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: MESSAGES.noOrganizationAccess.title });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(MESSAGES.noOrganizationAccess.description);
    await page.waitForURL("**/setup");
    await snap(page, "workload-no-organization");
    await context.close();
  });
});
