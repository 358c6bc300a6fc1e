import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { createUserInWorkspace, failAuditInserts, type WorkspaceUser } from "../../../tests/api/fixtures";
import { seedClickupData } from "../../../tests/api/seed";
import { DEMO_CHANNELS } from "../../../simulator/slack";
import { TIMESHEET_WEEK_LOCKED_MESSAGE, TIMESHEET_WEEK_SUBMITTED_MESSAGE } from "@domain/timesheet-approval";
import { transaction } from "../../db/executor";
import type { CuTimeEntry } from "../../integrations/clickup/types";
import { startJobsFor, stopJobs } from "../../jobs/index";
import { registerWriteBackQueue } from "../../jobs/write-back-time-entries";
import { encryptSecret } from "../../lib/secrets";
import { installSlack, waitFor } from "../slack/test-support";
import { markTimeEntriesDeletedInWindow, upsertTimeEntries } from "../sync/time-entry-repo";
import type {
  LockedChangesResponse,
  OwnWeekResponse,
  TimesheetResponse,
  TimesheetWeekState,
  WeekQueueResponse,
} from "./contract";

/*
 * Timesheet approval (PRODUCT.md → Timesheet approval): submit → reject/approve → locked → reopen,
 * who may do what, the 409 on a locked week, the queue, the Slack notifications, and changes made
 * in ClickUp to an approved week flagged by the sync.
 */

const NOW = new Date("2026-11-18T10:00:00Z");
/** The app clock: pinned, moved a minute on by every approval action so audit rows order by time. */
let clock = NOW.getTime();
const tick = <T>(value: T): T => {
  clock += 60_000;
  return value;
};
const WEEK = "2026-11-16";
const MEMBER_CU = "cu-member";
const ADMIN_CU = "cu-admin";
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let owner: WorkspaceUser;
let admin: WorkspaceUser;
let member: WorkspaceUser;
let orgId: string;

async function query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
  return (await ctx.database.raw.query<T>(text, params)).rows;
}

async function connect(user: WorkspaceUser, clickupUserId: string, name: string) {
  await query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id, clickup_username, access_token_enc)
     values ($1, $2, $3, $4, $5)`,
    [orgId, user.userId, clickupUserId, name, encryptSecret("pk_test", ctx.deps.secrets.encryptionKey)],
  );
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(clock) });
  await startJobsFor(ctx.deps, { pollingIntervalSeconds: 0.5, schedule: false });
  registerWriteBackQueue(ctx.database, async () => {});
  owner = await createUserInWorkspace(ctx, { role: "owner" });
  orgId = owner.organizationId;
  admin = await createUserInWorkspace(ctx, { role: "admin", organizationId: orgId });
  member = await createUserInWorkspace(ctx, { role: "member", organizationId: orgId });
  await query(
    `insert into clickup_workspace_connections (organization_id, clickup_team_id, auth_type, access_token_enc, status)
     values ($1, 'team-1', 'personal', 'x', 'active')`,
    [orgId],
  );
  await connect(member, MEMBER_CU, "mia");
  await connect(admin, ADMIN_CU, "ada");
  await seedClickupData(ctx.deps.database.db, orgId, {
    providerUsers: [
      { id: MEMBER_CU, username: "Mia Member" },
      { id: ADMIN_CU, username: "Ada Admin" },
    ],
    tasks: [
      {
        id: "t-edit",
        name: "Edit",
        status: "in progress",
        startDate: at("2026-11-16T00:00:00Z"),
        dueDate: at("2026-11-20T00:00:00Z"),
        assigneesArray: [{ id: MEMBER_CU }, { id: ADMIN_CU }],
      },
    ],
    timeEntries: [
      {
        id: "cu-1",
        clickupId: "cu-1",
        userId: MEMBER_CU,
        taskId: "t-edit",
        startTime: at("2026-11-17T14:00:00Z"),
        durationMs: 3_600_000,
        billable: true,
        source: "clickup",
      },
    ],
  });
  await installSlack(ctx, owner, DEMO_CHANNELS.projects);
}, 60_000);
afterAll(async () => {
  await stopJobs(ctx.deps);
  await ctx.close();
});

const save = (who: WorkspaceUser, hours: number, week = WEEK) =>
  who.client.put<{ error: { message: string } }>("/api/timesheet", {
    weekStart: week,
    cells: { [`t-edit:${week}`]: hours },
  });
const own = (who: WorkspaceUser, action: "submit" | "withdraw", week = WEEK) =>
  who.client
    .post<OwnWeekResponse & { error: { message: string } }>(`/api/timesheet/${action}`, { weekStart: week })
    .then(tick);
const review = (
  who: WorkspaceUser,
  action: "approve" | "reject" | "reopen",
  body: { version: number; comment?: string },
  person = MEMBER_CU,
  week = WEEK,
) =>
  who.client
    .post<TimesheetWeekState & { error: { message: string; fields?: { field: string }[] } }>(
      `/api/timesheet/weeks/${person}/${week}/${action}`,
      body,
    )
    .then(tick);
const auditActions = async (id: string) =>
  (
    await query<{ action: string }>(
      `select action from audit_events where organization_id = $1 and object_type = 'timesheet_week' and object_id = $2
        and action <> 'saved' order by occurred_at, id`,
      [orgId, id],
    )
  ).map((r) => r.action);

describe("the approval lifecycle", () => {
  it("submit → withdraw → submit → reject → resubmit → approve (locked, 409) → reopen, each audited", async () => {
    expect((await save(member, 2)).status).toBe(200);
    const before = await member.client.get<TimesheetResponse>(`/api/timesheet?week=${WEEK}`);
    expect(before.body.approval).toMatchObject({ status: "open", version: 0, editRefusal: null });

    const submitted = await own(member, "submit");
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.approval).toMatchObject({
      status: "submitted",
      version: 1,
      editRefusal: TIMESHEET_WEEK_SUBMITTED_MESSAGE,
    });
    const blocked = await save(member, 3);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toBe(TIMESHEET_WEEK_SUBMITTED_MESSAGE);

    expect((await own(member, "withdraw")).body.approval.status).toBe("open");
    expect((await save(member, 3)).status).toBe(200);
    expect((await own(member, "submit")).body.approval).toMatchObject({ status: "submitted", version: 3 });

    // The queue: the submitted week with its hours summed (1 h ClickUp billable + 3 h timesheet billable).
    const queue = await admin.client.get<WeekQueueResponse>("/api/timesheet/weeks");
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body.items).toEqual([
      expect.objectContaining({
        clickupUserId: MEMBER_CU,
        personName: "Mia Member",
        weekStart: WEEK,
        status: "submitted",
        version: 3,
        totalMs: 4 * 3_600_000,
        billableMs: 4 * 3_600_000,
        openChanges: 0,
        actions: ["approve", "reject"],
      }),
    ]);

    const noComment = await review(admin, "reject", { version: 3 });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error.fields?.[0]?.field).toBe("comment");
    const rejected = await review(admin, "reject", { version: 3, comment: "  Split the edit across days  " });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ status: "rejected", comment: "Split the edit across days" });
    const seen = await member.client.get<TimesheetResponse>(`/api/timesheet?week=${WEEK}`);
    expect(seen.body.approval).toMatchObject({
      status: "rejected",
      comment: "Split the edit across days",
      editRefusal: null,
    });
    expect(seen.body.approval.decidedByName).toBeTruthy();
    expect((await save(member, 2.5)).status).toBe(200);

    expect((await own(member, "submit")).body.approval).toMatchObject({
      status: "submitted",
      version: 5,
      comment: null,
    });
    const stale = await review(admin, "approve", { version: 4 });
    expect(stale.status).toBe(409);
    const approved = await review(admin, "approve", { version: 5 });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({
      status: "approved",
      version: 6,
      editRefusal: TIMESHEET_WEEK_LOCKED_MESSAGE,
    });

    const locked = await save(member, 4);
    expect(locked.status).toBe(409);
    expect(locked.body.error.message).toBe(TIMESHEET_WEEK_LOCKED_MESSAGE);
    const resubmit = await own(member, "submit");
    expect(resubmit.status).toBe(409);
    const withdraw = await own(member, "withdraw");
    expect(withdraw.status).toBe(409);
    // Nothing of the refused save reached the entries.
    const hours = await query<{ ms: string }>(
      `select coalesce(sum(duration_ms), 0) as ms from time_entries
        where organization_id = $1 and user_id = $2 and source = 'timesheet' and not deleted`,
      [orgId, MEMBER_CU],
    );
    expect(Number(hours[0]!.ms)).toBe(2.5 * 3_600_000);

    const reopened = await review(admin, "reopen", { version: 6, comment: "Client asked for a correction" });
    expect(reopened.body).toMatchObject({ status: "open", editRefusal: null });
    expect((await save(member, 4)).status).toBe(200);

    expect(await auditActions(`${MEMBER_CU}:${WEEK}`)).toEqual([
      "submitted",
      "withdrawn",
      "submitted",
      "rejected",
      "submitted",
      "approved",
      "reopened",
    ]);
  });

  it("a repeated approve (a retry after a lost answer) answers the week as it is, audited once", async () => {
    const week = "2026-11-02";
    expect((await own(member, "submit", week)).status).toBe(200);
    const first = await review(admin, "approve", { version: 1 }, MEMBER_CU, week);
    expect(first.status, first.text).toBe(200);
    const again = await review(admin, "approve", { version: 1 }, MEMBER_CU, week);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    const submitAgain = await own(member, "submit", week);
    expect(submitAgain.status).toBe(409);
    expect(await auditActions(`${MEMBER_CU}:${week}`)).toEqual(["submitted", "approved"]);
  });

  it("a week whose audit row cannot be stored is not submitted", async () => {
    const week = "2026-10-26";
    await failAuditInserts(ctx, true);
    try {
      expect((await own(member, "submit", week)).status).toBe(500);
    } finally {
      await failAuditInserts(ctx, false);
    }
    const state = await member.client.get<TimesheetResponse>(`/api/timesheet?week=${week}`);
    expect(state.body.approval.status).toBe("open");
  });
});

describe("who may do what", () => {
  it("members cannot see the queue or decide; nobody decides their own week", async () => {
    expect((await member.client.get("/api/timesheet/weeks")).status).toBe(403);
    expect((await review(member, "approve", { version: 1 }, ADMIN_CU)).status).toBe(403);
    const week = "2026-11-09";
    expect((await own(admin, "submit", week)).status).toBe(200);
    const self = await review(admin, "approve", { version: 1 }, ADMIN_CU, week);
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe("You cannot approve, reject or reopen your own week");
    // The owner (not that person) may; the admin's own week lists without actions for them.
    const queue = await admin.client.get<WeekQueueResponse>(`/api/timesheet/weeks?person=${ADMIN_CU}`);
    expect(queue.body.items.map((i) => i.actions)).toEqual([[]]);
    expect((await review(owner, "approve", { version: 1 }, ADMIN_CU, week)).status).toBe(200);
  });

  it("answers 400 naming the field for bad input and 404 for a stranger", async () => {
    const tuesday = await own(member, "submit", "2026-11-17");
    expect(tuesday.status).toBe(400);
    for (const [path, field] of [
      ["/api/timesheet/weeks?status=pending", "status"],
      ["/api/timesheet/weeks?from=2026-02-30", "from"],
      ["/api/timesheet/weeks?pageSize=1000", "pageSize"],
      ["/api/timesheet/locked-changes?state=gone", "state"],
    ] as const) {
      const res = await admin.client.get<{ error: { fields: { field: string }[] } }>(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error.fields[0]!.field.split(".")[0]).toBe(field);
    }
    const long = await review(admin, "reject", { version: 0, comment: "x".repeat(1001) });
    expect(long.status).toBe(400);
    const nul = await admin.client.post(`/api/timesheet/weeks/${MEMBER_CU}/2026-11-16/approve`, {
      version: "1",
    });
    expect(nul.status).toBe(400);
    expect((await review(admin, "approve", { version: 0 }, "cu-nobody")).status).toBe(404);
    expect((await review(admin, "approve", { version: 0 }, MEMBER_CU, "2026-11-17")).status).toBe(400);
  });

  it("another workspace's admin sees nothing of these weeks", async () => {
    const stranger = await createUserInWorkspace(ctx, { role: "owner" });
    const queue = await stranger.client.get<WeekQueueResponse>(
      "/api/timesheet/weeks?status=submitted,approved,rejected,open",
    );
    expect(queue.body.items).toEqual([]);
    expect((await review(stranger, "reopen", { version: 0 })).status).toBe(404);
  });
});

describe("Slack: timesheet week submitted or rejected", () => {
  it("posts each submission and each rejection once, with the person, the week and the comment", async () => {
    const week = "2026-10-19";
    expect((await own(member, "submit", week)).status).toBe(200);
    expect((await own(member, "submit", week)).status).toBe(200); // a retry: no second message
    expect(
      (await review(admin, "reject", { version: 1, comment: "Missing Friday" }, MEMBER_CU, week)).status,
    ).toBe(200);
    const sent = await waitFor(
      () =>
        query<{ event_key: string; status: string; text: string }>(
          `select event_key, status, text from slack_notifications where organization_id = $1 and kind = 'timesheet'
             and event_key like $2 order by created_at`,
          [orgId, `timesheet:${MEMBER_CU}:${week}:%`],
        ),
      (r) => r.length === 2 && r.every((n) => n.status === "sent"),
    );
    expect(sent.map((n) => n.event_key)).toEqual([
      `timesheet:${MEMBER_CU}:${week}:submit:v1`,
      `timesheet:${MEMBER_CU}:${week}:reject:v2`,
    ]);
    expect(sent[0]!.text).toBe("Mia Member submitted the week of Mon, Oct 19, 2026 for approval.");
    expect(sent[1]!.text).toMatch(
      / rejected Mia Member's timesheet for the week of Mon, Oct 19, 2026: Missing Friday$/,
    );
    const posted = await owner.client.get<{ messages: { text: string }[] }>(
      `/__sim/slack/messages.json?channel=${DEMO_CHANNELS.projects}`,
    );
    expect(posted.body.messages.filter((m) => m.text.includes("week of Mon, Oct 19, 2026"))).toHaveLength(2);
  });
});

describe("changes made in ClickUp to an approved week", () => {
  const week = "2026-11-23";
  const entry = (id: string, startIso: string, hours: number, taskId = "t-edit"): CuTimeEntry => ({
    id,
    taskId,
    userId: MEMBER_CU,
    start: Date.parse(startIso),
    end: null,
    duration: hours * 3_600_000,
    billable: true,
    description: null,
    at: null,
  });
  const sync = (entries: CuTimeEntry[]) =>
    transaction(ctx.deps.database, (tx) => upsertTimeEntries(tx, orgId, entries));
  const changes = () => admin.client.get<LockedChangesResponse>("/api/timesheet/locked-changes?state=all");

  it("flags an entry added, changed, moved out or deleted; keeps the change; adds nothing on a re-sync", async () => {
    await sync([entry("cu-w1", "2026-11-24T09:00:00Z", 2), entry("cu-w2", "2026-11-25T09:00:00Z", 1)]);
    expect((await own(member, "submit", week)).status).toBe(200);
    expect((await review(admin, "approve", { version: 1 }, MEMBER_CU, week)).status).toBe(200);
    expect((await changes()).body.total).toBe(0);

    // The same entries again: nothing changed, nothing flagged.
    await sync([entry("cu-w1", "2026-11-24T09:00:00Z", 2), entry("cu-w2", "2026-11-25T09:00:00Z", 1)]);
    expect((await changes()).body.total).toBe(0);

    await sync([
      entry("cu-w1", "2026-11-24T09:00:00Z", 3), // changed
      entry("cu-w3", "2026-11-26T09:00:00Z", 1.5), // added
      entry("cu-w2", "2026-12-01T09:00:00Z", 1), // moved out of the week
      entry("cu-x", "2026-12-02T09:00:00Z", 1), // another week: not flagged
    ]);
    await sync([entry("cu-w1", "2026-11-24T09:00:00Z", 3)]); // a re-sync of the same change
    const since = new Date(Date.now() + 60_000).toISOString();
    await transaction(ctx.deps.database, (tx) =>
      markTimeEntriesDeletedInWindow(
        tx,
        orgId,
        Date.parse("2026-11-26T00:00:00Z"),
        Date.parse("2026-11-27T00:00:00Z"),
        since,
      ),
    );

    const list = await changes();
    expect(list.status, list.text).toBe(200);
    const byEntry = Object.fromEntries(list.body.items.map((c) => [`${c.timeEntryId}:${c.change}`, c]));
    expect(Object.keys(byEntry).sort()).toEqual([
      "cu-w1:changed",
      "cu-w2:changed",
      "cu-w3:added",
      "cu-w3:deleted",
    ]);
    expect(byEntry["cu-w1:changed"]).toMatchObject({
      personName: "Mia Member",
      weekStart: week,
      before: { taskId: "t-edit", taskName: "Edit", durationMs: 2 * 3_600_000 },
      after: { durationMs: 3 * 3_600_000 },
      acknowledgedAt: null,
    });
    expect(byEntry["cu-w3:added"]!.before).toBeNull();
    expect(byEntry["cu-w3:deleted"]!.after).toBeNull();

    // Kept: the entries are as ClickUp has them (the change stored, the deletion a soft delete).
    const stored = await query<{ id: string; duration_ms: string; deleted: boolean }>(
      `select id, duration_ms, deleted from time_entries where organization_id = $1 and id in ('cu-w1', 'cu-w3') order by id`,
      [orgId],
    );
    expect(stored.map((r) => [r.id, Number(r.duration_ms), r.deleted])).toEqual([
      ["cu-w1", 3 * 3_600_000, false],
      ["cu-w3", 1.5 * 3_600_000, true],
    ]);

    // The queue counts them; an admin acknowledges one (idempotently); members cannot.
    const queue = await admin.client.get<WeekQueueResponse>(
      `/api/timesheet/weeks?status=approved&from=${week}&to=${week}`,
    );
    expect(queue.body.items[0]).toMatchObject({ weekStart: week, openChanges: 4 });
    const id = byEntry["cu-w1:changed"]!.id;
    expect((await member.client.post(`/api/timesheet/locked-changes/${id}/acknowledge`, {})).status).toBe(
      403,
    );
    expect((await member.client.get("/api/timesheet/locked-changes")).status).toBe(403);
    const ack = await admin.client.post<{ acknowledgedAt: string | null }>(
      `/api/timesheet/locked-changes/${id}/acknowledge`,
      {},
    );
    expect(ack.status, ack.text).toBe(200);
    expect(ack.body.acknowledgedAt).toBe(new Date(clock).toISOString());
    expect((await admin.client.post(`/api/timesheet/locked-changes/${id}/acknowledge`, {})).status).toBe(200);
    const open = await admin.client.get<LockedChangesResponse>("/api/timesheet/locked-changes");
    expect(open.body.total).toBe(3);
    const acks = await query(
      `select 1 from audit_events where organization_id = $1 and object_type = 'locked_week_change' and object_id = $2`,
      [orgId, id],
    );
    expect(acks).toHaveLength(1);
    expect((await admin.client.post("/api/timesheet/locked-changes/nope/acknowledge", {})).status).toBe(404);
  });
});

describe("week status elsewhere", () => {
  it("shows on My Week and in the utilization report", async () => {
    const myWeek = await member.client.get<{ timesheetStatus: string }>(
      `/api/dashboard/week?date=2026-11-24`,
    );
    expect(myWeek.status, myWeek.text).toBe(200);
    expect(myWeek.body.timesheetStatus).toBe("approved");
    const report = await admin.client.get<{
      timesheetWeeks: { personId: string; weekStart: string; status: string }[];
    }>("/api/reports/utilization?period=custom&from=2026-11-02&to=2026-11-29");
    expect(report.status, report.text).toBe(200);
    expect(report.body.timesheetWeeks).toEqual(
      expect.arrayContaining([
        { personId: MEMBER_CU, weekStart: "2026-11-02", status: "approved" },
        { personId: MEMBER_CU, weekStart: "2026-11-23", status: "approved" },
        { personId: ADMIN_CU, weekStart: "2026-11-09", status: "approved" },
      ]),
    );
    expect(report.body.timesheetWeeks.find((w) => w.weekStart === "2026-10-19")).toBeUndefined();
  });
});
