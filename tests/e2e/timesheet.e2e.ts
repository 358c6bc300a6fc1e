import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatHours, TIMESHEET_DAY_MESSAGE, TIMESHEET_HOURS_MESSAGE } from "@domain/index";
import type { DashboardSummary } from "../../server/modules/dashboard/contract";
import type { SaveTimesheetRequest, TimesheetResponse } from "../../server/modules/timesheet/contract";
import { axeFindings, describeFindings, settled } from "./axe";
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";

/*
 * The weekly timesheet dialog (issue 10 §3). "Today" is the app's: the tests read it from
 * /api/dashboard (the server's clock, the same one the dialog is given), never from this machine,
 * so they pass on any date and under a pinned test clock. Where a test needs a particular grid
 * (40 rows, look-alike names) the week's GET is answered with that grid built on the real days;
 * saving goes to the real server.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MEMBER = "member@demo.test";

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${baseUrl()}${path}`);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The member's page on the dashboard, with the app's today and the week's real timesheet. */
async function memberDashboard(viewport = DESKTOP) {
  const { context, page } = await newPage(browser, viewport);
  await signInAsDemo(context, MEMBER);
  const summary = await api<DashboardSummary>(page, "/api/dashboard");
  expect(summary.canLogTime).toBe(true);
  const sheet = await api<TimesheetResponse>(page, "/api/timesheet");
  expect(sheet.days).toContain(summary.today);
  return { context, page, today: summary.today, sheet };
}

/** Two projects whose names, and two tasks whose names, differ only at the end. */
const LOOKALIKES = [
  {
    taskName: "Social Cutdown 15s for the Spring Awareness Campaign Launch - Version A",
    folderName: "Brightwater Insurance - Awareness Campaign 2026 - Spring Flight",
  },
  {
    taskName: "Social Cutdown 15s for the Spring Awareness Campaign Launch - Version B",
    folderName: "Brightwater Insurance - Awareness Campaign 2026 - Summer Flight",
  },
];

/** Answer the week's GET with `rows` look-alike and filler rows (ids e2e-ts-*) on the real days. */
async function serveGrid(page: Page, sheet: TimesheetResponse, rows: number): Promise<TimesheetResponse> {
  const grid: TimesheetResponse = {
    ...sheet,
    rows: Array.from({ length: rows }, (_, i) => ({
      taskId: `e2e-ts-${i}`,
      url: `https://app.clickup.com/t/e2e-ts-${i}`,
      ...(LOOKALIKES[i] ?? { taskName: `Filler task ${i}`, folderName: `Filler project ${i % 3}` }),
    })),
    cells: {
      [`e2e-ts-0:${sheet.days[0]}`]: { hours: 0, clickupHours: 1, writeBack: "none", writeBackError: null },
    },
  };
  await page.route(
    (url) => url.pathname === "/api/timesheet",
    (route) => (route.request().method() === "GET" ? route.fulfill({ json: grid }) : route.fallback()),
  );
  return grid;
}

/** Open the timesheet from the Booked Today card with the keyboard (so the card had focus). */
async function openTimesheet(page: Page): Promise<Locator> {
  await page.goto("/dashboard");
  const card = page.getByTestId("booked-today");
  await card.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Weekly Timesheet" });
  // The first input that shows: on a phone only today's day does (Monday's is hidden midweek).
  await dialog.getByTestId("timesheet-input").filter({ visible: true }).first().waitFor();
  await settled(page);
  return dialog;
}

const cell = (dialog: Locator, key: string) =>
  dialog.locator(`[data-testid="timesheet-input"][data-key="${key}"]`);

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName);

describe("timesheet dialog (issue 10 §3)", () => {
  it("asks before discarding unsaved hours on Escape, a click outside, the close button and Cancel; focus returns to the opener", async () => {
    const { context, page, sheet } = await memberDashboard();
    const grid = await serveGrid(page, sheet, 3);
    const key = `${grid.rows[1]!.taskId}:${grid.days[1]}`;

    // Nothing typed: Escape closes at once and focus is back on the Booked Today card.
    let dialog = await openTimesheet(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await focusedTestId(page)).toBe("booked-today");

    dialog = await openTimesheet(page);
    await cell(dialog, key).fill("3");
    const confirm = page.getByRole("alertdialog", { name: "Discard unsaved hours?" });

    // Escape asks; keeping the hours keeps the dialog, the typing and the place.
    await cell(dialog, key).focus();
    await page.keyboard.press("Escape");
    await confirm.waitFor();
    // (The timesheet is still open, only hidden from assistive tech behind the question.)
    expect(await page.getByTestId("timesheet-footer").count()).toBe(1);
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await cell(dialog, key).inputValue()).toBe("3");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-key"))).toBe(key);

    // A click outside asks too.
    await settled(page);
    await page.mouse.click(8, DESKTOP.height / 2);
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => confirm.count()).toBe(0);

    // So do the close button and Cancel.
    await dialog.getByRole("button", { name: "Close" }).click();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor();

    // And the week arrows, which would replace the grid.
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await dialog.getByRole("button", { name: "Next week" }).click();
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Keep editing" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await cell(dialog, key).inputValue()).toBe("3");

    // Discarding closes both and focus is back on the opener; nothing was saved.
    await page.keyboard.press("Escape");
    await confirm.getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => page.locator('[role="dialog"], [role="alertdialog"]').count()).toBe(0);
    expect(await focusedTestId(page)).toBe("booked-today");
    dialog = await openTimesheet(page);
    expect(await cell(dialog, key).inputValue()).toBe("");
    await context.close();
  }, 120_000);

  it("reads '2,5' as 2.5 and saves it; refuses '1e1', 'abc', '-1' and '25' with the field's message; totals never show them", async () => {
    const { context, page, sheet } = await memberDashboard();
    expect(sheet.rows.length).toBeGreaterThan(0);
    const row = sheet.rows[sheet.rows.length - 1]!;
    const day = sheet.days[6]!;
    const key = `${row.taskId}:${day}`;
    const other = (k: string) =>
      (k === key ? 0 : (sheet.cells[k]?.hours ?? 0)) + (sheet.cells[k]?.clickupHours ?? 0);
    const rowRest = sheet.days.reduce((s, d) => s + other(`${row.taskId}:${d}`), 0);
    const dayRest = sheet.rows.reduce((s, r) => s + other(`${r.taskId}:${day}`), 0);
    expect(dayRest).toBeLessThanOrEqual(21);

    const dialog = await openTimesheet(page);
    const input = cell(dialog, key);
    const rowTotal = dialog
      .locator(`[data-testid="timesheet-row"][data-task-id="${row.taskId}"]`)
      .getByTestId("timesheet-row-total");
    const dayTotal = dialog.locator(`[data-testid="timesheet-day-total"][data-date="${day}"]`);
    const save = dialog.getByRole("button", { name: "Save" });
    const totals = () => dialog.locator('[data-testid$="-total"]').allTextContents();

    for (const refused of ["1e1", "abc", "-1", "25"]) {
      await input.fill(refused);
      await expect.poll(() => input.getAttribute("aria-invalid"), { message: refused }).toBe("true");
      // The field's message, tied to the field.
      const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
      expect(describedBy, refused).not.toBe("");
      const description = await page.evaluate(
        (ids) =>
          ids
            .split(" ")
            .map((id) => document.getElementById(id)?.textContent ?? "")
            .join(" "),
        describedBy,
      );
      expect(description, refused).toContain(TIMESHEET_HOURS_MESSAGE);
      expect(await save.isDisabled(), refused).toBe(true);
      // Counted as nothing: no '-1.0h', no '25.0h', no '10.0h'.
      expect(await rowTotal.textContent(), refused).toBe(formatHours(rowRest));
      expect(await dayTotal.textContent(), refused).toBe(formatHours(dayRest));
      for (const text of await totals()) expect(text, refused).not.toMatch(/^-|^25\.0h$/);
    }

    await input.fill("2,5");
    await expect.poll(() => input.getAttribute("aria-invalid")).toBe(null);
    expect(await rowTotal.textContent()).toBe(formatHours(rowRest + 2.5));
    expect(await dayTotal.textContent()).toBe(formatHours(dayRest + 2.5));
    expect(await save.isDisabled()).toBe(false);
    const put = page.waitForResponse(
      (r) => r.request().method() === "PUT" && new URL(r.url()).pathname === "/api/timesheet",
    );
    await save.click();
    const response = await put;
    expect((response.request().postDataJSON() as SaveTimesheetRequest).cells[key]).toBe(2.5);
    expect(response.status()).toBe(200);
    expect(((await response.json()) as TimesheetResponse).cells[key]?.hours).toBe(2.5);
    await page.getByText("Time entries saved successfully").waitFor();
    // Read back by the page itself (the test's request context may hold an idle, closed connection).
    const stored = await page.evaluate(async () => (await (await fetch("/api/timesheet")).json()) as unknown);
    expect((stored as TimesheetResponse).cells[key]?.hours).toBe(2.5);
    await context.close();
  }, 120_000);

  it("refuses a day that adds up to more than 24 hours and never shows it as such", async () => {
    const { context, page, sheet } = await memberDashboard();
    const grid = await serveGrid(page, sheet, 3);
    const day = grid.days[3]!;
    const dialog = await openTimesheet(page);
    await cell(dialog, `${grid.rows[0]!.taskId}:${day}`).fill("20");
    await cell(dialog, `${grid.rows[1]!.taskId}:${day}`).fill("4,5");
    const dayTotal = dialog.locator(`[data-testid="timesheet-day-total"][data-date="${day}"]`);
    await expect.poll(() => dayTotal.textContent()).toBe("over 24h");
    await dialog.getByText(TIMESHEET_DAY_MESSAGE).waitFor();
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    expect(await cell(dialog, `${grid.rows[1]!.taskId}:${day}`).getAttribute("aria-invalid")).toBe("true");
    await cell(dialog, `${grid.rows[1]!.taskId}:${day}`).fill("4");
    await expect.poll(() => dayTotal.textContent()).toBe("24.0h");
    expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(false);
    await context.close();
  }, 120_000);

  for (const viewport of [DESKTOP, MOBILE]) {
    const size = `${viewport.width} px`;

    it(`keeps Save in view however long the grid, highlights today, shows project and task in full (${size})`, async () => {
      const { context, page, sheet, today } = await memberDashboard(viewport);
      await serveGrid(page, sheet, 40);
      const dialog = await openTimesheet(page);
      const save = dialog.getByRole("button", { name: "Save" });

      // Save is on screen and on top, before and after scrolling the grid to its end.
      const saveOnTop = () =>
        save.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.bottom <= window.innerHeight && r.top >= 0 && hit !== null && el.contains(hit);
        });
      expect(await saveOnTop()).toBe(true);
      await dialog.locator('[data-testid="timesheet-input"]:visible').last().scrollIntoViewIfNeeded();
      expect(await saveOnTop()).toBe(true);
      await snap(page, `timesheet-long-${viewport.width}`);

      // Today's column is marked (and only today's).
      const current = dialog.locator('[data-testid="timesheet-day"][aria-current="date"]');
      expect(await current.count()).toBe(1);
      expect(await current.getAttribute("data-date")).toBe(today);

      // Project and task in full: nothing in a task's heading cell is cut off.
      const rows = dialog.getByTestId("timesheet-row");
      expect(await rows.count()).toBe(40);
      for (const i of [0, 1]) {
        const heading = rows.nth(i).locator(":scope > :first-child");
        const text = await heading.innerText();
        expect(text).toContain(LOOKALIKES[i]!.taskName);
        expect(text).toContain(LOOKALIKES[i]!.folderName);
        const clipped = await heading.evaluate(
          (el) =>
            [el, ...el.querySelectorAll("*")].filter(
              (e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
            ).length,
        );
        expect(clipped).toBe(0);
      }
      // Each cell is named by task, project and day, so look-alike rows stay apart.
      const labels = await dialog
        .getByTestId("timesheet-input")
        .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels[7]).toContain(LOOKALIKES[1]!.folderName);
      await context.close();
    }, 120_000);

    it(`has no serious or critical axe violations, also with a refused cell and the discard question open (${size})`, async () => {
      const { context, page, sheet } = await memberDashboard(viewport);
      await serveGrid(page, sheet, 6);
      const dialog = await openTimesheet(page);
      const dialogFindings = await axeFindings(page, '[role="dialog"]');
      expect(dialogFindings, describeFindings(`timesheet ${size}`, dialogFindings)).toEqual([]);

      const input = dialog.locator('[data-testid="timesheet-input"]:visible').first();
      await input.fill("abc");
      await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
      const refusedFindings = await axeFindings(page, '[role="dialog"]');
      expect(refusedFindings, describeFindings(`refused cell ${size}`, refusedFindings)).toEqual([]);

      await page.keyboard.press("Escape");
      const confirm = page.getByRole("alertdialog", { name: "Discard unsaved hours?" });
      await confirm.waitFor();
      await settled(page);
      const confirmFindings = await axeFindings(page, '[role="alertdialog"]');
      expect(confirmFindings, describeFindings(`discard question ${size}`, confirmFindings)).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it("on a phone shows one day at a time (today first), with the title in full", async () => {
    const { context, page, sheet, today } = await memberDashboard(MOBILE);
    const grid = await serveGrid(page, sheet, 4);
    const dialog = await openTimesheet(page);
    await snap(page, "timesheet-mobile");

    const visibleDays = () =>
      dialog
        .getByTestId("timesheet-input")
        .evaluateAll((els) =>
          els
            .filter((e) => (e as HTMLElement).checkVisibility())
            .map((e) => e.getAttribute("data-key")?.split(":")[1] ?? ""),
        );
    // One input per row, all on today.
    expect(await visibleDays()).toEqual(grid.rows.map(() => today));

    // Another day is one tap away; what was typed stays.
    const first = `${grid.rows[0]!.taskId}:${today}`;
    await cell(dialog, first).fill("1,5");
    const days = dialog.getByRole("group", { name: "Day shown" });
    const other = grid.days.find((d) => d !== today)!;
    await days.locator(`button[data-date="${other}"]`).click();
    expect(await visibleDays()).toEqual(grid.rows.map(() => other));
    expect(await days.locator(`button[data-date="${other}"]`).getAttribute("aria-pressed")).toBe("true");
    await days.locator(`button[data-date="${today}"]`).click();
    expect(await cell(dialog, first).inputValue()).toBe("1,5");

    // The title is whole: inside the dialog, not under the close button, not cut.
    const title = dialog.getByRole("heading", { name: "Weekly Timesheet" });
    const box = await title.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const d = el.closest('[role="dialog"]')!.getBoundingClientRect();
      const close = [...el.closest('[role="dialog"]')!.querySelectorAll("button")]
        .find((b) => b.textContent?.trim() === "Close")
        ?.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return {
        inside:
          text.left >= d.left && text.right <= d.right && r.left >= 0 && text.right <= window.innerWidth,
        clearOfClose:
          !close || text.right <= close.left || text.bottom <= close.top || text.top >= close.bottom,
        clipped: el.scrollWidth > el.clientWidth + 1,
      };
    });
    expect(box).toEqual({ inside: true, clearOfClose: true, clipped: false });
    // And the dialog itself does not scroll sideways.
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  }, 120_000);
});
