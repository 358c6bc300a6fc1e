import { CLIENTS, INTERNAL_TASKS, LEADERSHIP_TASKS } from "../demo-data";
import type { AgencyBuild } from "./build";
import { DAY } from "./calendar";
import { leadershipMembers } from "./hierarchy";
import type { ProjectPlan, TaskContext } from "./model";

/**
 * The leadership space's own milestones (custom item 1), due a few days after today so the month
 * grid of any today shows the first (the grid runs at least 5 days past the month's end). Calendar
 * items in the private space: an Agency Hub admin sees them, the Head of Production's ClickUp
 * account cannot move them (hierarchy.ts, leadershipMembers).
 */
export const LEADERSHIP_MILESTONES: ReadonlyArray<{ name: string; daysAfterToday: number }> = [
  { name: "Board approval — annual budget", daysAfterToday: 2 },
  { name: "Partners' offsite", daysAfterToday: 9 },
];

/**
 * Phase 5: work outside client projects — overhead tasks everyone books time on, new-business
 * pitches, and the leadership space's finance and hiring tasks and milestones.
 */
export function createInternalWork(b: AgencyBuild, budget: number): void {
  const p = b.prng.fork("internal");
  const agency = b.agencySpace;
  const leadership = b.leadershipSpace;
  if (!agency || !leadership) return;
  const overhead = b.state.addList({ spaceId: agency.id, name: "Overhead & Admin" });
  const newBusiness = b.state.addList({ spaceId: agency.id, name: "New Business" });
  const finance = b.state.addList({ spaceId: leadership.id, name: "Finance & Hiring" });
  b.overheadList = overhead;
  const ownerId = b.owner.user.id;
  const internalPlan: ProjectPlan = {
    kind: "creative",
    space: "creative",
    client: { name: "Internal", code: "INT" },
    clientOptionId: "",
    campaign: "",
    jobCode: "INT",
    startDay: -56,
    endDay: 14,
    taskBudget: budget,
    team: b.people,
  };
  const ctx: TaskContext = {
    plan: internalPlan,
    space: agency,
    p,
    createdAt: b.nowMs - 120 * DAY,
    producer: b.owner,
  };
  for (const name of INTERNAL_TASKS) {
    // Everyone books overhead time here; nobody is assigned (as in most agencies).
    const t = b.task(ctx, {
      listId: overhead.id,
      name,
      status: "in progress",
      assignees: [],
      creatorId: ownerId,
    });
    b.internalTaskIndexes.push(t.index);
  }
  let left = budget - INTERNAL_TASKS.length - LEADERSHIP_TASKS.length - LEADERSHIP_MILESTONES.length;
  while (left-- > 0) {
    const client = p.pick(CLIENTS);
    const dueDay = p.int(-40, 20);
    const done = dueDay < b.todayOffset - 3;
    b.task(ctx, {
      listId: newBusiness.id,
      name: `Pitch: ${client.name}`,
      status: done ? p.pick(["complete", "closed"]) : p.pick(["to do", "in progress"]),
      assignees: p.sample(b.people, p.int(1, 3)).map((x) => x.user.id),
      dueDate: b.dateOnly(dueDay),
      creatorId: ownerId,
    });
  }
  // Assigned to members of the private space only: nobody else can see its tasks in ClickUp.
  const leaders = leadershipMembers(b);
  const leaderCtx: TaskContext = { ...ctx, space: leadership };
  for (const name of LEADERSHIP_TASKS) {
    b.task(leaderCtx, {
      listId: finance.id,
      name,
      status: p.pick(["to do", "in progress"]),
      assignees: [p.pick(leaders).user.id],
      dueDate: b.dateOnly(p.int(0, 30)),
      creatorId: ownerId,
    });
  }
  for (const { name, daysAfterToday } of LEADERSHIP_MILESTONES) {
    b.task(leaderCtx, {
      listId: finance.id,
      name,
      customItemId: 1,
      status: "to do",
      assignees: [ownerId],
      dueDate: b.dateOnly(b.todayOffset + daysAfterToday),
      priority: 2,
      creatorId: ownerId,
    });
  }
}
