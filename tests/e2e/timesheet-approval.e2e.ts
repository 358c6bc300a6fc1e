import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TIMESHEET_WEEK_LOCKED_MESSAGE,
  TIMESHEET_WEEK_STATUS_LABELS,
  TIMESHEET_WEEK_SUBMITTED_MESSAGE,
  type TimesheetWeekStatus,
} from "@domain/index";
import type { DashboardSummary } from "../../server/modules/dashboard/contract";
import type {
  QueuedWeek,
  TimesheetResponse,
  WeekQueueResponse,
} from "../../server/modules/timesheet/contract";
import { axeClean, settled } from "./axe";
import { DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo, snap } from "./browser";
import type { UtilizationResponse } from "../../server/modules/reports/contract";
import { nextApiAnswer, text } from "./page-data";

/*
 * Timesheet approval (PRODUCT.md → Timesheet approval) through the screens: the demo member
 * (ClickUp connected) logs hours in this week — the app's week, read from /api/dashboard, never
 * this machine's — submits it (the hours lock, the badge says Submitted), withdraws and submits
 * again; the demo admin rejects it with a comment from /reporting/timesheet-approval, the member
 * reads the comment and submits again, the admin approves it (the member's grid is locked with
 * the API's words) and reopens it (editable again). The week is left open for the other files.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});

const MEMBER = "member@demo.test";
const ADMIN = "admin@demo.test";

interface Session {
  context: BrowserContext;
  page: Page;
}

async function signedIn(email: string, viewport = DESKTOP): Promise<Session> {
  const session = await newPage(browser, viewport);
  await signInAsDemo(session.context, email);
  return session;
}

async function getJson<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await context.request.get(path);
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

async function postJson(context: BrowserContext, path: string, body: unknown): Promise<void> {
  const res = await context.request.post(path, { data: body });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
}

let member: Session;
let admin: Session;
let weekStart = "";
let memberCu = "";

/** The member's week as the admin's queue has it. */
async function queued(): Promise<QueuedWeek | undefined> {
  const queue = await getJson<WeekQueueResponse>(
    admin.context,
    `/api/timesheet/weeks?status=open,submitted,approved,rejected&person=${memberCu}&from=${weekStart}&to=${weekStart}`,
  );
  return queue.items[0];
}

/** Whatever a failed run left behind, the member's week goes back to open (timesheet.e2e.ts saves it). */
async function reopenWeek(): Promise<void> {
  const sheet = await getJson<TimesheetResponse>(member.context, `/api/timesheet?week=${weekStart}`);
  const status: TimesheetWeekStatus = sheet.approval.status;
  if (status === "rejected") await postJson(member.context, "/api/timesheet/submit", { weekStart });
  if (status === "submitted" || status === "rejected")
    await postJson(member.context, "/api/timesheet/withdraw", { weekStart });
  if (status === "approved") {
    const week = await queued();
    await postJson(admin.context, `/api/timesheet/weeks/${memberCu}/${weekStart}/reopen`, {
      version: week?.version ?? sheet.approval.version,
    });
  }
}

beforeAll(async () => {
  member = await signedIn(MEMBER);
  admin = await signedIn(ADMIN);
  const summary = await getJson<DashboardSummary>(member.context, "/api/dashboard");
  expect(summary.canLogTime).toBe(true);
  const sheet = await getJson<TimesheetResponse>(member.context, "/api/timesheet");
  expect(sheet.days).toContain(summary.today);
  expect(sheet.rows.length).toBeGreaterThan(0);
  weekStart = sheet.weekStart;
  const clickup = await getJson<{ me: { clickupUserId: string } | null }>(
    member.context,
    "/api/clickup/status",
  );
  memberCu = clickup.me?.clickupUserId ?? "";
  expect(memberCu).not.toBe("");
  await reopenWeek();
}, 120_000);

afterAll(async () => {
  if (member && admin && weekStart) await reopenWeek();
  await member?.context.close();
  await admin?.context.close();
  await browser?.close();
}, 120_000);

/** The member's timesheet of this week, opened from the Booked Today card. */
async function openTimesheet(page: Page): Promise<Locator> {
  await page.goto("/dashboard");
  await page.getByTestId("booked-today").click();
  const dialog = page.getByRole("dialog", { name: "Weekly Timesheet" });
  await dialog.getByTestId("timesheet-input").filter({ visible: true }).first().waitFor();
  await dialog.getByTestId("week-status").waitFor();
  await settled(page);
  return dialog;
}

const statusOf = (scope: Locator) => scope.getByTestId("week-status").first().getAttribute("data-status");

/** Every hour input of the grid is disabled (true) or enabled (false). */
async function inputsDisabled(dialog: Locator): Promise<boolean[]> {
  const inputs = dialog.getByTestId("timesheet-input");
  return [...new Set(await inputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).disabled)))];
}

async function toast(page: Page, title: string): Promise<void> {
  await page.locator("[data-sonner-toast]", { hasText: title }).first().waitFor();
}

/** The member's week on the admin's approval page (linked as Slack links it). */
async function adminRow(page: Page): Promise<Locator> {
  await page.goto(`/reporting/timesheet-approval?week=${weekStart}`);
  const row = page.locator(
    `[data-testid="approval-row"][data-person="${memberCu}"][data-week="${weekStart}"]`,
  );
  await row.waitFor();
  return row;
}

describe("timesheet approval", () => {
  it("submit, withdraw, reject with a comment, resubmit, approve (locked) and reopen", async () => {
    const { page } = member;
    const sheet = await getJson<TimesheetResponse>(member.context, "/api/timesheet");
    const key = `${sheet.rows[0]!.taskId}:${sheet.days[0]}`;
    const before = sheet.cells[key]?.hours ?? 0;
    const typed = before === 1.5 ? "2" : "1,5";

    // Open: hours are typed and, unsaved, Submit week saves them first.
    let dialog = await openTimesheet(page);
    expect(await statusOf(dialog)).toBe("open");
    expect(await text(dialog.getByTestId("week-status"))).toBe(TIMESHEET_WEEK_STATUS_LABELS.open);
    await dialog.locator(`[data-testid="timesheet-input"][data-key="${key}"]`).fill(typed);
    await dialog.getByRole("button", { name: "Submit week" }).click();
    await toast(page, "Week submitted");
    await page.locator("[data-sonner-toast]", { hasText: "Your hours were saved." }).first().waitFor();
    await expect.poll(() => statusOf(dialog)).toBe("submitted");
    expect(await inputsDisabled(dialog)).toEqual([true]);
    expect(await text(dialog.getByTestId("timesheet-edit-refusal"))).toBe(TIMESHEET_WEEK_SUBMITTED_MESSAGE);
    expect(await dialog.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(true);
    const saved = await getJson<TimesheetResponse>(member.context, "/api/timesheet");
    expect(saved.cells[key]?.hours).toBe(typed === "2" ? 2 : 1.5);
    expect(saved.approval.status).toBe("submitted");
    await axeClean(page, "submitted timesheet", '[role="dialog"]');
    await snap(page, "timesheet-approval-submitted-1280");

    // Withdraw makes it editable again; Submit week sends it back.
    await dialog.getByRole("button", { name: "Withdraw" }).click();
    await toast(page, "Week withdrawn");
    await expect.poll(() => statusOf(dialog)).toBe("open");
    expect(await inputsDisabled(dialog)).toEqual([false]);
    expect(await dialog.getByTestId("timesheet-edit-refusal").count()).toBe(0);
    await dialog.getByRole("button", { name: "Submit week" }).click();
    await expect.poll(() => statusOf(dialog)).toBe("submitted");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // My Week's header says it too.
    const myWeek = page.locator('section[aria-labelledby="my-week-title"]');
    await expect.poll(() => statusOf(myWeek)).toBe("submitted");
    await snap(page, "timesheet-approval-my-week-1280");

    // The admin finds the week from the Slack-style link and rejects it with a comment.
    let row = await adminRow(admin.page);
    expect(await statusOf(row)).toBe("submitted");
    expect(await text(row)).toContain("Maya");
    await axeClean(admin.page, "approval queue", "main");
    await snap(admin.page, "timesheet-approval-queue-1280");
    await row.getByRole("button", { name: /^Reject / }).click();
    const reject = admin.page.getByRole("dialog", { name: "Reject this week?" });
    // A rejection needs a comment.
    await reject.getByRole("button", { name: "Reject week" }).click();
    await reject.getByText("A rejection needs a comment saying what to change").waitFor();
    const comment = "Split the edit hours between the two cutdowns, please.";
    await reject.getByLabel("What should change?").fill(comment);
    await snap(admin.page, "timesheet-approval-reject-1280");
    await reject.getByRole("button", { name: "Reject week" }).click();
    await toast(admin.page, "Week rejected");
    await expect.poll(() => reject.count()).toBe(0);
    // The default filter shows submitted weeks: the rejected one leaves the list.
    await expect.poll(() => row.count()).toBe(0);

    // The member reads Rejected, the reviewer and the comment; the grid is editable; submits again.
    dialog = await openTimesheet(page);
    expect(await statusOf(dialog)).toBe("rejected");
    const notice = dialog.getByTestId("timesheet-approval-notice");
    expect(await text(notice.getByTestId("timesheet-review-comment"))).toBe(comment);
    expect(await text(notice)).toMatch(/^Rejected by \S/);
    expect(await inputsDisabled(dialog)).toEqual([false]);
    await snap(page, "timesheet-approval-rejected-1280");
    await dialog.getByRole("button", { name: "Submit week" }).click();
    await toast(page, "Week submitted");
    await expect.poll(() => statusOf(dialog)).toBe("submitted");

    // The admin approves it.
    row = await adminRow(admin.page);
    await row.getByRole("button", { name: /^Approve / }).click();
    await toast(admin.page, "Week approved");
    await expect.poll(async () => (await queued())?.status).toBe("approved");

    // The member's week is approved and locked, with the API's words.
    dialog = await openTimesheet(page);
    expect(await statusOf(dialog)).toBe("approved");
    expect(await inputsDisabled(dialog)).toEqual([true]);
    expect(await text(dialog.getByTestId("timesheet-edit-refusal"))).toBe(TIMESHEET_WEEK_LOCKED_MESSAGE);
    expect(await dialog.getByRole("button", { name: "Submit week" }).count()).toBe(0);
    expect(await dialog.getByRole("button", { name: "Withdraw" }).count()).toBe(0);
    await snap(page, "timesheet-approval-approved-1280");
    // The API refuses an edit with the same words.
    const put = await member.context.request.put("/api/timesheet", { data: { weekStart, cells: {} } });
    expect(put.status()).toBe(409);
    expect(((await put.json()) as { error: { message: string } }).error.message).toBe(
      TIMESHEET_WEEK_LOCKED_MESSAGE,
    );
    await page.keyboard.press("Escape");

    // The admin reopens it (approved weeks are listed under Approved) with a confirmation.
    await admin.page.goto(`/reporting/timesheet-approval?week=${weekStart}&status=approved`);
    row = admin.page.locator(`[data-testid="approval-row"][data-person="${memberCu}"]`);
    await row.waitFor();
    await row.getByRole("button", { name: /^Reopen / }).click();
    const reopen = admin.page.getByRole("dialog", { name: "Reopen this week?" });
    await reopen.getByRole("button", { name: "Reopen week" }).click();
    await toast(admin.page, "Week reopened");
    await expect.poll(async () => (await queued())?.status ?? "open").toBe("open");

    // Editable again.
    dialog = await openTimesheet(page);
    expect(await statusOf(dialog)).toBe("open");
    expect(await inputsDisabled(dialog)).toEqual([false]);
    expect(await dialog.getByRole("button", { name: "Submit week" }).count()).toBe(1);
    await page.keyboard.press("Escape");
  }, 240_000);

  it("a member opening the approval page gets 'You don't have access'", async () => {
    await member.page.goto("/reporting/timesheet-approval");
    await member.page.getByTestId("access-denied").waitFor();
    expect(await member.page.getByRole("heading", { name: "You don't have access" }).count()).toBe(1);
    expect(await member.page.getByTestId("approval-row").count()).toBe(0);
  });

  it("at 390 px the queue is a list of cards that fits the phone; the timesheet's status shows", async () => {
    const phone = await signedIn(ADMIN, MOBILE);
    await phone.page.goto("/reporting/timesheet-approval?status=all");
    await phone.page.getByTestId("approval-card").first().waitFor();
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await axeClean(phone.page, "approval queue 390 px", "main");
    await snap(phone.page, "timesheet-approval-queue-390");
    await phone.context.close();

    const memberPhone = await signedIn(MEMBER, MOBILE);
    await memberPhone.page.goto("/dashboard");
    await memberPhone.page.getByTestId("booked-today").click();
    const dialog = memberPhone.page.getByRole("dialog", { name: "Weekly Timesheet" });
    await dialog.getByTestId("week-status").waitFor();
    await dialog.getByTestId("timesheet-footer").waitFor();
    await settled(memberPhone.page);
    await snap(memberPhone.page, "timesheet-approval-dialog-390");
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await memberPhone.page.keyboard.press("Escape");

    // My Week's header on a phone, with the week submitted (then withdrawn again).
    await postJson(memberPhone.context, "/api/timesheet/submit", { weekStart });
    await memberPhone.page.goto("/dashboard");
    const myWeek = memberPhone.page.locator('section[aria-labelledby="my-week-title"]');
    await expect.poll(() => statusOf(myWeek)).toBe("submitted");
    expect(await text(myWeek.getByTestId("week-status"))).toBe("Timesheet of this week: Submitted");
    await snap(memberPhone.page, "timesheet-approval-my-week-390");
    await postJson(memberPhone.context, "/api/timesheet/withdraw", { weekStart });
    await memberPhone.context.close();
  }, 120_000);

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`utilization marks each person's week status; the time-sync report lists ClickUp changes to approved weeks (${viewport.width} px)`, async () => {
      const { context, page } = await signedIn(ADMIN, viewport);
      const data = await nextApiAnswer<UtilizationResponse>(page, "/api/reports/utilization", () =>
        page.goto("/reporting/utilization?period=this-month"),
      );
      // The demo approves and submits weeks of this month (server/demo): each shows as a mark.
      const approved = data.timesheetWeeks.filter(
        (w) => w.status === "approved" && data.weeks.includes(w.weekStart),
      );
      expect(approved.length).toBeGreaterThan(0);
      const first = approved[0]!;
      const cell = page.locator(
        `[data-testid="heat-cell"][data-person="${first.personId}"][data-week="${first.weekStart}"]`,
      );
      expect(await cell.getAttribute("data-timesheet")).toBe("approved");
      expect(await text(cell)).toContain("timesheet approved");
      await axeClean(page, `utilization ${viewport.width} px`, "main");
      await snap(page, `timesheet-approval-utilization-${viewport.width}`);

      await page.goto("/reporting/time-sync");
      const changes = page.getByTestId("locked-changes");
      await changes.getByRole("heading", { name: "Changes in ClickUp to approved weeks" }).waitFor();
      await expect
        .poll(
          async () =>
            (await changes.getByTestId("locked-change").count()) +
            (await changes.getByText("No changes in ClickUp to approved weeks.").count()),
        )
        .toBeGreaterThan(0);
      await axeClean(page, `time-sync changes ${viewport.width} px`, '[data-testid="locked-changes"]');
      await snap(page, `timesheet-approval-time-sync-${viewport.width}`);

      await page.goto("/reporting");
      await page.getByRole("link", { name: /Timesheet approval/ }).click();
      await page.waitForURL(/\/reporting\/timesheet-approval$/);
      await page.getByRole("heading", { name: "Timesheet approval", level: 1 }).waitFor();
      await context.close();
    }, 120_000);
  }
});
