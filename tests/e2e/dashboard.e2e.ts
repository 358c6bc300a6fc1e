import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookedTodayPercent, formatWeekRange, shiftWeek, startOfWeek, taskCoversDay } from "@domain/index";
import type { DashboardSummary, WeekResponse } from "../../server/modules/dashboard/contract";
import type { TimesheetResponse } from "../../server/modules/timesheet/contract";
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, snap } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sign in through the API (the demo agency boots right after the server is healthy). */
async function signIn(page: Page, email: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await page.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
      data: { email, password: "demo1234" },
      headers: { origin: baseUrl() },
    });
    if (res.ok()) break;
    if (Date.now() > deadline) throw new Error(`sign-in of ${email}: ${res.status()}`);
    await page.waitForTimeout(1000);
  }
  // The demo's first sync must have landed the person's work before the figures mean anything.
  for (;;) {
    const res = await page.request.get(`${baseUrl()}/api/dashboard`);
    const summary = res.ok() ? ((await res.json()) as DashboardSummary) : null;
    if (summary?.connected && summary.assignedProjectsCount > 0) break;
    if (Date.now() > deadline) throw new Error(`${email}: no synced work after 120 s`);
    await page.waitForTimeout(1000);
  }
}

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${baseUrl()}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

describe("personal dashboard as member@demo.test", () => {
  it("shows this week's work, Booked Today as computed from the data, week navigation, weekends and task detail", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "member@demo.test");
    await page.goto("/dashboard");
    const summary = await api<DashboardSummary>(page, "/api/dashboard");
    expect(summary.connected).toBe(true);
    await expect.poll(() => page.getByTestId("greeting").textContent()).toBe(`Hello, ${summary.username}`);

    // Booked Today: hand computation over this week's tasks with the domain rule.
    const week = await api<WeekResponse>(page, "/api/dashboard/week");
    expect(week.tasks.length).toBeGreaterThan(0);
    const expected = bookedTodayPercent(week.tasks, week.today);
    await expect.poll(() => page.getByTestId("booked-today-percent").textContent()).toBe(`${expected}%`);
    expect(await page.getByTestId("assigned-projects").textContent()).toBe(
      String(summary.assignedProjectsCount),
    );

    // Every task on Monday's column covers Monday.
    const monday = startOfWeek(week.today);
    const mondayTasks = week.tasks.filter((t) => taskCoversDay(t.startDate, t.dueDate, monday));
    const mondayColumn = page.locator(`[data-testid="week-day"][data-date="${week.weekStart}"]`);
    await expect.poll(() => mondayColumn.getByTestId("task-card").count()).toBe(mondayTasks.length);
    await snap(page, "dashboard-member-desktop");

    // Week navigation and the 'Today' button.
    const range = page.getByTestId("week-range");
    expect(await range.textContent()).toBe(formatWeekRange(monday));
    await page.getByRole("button", { name: "Next week" }).click();
    await expect.poll(() => range.textContent()).toBe(formatWeekRange(shiftWeek(monday, 1)));
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await expect.poll(() => range.textContent()).toBe(formatWeekRange(monday));
    expect(await page.getByRole("button", { name: "Today", exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Previous week" }).click();
    await expect.poll(() => range.textContent()).toBe(formatWeekRange(shiftWeek(monday, -1)));
    await page.getByRole("button", { name: "Today", exact: true }).click();

    // Weekends toggle.
    expect(await page.getByTestId("week-day").count()).toBe(5);
    await page.getByRole("button", { name: "+ Weekends" }).click();
    expect(await page.getByTestId("week-day").count()).toBe(7);
    await page.getByRole("button", { name: "Mon-Fri" }).click();
    expect(await page.getByTestId("week-day").count()).toBe(5);

    // A card opens its task detail.
    const first = mondayTasks[0] ?? week.tasks[0]!;
    await page
      .locator(`[data-testid="week-day"]`)
      .getByTestId("task-card")
      .filter({ hasText: first.name })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading").first().textContent()).toBe(first.name);
    expect(await dialog.getByRole("link", { name: /Open in ClickUp/ }).getAttribute("href")).toContain(
      first.id,
    );
    await page.keyboard.press("Escape");

    expect(await page.getByText("No announcements at this time").count()).toBe(1);
    await context.close();
  }, 240_000);

  it("saves timesheet hours that reach ClickUp and survive a re-sync, with ClickUp's own time kept", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "member@demo.test");
    const before = await api<TimesheetResponse>(page, "/api/timesheet");
    expect(before.rows.length).toBeGreaterThan(0);
    const clickupBefore = Object.values(before.cells).reduce((s, c) => s + c.clickupHours, 0);
    const row = before.rows[0]!;
    const key = `${row.taskId}:${before.days[2]}`;
    const previous = before.cells[key]?.hours ?? 0;
    const entered = previous === 1.5 ? 2 : 1.5;

    await page.goto("/dashboard");
    await page.getByTestId("booked-today").click();
    const input = page.locator(`[data-testid="timesheet-input"][data-key="${key}"]`);
    await input.fill(String(entered));
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Time entries saved successfully").waitFor();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // Written back to (simulated) ClickUp as the member's own entry.
    await expect
      .poll(async () => (await api<TimesheetResponse>(page, "/api/timesheet")).cells[key]?.writeBack, {
        timeout: 15_000,
      })
      .toBe("synced");

    // A full re-sync (as the admin) neither duplicates nor loses anything.
    const { context: adminContext, page: admin } = await newPage(browser, DESKTOP);
    await signIn(admin, "admin@demo.test");
    const sync = await admin.request.post(`${baseUrl()}/api/clickup/sync`, {
      headers: { origin: baseUrl() },
    });
    expect(sync.status()).toBe(200);
    await expect
      .poll(async () => (await api<{ status: string }>(admin, "/api/clickup/sync")).status, {
        timeout: 60_000,
      })
      .toBe("idle");
    const after = await api<TimesheetResponse>(page, "/api/timesheet");
    expect(after.cells[key]).toMatchObject({ hours: entered, writeBack: "synced" });
    const clickupAfter = Object.values(after.cells).reduce((s, c) => s + c.clickupHours, 0);
    expect(clickupAfter).toBeCloseTo(clickupBefore, 5);
    await adminContext.close();
    await context.close();
  }, 240_000);
});

describe("impersonation as admin@demo.test", () => {
  it("views the member's dashboard with the banner, logging disabled, then stops; both audited", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signIn(page, "admin@demo.test");
    await page.goto("/dashboard");
    await page.getByTestId("impersonation-picker").click();
    await page.getByRole("option", { name: /member@demo\.test/ }).click();
    const banner = page.getByTestId("impersonation-banner");
    await banner.waitFor();
    expect(await banner.getByText("Impersonated View").count()).toBe(1);
    expect(await page.getByTestId("booked-today").isDisabled()).toBe(true);
    const summary = await api<DashboardSummary>(page, "/api/dashboard");
    expect(summary.canLogTime).toBe(false);
    await expect.poll(() => page.getByTestId("greeting").textContent()).toBe(`Hello, ${summary.username}`);
    expect((await page.request.get(`${baseUrl()}/api/timesheet`)).status()).toBe(403);
    await snap(page, "dashboard-admin-impersonating");

    await page.getByRole("button", { name: "Stop Impersonating" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.getByTestId("booked-today").isDisabled()).toBe(false);

    const log = await api<{ events: { eventType: string; eventData: Record<string, unknown> }[] }>(
      page,
      "/api/audit/security?limit=20",
    );
    const types = log.events.map((e) => e.eventType);
    expect(types).toContain("impersonation_started");
    expect(types).toContain("impersonation_stopped");
    const started = log.events.find((e) => e.eventType === "impersonation_started")!;
    expect(started.eventData).toHaveProperty("actorUserId");
    expect(started.eventData).toHaveProperty("targetUserId");
    await context.close();
  }, 180_000);
});

describe("mobile width", () => {
  it("renders the dashboard without horizontal overflow below 768 px", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signIn(page, "member@demo.test");
    await page.goto("/dashboard");
    await page.getByTestId("greeting").waitFor();
    await page.getByTestId("task-card").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Nothing is cut off at the right edge either: every panel row fits the viewport.
    await page.getByTestId("project-row").first().waitFor();
    const rights = await page.$$eval(
      '[data-testid="project-row"], [data-testid="other-task"], [data-testid="task-card"]',
      (els) => els.map((el) => el.getBoundingClientRect().right),
    );
    expect(Math.max(...rights)).toBeLessThanOrEqual(MOBILE.width);
    await snap(page, "dashboard-member-mobile");
    await context.close();
  }, 180_000);
});
