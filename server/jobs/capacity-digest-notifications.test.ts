import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHANNELS } from "../../simulator/slack";
import { H, nineAm as d, taskBuilder } from "../../tests/api/clickup-rows";
import { createUserInWorkspace, type WorkspaceUser } from "../../tests/api/fixtures";
import { createTestContext, type TestContext } from "../../tests/api/harness";
import { seedClickupData } from "../../tests/api/seed";
import { installSlack, setKind, waitFor } from "../modules/slack/test-support";
import { runCapacityDigest } from "./capacity-digest-notifications";
import { startJobsFor, stopJobs } from "./index";

/*
 * Slack "Monday digest of people booked over capacity this week", on the app clock (set here).
 * The week of Monday 2026-11-16: working days Monday–Friday at the default 8 h = 40 h capacity.
 * Ann is booked 50 h (10 h over), Bob 45 h (5 h over), Cat 20 h (under).
 */

let at = Date.parse("2026-11-16T09:00:00Z");
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(at) });
  await startJobsFor(ctx.deps, { pollingIntervalSeconds: 0.5, schedule: false });
}, 60_000);
afterAll(async () => {
  await stopJobs(ctx.deps);
  await ctx.close();
});

const task = taskBuilder({ spaceId: "sp-work", folderId: "f-job", folderName: "Job", listId: "l-job" });
const week = (id: string, user: string, hours: number) =>
  task({
    id,
    startDate: d("2026-11-16"),
    dueDate: d("2026-11-20"),
    timeEstimateMs: hours * H,
    assigneesArray: [{ id: user, username: null }],
  });

/** A workspace with Slack (finance channel) and the three people's bookings of the week. */
async function bookedWorkspace(): Promise<WorkspaceUser> {
  const owner = await createUserInWorkspace(ctx, { role: "owner" });
  await installSlack(ctx, owner, DEMO_CHANNELS.finance);
  await seedClickupData(ctx.database.db, owner.organizationId, {
    spaces: [{ id: "sp-work", name: "Work" }],
    folders: [{ id: "f-job", name: "Job", spaceId: "sp-work" }],
    providerUsers: [
      { id: "u-ann", username: "Ann", email: "ann@agency.test" },
      { id: "u-bob", username: "Bob", email: "bob@agency.test" },
      { id: "u-cat", username: "Cat", email: "cat@agency.test" },
    ],
    tasks: [week("t-ann", "u-ann", 50), week("t-bob", "u-bob", 45), week("t-cat", "u-cat", 20)],
  });
  return owner;
}

async function digests(organizationId: string) {
  const { rows } = await ctx.database.raw.query<{
    event_key: string;
    status: string;
    text: string;
    ts: string;
  }>(
    `select event_key, status, text, ts from slack_notifications
      where organization_id = $1 and kind = 'capacity_digest' order by created_at`,
    [organizationId],
  );
  return rows;
}

describe("Slack: Monday digest of people booked over capacity", () => {
  it("posts the week's over-capacity people once, on the workspace's Monday", async () => {
    const owner = await bookedWorkspace();
    at = Date.parse("2026-11-15T23:00:00Z"); // Sunday
    await runCapacityDigest(ctx.deps);
    expect(await digests(owner.organizationId)).toEqual([]);

    at = Date.parse("2026-11-16T08:00:00Z"); // Monday
    await runCapacityDigest(ctx.deps);
    const [row] = await waitFor(
      () => digests(owner.organizationId),
      (r) => r[0]?.status === "sent",
    );
    expect(row!.event_key).toBe("capacity_digest:2026-11-16");
    const text =
      "2 people are booked over capacity in the week of Mon, Nov 16, 2026: " +
      "Ann: 50.0h booked of 40.0h (10.0h over); Bob: 45.0h booked of 40.0h (5.0h over).";
    expect(row!.text).toBe(text);
    const res = await owner.client.get<{ messages: { text: string; ts: string }[] }>(
      `/__sim/slack/messages.json?channel=${DEMO_CHANNELS.finance}`,
    );
    expect(res.body.messages.filter((m) => m.ts === row!.ts).map((m) => m.text)).toEqual([text]);

    // Later passes the same Monday, and on Tuesday: nothing more.
    await runCapacityDigest(ctx.deps);
    at = Date.parse("2026-11-17T08:00:00Z");
    await runCapacityDigest(ctx.deps);
    expect(await digests(owner.organizationId)).toHaveLength(1);
  });

  it("posts nothing when the kind is switched off", async () => {
    const owner = await bookedWorkspace();
    await setKind(owner, "capacity_digest", false);
    at = Date.parse("2026-11-16T08:00:00Z");
    await runCapacityDigest(ctx.deps);
    expect(await digests(owner.organizationId)).toEqual([]);
    await setKind(owner, "capacity_digest", true);
    await runCapacityDigest(ctx.deps);
    expect(await digests(owner.organizationId)).toHaveLength(1);
  });
});
