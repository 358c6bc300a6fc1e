import { ASSETS, ASSIGNMENT_PREFIX, OTHER_TASKS } from "../demo-data";
import type { AgencyBuild } from "./build";
import { DAY, HOUR, workdays } from "./calendar";
import type { DemoProject, TaskContext } from "./model";

/**
 * Phase 6: guaranteed scenarios on top of the generated projects — member@demo.test's week
 * (bookings, deadlines, overdue work, milestones, open revisions), people booked over 10 h/day,
 * and clean-up candidates for deletion tests.
 */

export function createMemberFixtures(b: AgencyBuild): void {
  const p = b.prng.fork("member-fixtures");
  const member = b.member;
  const mine = b.projects.filter(
    (pr) => pr.kind !== "completed" && pr.kind !== "bids" && pr.teamUserIds.includes(member.user.id),
  );
  if (mine.length < 2) throw new Error("demo agency: member needs at least two live projects");
  const ctxFor = (pr: DemoProject): TaskContext => {
    const producerId = b.state.taskById.get(pr.metaTaskId)?.assignees[0] ?? b.owner.user.id;
    const producer = b.people.find((x) => x.user.id === producerId) ?? b.owner;
    return b.existingProjectContext(pr, p, b.nowMs - 21 * DAY, producer);
  };
  const [first, second] = mine as [DemoProject, DemoProject];
  const third = mine[2] ?? first;
  const hd = b.field("h/d est").id;
  const disc = b.field("Discipline").id;
  const design = b.optionId("Discipline", "Design");
  const [pmA, creativeA, resA] = first.listIds as [string, string, string];
  const [pmB, creativeB, resB] = second.listIds as [string, string, string];
  const [, , resC] = third.listIds as [string, string, string];
  const t = b.todayOffset;

  // Bookings covering this week, 2 + 3 + 4 = 9 h/day.
  const bookings: Array<[string, DemoProject, string, number, number, number]> = [
    [resA, first, "Design: Key Visual Exploration - Maya", -3, 4, 2],
    [resB, second, "Design: Social Assets - Maya", 0, 3, 3],
    [resC, third, "Design: Layouts - Maya", -7, 11, 4],
  ];
  for (const [listId, pr, name, from, to, value] of bookings) {
    const task = b.task(ctxFor(pr), {
      listId,
      name,
      customItemId: 1014,
      status: "in progress",
      assignees: [member.user.id],
      startDate: b.dateOnly(from),
      dueDate: b.dateOnly(to),
      timeEstimate: value * workdays(from, to) * HOUR,
      fields: { [hd]: value, [disc]: design },
    });
    b.fixtures.currentWeekTaskIds.push(task.id);
    b.trackable.push(task.index);
  }
  // Two deliverables due this week.
  for (const [listId, pr, name, dueDay] of [
    [creativeA, first, "Key Visual - Final Artwork", 3],
    [creativeB, second, "Social Carousel (IG) - Round 2", 4],
  ] as Array<[string, DemoProject, string, number]>) {
    const task = b.task(ctxFor(pr), {
      listId,
      name,
      customItemId: 2,
      status: "in progress",
      assignees: [member.user.id],
      startDate: b.dateOnly(dueDay - 5),
      dueDate: b.dateOnly(dueDay),
      timeEstimate: 12 * HOUR,
      priority: 2,
      tags: ["social"],
    });
    b.fixtures.currentWeekTaskIds.push(task.id);
    b.trackable.push(task.index);
  }
  // Overdue: due before today, still open.
  for (const [listId, pr, name, dueDay, item, status] of [
    [pmA, first, "Send revised layouts to client", t - 2, 3, "needs work"],
    [creativeB, second, "Banner 300x250 - resize set", t - 6, 0, "in progress"],
  ] as Array<[string, DemoProject, string, number, number, string]>) {
    const task = b.task(ctxFor(pr), {
      listId,
      name,
      customItemId: item,
      status: b.state.statusOf(b.state.requireSpace(pr.spaceId), status) ? status : "in progress",
      assignees: [member.user.id],
      startDate: b.dateOnly(dueDay - 4),
      dueDate: b.dateOnly(dueDay),
      timeEstimate: 3 * HOUR,
      priority: 1,
    });
    b.fixtures.overdueTaskIds.push(task.id);
    b.trackable.push(task.index);
  }
  // Milestones due this week in the member's projects.
  for (const [listId, pr, name, dueDay] of [
    [pmA, first, "Creative Review", 3],
    [pmB, second, "Client Approval", 4],
  ] as Array<[string, DemoProject, string, number]>) {
    const task = b.task(ctxFor(pr), {
      listId,
      name,
      customItemId: 1,
      status: b.state.requireSpace(pr.spaceId).statuses[0]?.status ?? "not started",
      assignees: [ctxFor(pr).producer.user.id],
      dueDate: b.dateOnly(dueDay),
      priority: 2,
      fields: name === "Client Approval" ? { [b.field("Approved").id]: false } : {},
    });
    b.fixtures.milestoneTaskIds.push(task.id);
  }
  // Open revisions (1033 under an open 1009) in two projects.
  for (const [listId, pr, assetName] of [
    [creativeA, first, "Key Visual 3"],
    [creativeB, second, "Social Cutdown 2"],
  ] as Array<[string, DemoProject, string]>) {
    const ctx = ctxFor(pr);
    const asset = b.task(ctx, {
      listId,
      name: assetName,
      customItemId: 1009,
      status: "revision",
      assignees: [member.user.id],
      startDate: b.dateOnly(-4),
      dueDate: b.dateOnly(5),
      timeEstimate: 8 * HOUR,
      tags: ["client-review"],
    });
    b.trackable.push(asset.index);
    for (const [round, note, status] of [
      [1, "client feedback", "revision"],
      [2, "logo size", "in progress"],
    ] as Array<[number, string, string]>) {
      const rev = b.task(ctx, {
        listId,
        name: `R${round} - ${note}`,
        customItemId: 1033,
        parentId: asset.id,
        status,
        assignees: [member.user.id],
        startDate: b.dateOnly(-2 + round),
        dueDate: b.dateOnly(1 + round),
        timeEstimate: 2 * HOUR,
        tags: ["client-feedback"],
        fields: { [b.field("Revision Round").id]: round },
      });
      b.fixtures.revisionTaskIds.push(rev.id);
      b.trackable.push(rev.index);
    }
  }
  b.fixtures.projectFolderIds = [...new Set([first.folderId, second.folderId, third.folderId])];
}

/** A few people get overlapping bookings summing to more than 10 h/day this and next week. */
export function createOverbooking(b: AgencyBuild): void {
  const p = b.prng.fork("overbooking");
  const count = b.size === "small" ? 2 : b.size === "medium" ? 4 : 12;
  const candidates = b.people.filter(
    (x) => x.role === 3 && x.user.email !== "member@demo.test" && x.discipline !== "account",
  );
  const preferred = candidates.filter(
    (x) => x.user.email === "marcus.chen@demo.test" || x.user.email === "hannah.kim@demo.test",
  );
  const chosen = [
    ...preferred,
    ...p.sample(
      candidates.filter((x) => !preferred.includes(x)),
      Math.max(0, count - preferred.length),
    ),
  ];
  const hd = b.field("h/d est").id;
  for (const person of chosen) {
    const projects = b.projects.filter(
      (pr) => pr.kind !== "completed" && pr.kind !== "bids" && pr.teamUserIds.includes(person.user.id),
    );
    const pool =
      projects.length > 0
        ? projects
        : b.projects.filter((pr) => pr.kind === "production" || pr.kind === "post");
    const pr = p.pick(pool);
    if (!pr.teamUserIds.includes(person.user.id)) pr.teamUserIds.push(person.user.id);
    const ctx = b.existingProjectContext(pr, p, b.nowMs - 14 * DAY, b.owner);
    const prefix = ASSIGNMENT_PREFIX[person.discipline];
    const first = person.user.username.split(" ")[0] ?? "";
    for (const [from, to, value, phase] of [
      [0, 4, 6, "Rush"],
      [2, 11, 5, "Overflow"],
    ] as Array<[number, number, number, string]>) {
      const t = b.task(ctx, {
        listId: pr.listIds[2] ?? pr.listIds[0] ?? "",
        name: `${prefix}: ${phase} - ${first}`,
        customItemId: person.discipline === "freelance" ? 1031 : 1014,
        status: "in progress",
        assignees: [person.user.id],
        startDate: b.dateOnly(from),
        dueDate: b.dateOnly(to),
        timeEstimate: value * workdays(from, to) * HOUR,
        fields: { [hd]: value },
      });
      b.trackable.push(t.index);
    }
    b.overbooked.push(person.user.id);
  }
}

export function createDeleteCandidates(b: AgencyBuild): void {
  const p = b.prng.fork("delete-candidates");
  const count = b.size === "small" ? 5 : b.size === "medium" ? 15 : 40;
  const live = b.projects.filter((pr) => pr.kind !== "completed");
  for (let i = 0; i < count; i++) {
    const pr = p.pick(live);
    const ctx = b.existingProjectContext(pr, p, b.nowMs - 10 * DAY, b.owner);
    const t = b.task(ctx, {
      listId: pr.listIds[1] ?? pr.listIds[0] ?? "",
      name: p.chance(0.5) ? `DUPLICATE - ${p.pick(OTHER_TASKS)}` : `(old) ${p.pick(ASSETS)} draft`,
      status: ctx.space.statuses[0]?.status,
      assignees: [],
    });
    b.deleteCandidates.push(t.id);
  }
}
