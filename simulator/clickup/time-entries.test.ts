import { describe, expect, it } from "vitest";
import { call, testClock, testSim, TEST_NOW } from "./test-support";

type Entry = {
  id: string;
  task?: { id: string; name: string; custom_id?: string };
  wid: string;
  user: { id: number; timezone?: string };
  billable: boolean;
  start: string | number;
  end: string | null;
  duration: string | number;
  description: string;
  source?: string;
  at: string | number;
  task_location: { list_id?: string; folder_id?: string; space_id?: string; list_name?: string };
};

const DAY = 86_400_000;

describe("time entries", () => {
  it("defaults to the caller's own entries of the last 30 days", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const res = await call<{ data: Entry[] }>(sim, "GET", `/api/v2/team/${sim.demo.teamId}/time_entries`, {
      auth: pk,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(50);
    for (const e of res.body.data) {
      expect(e.user.id).toBe(sim.demo.memberUserId);
      expect(typeof e.start).toBe("string");
      expect(typeof e.duration).toBe("string");
      expect(Number(e.start)).toBeGreaterThanOrEqual(TEST_NOW - 30 * DAY);
      expect(Number(e.start)).toBeLessThanOrEqual(TEST_NOW);
      expect(e.id).toMatch(/^\d{19}$/);
      expect(e.wid).toBe(sim.demo.teamId);
    }
    // Older entries exist but are outside the default window.
    const older = await call<{ data: Entry[] }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/time_entries?start_date=${TEST_NOW - 60 * DAY}&end_date=${TEST_NOW - 31 * DAY}`,
      { auth: pk },
    );
    expect(older.body.data.length).toBeGreaterThan(0);
  });

  it("lets admins read other users' entries and refuses members", async () => {
    const sim = testSim();
    const member = sim.createPersonalToken(sim.demo.memberUserId);
    const admin = sim.createPersonalToken(sim.demo.adminUserId);
    const everyone = sim.demo.users.map((u) => u.id).join(",");
    const all = await call<{ data: Entry[] }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/time_entries?assignee=${everyone}&start_date=${TEST_NOW - 7 * DAY}&end_date=${TEST_NOW}&include_location_names=true`,
      { auth: admin },
    );
    expect(new Set(all.body.data.map((e) => e.user.id)).size).toBeGreaterThan(5);
    expect(all.body.data.find((e) => e.task)?.task_location.list_name).toEqual(expect.any(String));
    const denied = await call(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/time_entries?assignee=${sim.demo.adminUserId}`,
      { auth: member },
    );
    expect(denied.status).toBe(401);
  });

  it("creates, reads, updates and deletes entries with 19-digit string ids", async () => {
    const clock = testClock();
    const sim = testSim({ now: clock.now });
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const taskId = sim.demo.memberFixtures.currentWeekTaskIds[0] ?? "";
    const before = sim.state.taskById.get(taskId)?.timeSpent ?? 0;
    const start = TEST_NOW - 3 * 3_600_000;
    const created = await call<{ data: Entry }>(sim, "POST", `/api/v2/team/${sim.demo.teamId}/time_entries`, {
      auth: pk,
      body: { start, duration: 1_800_000, billable: false, tid: taskId, description: "Code review" },
    });
    expect(created.status).toBe(200);
    const entry = created.body.data;
    expect(entry.id).toMatch(/^\d{19}$/);
    // Create responses mix types: numeric start/duration/at, string end, no source, user timezone.
    expect(entry.start).toBe(start);
    expect(entry.duration).toBe(1_800_000);
    expect(entry.end).toBe(String(start + 1_800_000));
    expect(typeof entry.at).toBe("number");
    expect(entry.source).toBeUndefined();
    expect(entry.user.timezone).toEqual(expect.any(String));
    expect(entry.task?.id).toBe(taskId);
    expect(sim.state.taskById.get(taskId)?.timeSpent).toBe(before + 1_800_000);

    const got = await call<{ data: Entry }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/time_entries/${entry.id}`,
      { auth: pk },
    );
    expect(got.body.data).toMatchObject({
      id: entry.id,
      start: String(start),
      duration: "1800000",
      source: "api",
      billable: false,
    });

    clock.advance(5_000);
    const put = await call(sim, "PUT", `/api/v2/team/${sim.demo.teamId}/time_entries/${entry.id}`, {
      auth: pk,
      body: {
        description: "Review + fixes",
        start,
        end: start + 3_600_000,
        billable: true,
        tid: taskId,
        tags: [],
      },
    });
    expect(put.status).toBe(200);
    const reread = await call<{ data: Entry }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/time_entries/${entry.id}`,
      { auth: pk },
    );
    expect(reread.body.data).toMatchObject({
      description: "Review + fixes",
      duration: "3600000",
      billable: true,
      at: String(TEST_NOW + 5_000),
    });
    expect(sim.state.taskById.get(taskId)?.timeSpent).toBe(before + 3_600_000);

    // End given ⇒ duration ignored; `stop` alias accepted.
    const viaEnd = await call<{ data: Entry }>(sim, "POST", `/api/v2/team/${sim.demo.teamId}/time_entries`, {
      auth: pk,
      body: { start, stop: start + 600_000, duration: 999, tid: taskId },
    });
    expect(viaEnd.body.data.duration).toBe(600_000);

    const del = await call<{ data: Entry[] }>(
      sim,
      "DELETE",
      `/api/v2/team/${sim.demo.teamId}/time_entries/${entry.id},${viaEnd.body.data.id}`,
      { auth: pk },
    );
    expect(del.status).toBe(200);
    expect(del.body.data.map((e) => e.id)).toEqual([entry.id, viaEnd.body.data.id]);
    expect(
      (await call(sim, "GET", `/api/v2/team/${sim.demo.teamId}/time_entries/${entry.id}`, { auth: pk }))
        .status,
    ).toBe(401);
    expect(sim.state.taskById.get(taskId)?.timeSpent).toBe(before);
  });

  it("PUT time entry requires tags and applies tag_action: replace by default, add, remove", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const base = `/api/v2/team/${sim.demo.teamId}/time_entries`;
    const tag = (name: string) => ({ name, tag_fg: "#ffffff", tag_bg: "#7b68ee" });
    const created = await call<{ data: Entry }>(sim, "POST", base, {
      auth: pk,
      body: { start: TEST_NOW - 3_600_000, duration: 600_000, tags: [tag("draft"), tag("review")] },
    });
    expect(created.status).toBe(200);
    const url = `${base}/${created.body.data.id}`;
    const tags = async () =>
      (await call<{ data: { tags: Array<{ name: string }> } }>(sim, "GET", url, { auth: pk })).body.data.tags
        .map((t) => t.name)
        .sort();
    // `tags` is the body's one required property (UpdateatimeEntryrequest).
    const without = await call<{ ECODE: string }>(sim, "PUT", url, { auth: pk, body: { description: "x" } });
    expect(without.status).toBe(400);
    expect(await tags()).toEqual(["draft", "review"]);
    const unknown = await call(sim, "PUT", url, { auth: pk, body: { tags: [], tag_action: "merge" } });
    expect(unknown.status).toBe(400);
    // Adding nothing changes nothing (what the write-back sends).
    expect(
      (await call(sim, "PUT", url, { auth: pk, body: { tags: [], tag_action: "add", duration: 900_000 } }))
        .status,
    ).toBe(200);
    expect(await tags()).toEqual(["draft", "review"]);
    await call(sim, "PUT", url, { auth: pk, body: { tags: [tag("billed")], tag_action: "add" } });
    expect(await tags()).toEqual(["billed", "draft", "review"]);
    await call(sim, "PUT", url, { auth: pk, body: { tags: [tag("draft")], tag_action: "remove" } });
    expect(await tags()).toEqual(["billed", "review"]);
    await call(sim, "PUT", url, { auth: pk, body: { tags: [tag("final")] } });
    expect(await tags()).toEqual(["final"]);
    // `start` and `end` only together, even with a duration.
    const lone = await call(sim, "PUT", url, {
      auth: pk,
      body: { tags: [], tag_action: "add", start: TEST_NOW - 7_200_000, duration: 60_000 },
    });
    expect(lone.status).toBe(400);
  });

  it("POST time entry requires start and duration (stop may replace duration, end may not)", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const base = `/api/v2/team/${sim.demo.teamId}/time_entries`;
    const start = TEST_NOW - 3_600_000;
    const post = (body: Record<string, unknown>) =>
      call<{ data: Entry }>(sim, "POST", base, { auth: pk, body });
    expect((await post({ duration: 600_000 })).status).toBe(400);
    expect((await post({ start })).status).toBe(400);
    expect((await post({ start, end: start + 600_000 })).status).toBe(400);
    const viaStop = await post({ start, stop: start + 300_000 });
    expect(viaStop.status).toBe(200);
    expect(viaStop.body.data.duration).toBe(300_000);
    // With start and end both given the duration is ignored.
    const both = await post({ start, end: start + 600_000, duration: 1 });
    expect(both.body.data.duration).toBe(600_000);
  });

  it("keeps members to their own entries on writes, admins may write for others", async () => {
    const sim = testSim();
    const member = sim.createPersonalToken(sim.demo.memberUserId);
    const admin = sim.createPersonalToken(sim.demo.adminUserId);
    const body = { start: TEST_NOW - 3_600_000, duration: 600_000, assignee: sim.demo.ownerUserId };
    expect(
      (await call(sim, "POST", `/api/v2/team/${sim.demo.teamId}/time_entries`, { auth: member, body }))
        .status,
    ).toBe(401);
    const ok = await call<{ data: Entry }>(sim, "POST", `/api/v2/team/${sim.demo.teamId}/time_entries`, {
      auth: admin,
      body,
    });
    expect(ok.body.data.user.id).toBe(sim.demo.ownerUserId);
    expect(ok.body.data.task_location).toEqual({});
    // A member cannot touch someone else's entry.
    expect(
      (
        await call(sim, "DELETE", `/api/v2/team/${sim.demo.teamId}/time_entries/${ok.body.data.id}`, {
          auth: member,
        })
      ).status,
    ).toBe(401);
  });

  it("runs timers with a negative duration and reports the current one", async () => {
    const clock = testClock();
    const sim = testSim({ now: clock.now });
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const base = `/api/v2/team/${sim.demo.teamId}/time_entries`;
    expect((await call<{ data: null }>(sim, "GET", `${base}/current`, { auth: pk })).body.data).toBeNull();
    const started = await call<{ data: Entry }>(sim, "POST", `${base}/start`, {
      auth: pk,
      body: { tid: sim.demo.memberFixtures.currentWeekTaskIds[1], description: "Layouts" },
    });
    expect(started.body.data.duration).toBe(-TEST_NOW);
    const current = await call<{ data: Entry }>(sim, "GET", `${base}/current`, { auth: pk });
    expect(current.body.data.id).toBe(started.body.data.id);
    expect(Number(current.body.data.duration)).toBeLessThan(0);
    clock.advance(25 * 60_000);
    const stopped = await call<{ data: Entry }>(sim, "POST", `${base}/stop`, { auth: pk });
    expect(stopped.body.data.duration).toBe(25 * 60_000);
    expect((await call(sim, "POST", `${base}/stop`, { auth: pk })).status).toBe(400);
    // The demo agency has one running timer somewhere (negative duration on the wire).
    const owner = sim.createPersonalToken(sim.demo.ownerUserId);
    const everyone = sim.demo.users.map((u) => u.id).join(",");
    const all = await call<{ data: Entry[] }>(
      sim,
      "GET",
      `${base}?assignee=${everyone}&start_date=${TEST_NOW - DAY}&end_date=${TEST_NOW + DAY}`,
      { auth: owner },
    );
    expect(all.body.data.filter((e) => Number(e.duration) < 0)).toHaveLength(1);
  });

  it("serialises each endpoint's entry as the OpenAPI document gives it (current, stop, DELETE, no task)", async () => {
    const clock = testClock();
    const sim = testSim({ now: clock.now });
    const pk = sim.createPersonalToken(sim.demo.memberUserId);
    const base = `/api/v2/team/${sim.demo.teamId}/time_entries`;
    await call(sim, "POST", `${base}/start`, { auth: pk, body: { description: "No task" } });
    // Getrunningtimeentryresponse: start a string, duration an integer, negative while running.
    const current = (await call<{ data: Entry }>(sim, "GET", `${base}/current`, { auth: pk })).body.data;
    expect(typeof current.start).toBe("string");
    expect(typeof current.duration).toBe("number");
    expect(current.duration as number).toBeLessThan(0);
    expect(current.task).toBeUndefined();
    clock.advance(10 * 60_000);
    // Stopatimeentryresponse: start a string, end/duration/at numbers, source present.
    const stopped = (await call<{ data: Entry }>(sim, "POST", `${base}/stop`, { auth: pk })).body.data;
    expect(stopped).toMatchObject({
      start: String(TEST_NOW),
      end: TEST_NOW + 10 * 60_000,
      duration: 10 * 60_000,
      at: expect.any(Number),
      source: expect.any(String),
    });
    // An entry without a task: no `task`, an empty task_location.
    const single = (await call<{ data: Entry }>(sim, "GET", `${base}/${stopped.id}`, { auth: pk })).body.data;
    expect(single.task).toBeUndefined();
    expect(single.task_location).toEqual({});
    expect(single).toMatchObject({ start: String(TEST_NOW), duration: String(10 * 60_000) });
    // DELETE answers {data: [TimeEntry]} in the read shape (clickup-api.md §4.2, observed), even
    // for one id; the OpenAPI document's single stop-shaped entry is repaired in repairs.ts.
    const del = await call<{ data: Entry[] }>(sim, "DELETE", `${base}/${stopped.id}`, { auth: pk });
    expect(del.status).toBe(200);
    expect(del.body.data).toHaveLength(1);
    expect(del.body.data[0]).toMatchObject({ id: stopped.id, start: String(TEST_NOW) });
  });

  it("members carry profileInfo, spaces their features, lists a string task_count", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const project = sim.demo.projects[0]!;
    const listId = project.listIds[0]!;
    const members = await call<{ members: Array<Record<string, unknown>> }>(
      sim,
      "GET",
      `/api/v2/list/${listId}/member`,
      {
        auth: pk,
      },
    );
    for (const m of members.body.members)
      expect(Object.keys(m).sort()).toEqual([
        "color",
        "email",
        "id",
        "initials",
        "profileInfo",
        "profilePicture",
        "username",
      ]);
    const taskMembers = await call<{ members: Array<Record<string, unknown>> }>(
      sim,
      "GET",
      `/api/v2/task/${project.metaTaskId}/member`,
      { auth: pk },
    );
    for (const m of taskMembers.body.members) expect(m).toHaveProperty("profileInfo");
    const spaces = await call<{ spaces: Array<{ features: Record<string, { enabled: boolean }> }> }>(
      sim,
      "GET",
      `/api/v2/team/${sim.demo.teamId}/space`,
      { auth: pk },
    );
    for (const sp of spaces.body.spaces)
      for (const key of [
        "due_dates",
        "time_tracking",
        "tags",
        "time_estimates",
        "checklists",
        "custom_fields",
        "remap_dependencies",
        "dependency_warning",
        "portfolios",
      ])
        expect(typeof sp.features[key]?.enabled, key).toBe("boolean");
    const list = await call<{ task_count: unknown }>(sim, "GET", `/api/v2/list/${listId}`, { auth: pk });
    expect(typeof list.body.task_count).toBe("string");
  });

  it("resolves custom task ids in tid", async () => {
    const sim = testSim();
    const pk = sim.createPersonalToken(sim.demo.ownerUserId);
    const project = sim.demo.projects[0];
    const res = await call<{ data: Entry }>(
      sim,
      "POST",
      `/api/v2/team/${sim.demo.teamId}/time_entries?custom_task_ids=true&team_id=${sim.demo.teamId}`,
      {
        auth: pk,
        body: { start: TEST_NOW - 7_200_000, duration: 900_000, tid: project?.jobCode },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.task).toMatchObject({ id: project?.metaTaskId, custom_id: project?.jobCode });
  });
});
