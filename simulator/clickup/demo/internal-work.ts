import { CLIENTS, INTERNAL_TASKS, LEADERSHIP_TASKS } from "../demo-data";
import type { AgencyBuild } from "./build";
import { DAY } from "./calendar";
import type { ProjectPlan, TaskContext } from "./model";

/**
 * Phase 5: work outside client projects — overhead tasks everyone books time on, new-business
 * pitches, and the leadership space's finance and hiring tasks.
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
  let left = budget - INTERNAL_TASKS.length - LEADERSHIP_TASKS.length;
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
  const leaders = b.people.filter((x) => x.role !== 3);
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
}
