import {
  ASSIGNMENT_PHASES,
  ASSIGNMENT_PREFIX,
  CAMPAIGNS,
  MILESTONE_SCHEDULE,
  SHOOT_LOCATIONS,
  STATUS_UPDATES,
  type Discipline,
} from "../demo-data";
import type { FieldValue, SimFolder, SimList, SimSpace, SimTask } from "../model";
import type { AgencyBuild } from "./build";
import { HOUR, workdays } from "./calendar";
import type { AgencyProfile, Person, ProjectPlan, SpaceKind, TaskContext } from "./model";
import { createActionItems, createAssets, createDeliverables, createOtherTasks } from "./project-tasks";
import { META_STATUS, SPACE_DEFS, SPACE_ORDER } from "./space-catalog";

/**
 * Phase 4: client projects. `planProjects` decides how many projects each phase space holds,
 * their clients, dates and teams; `createProject` builds one project (a folder) step by step.
 */

export function planProjects(b: AgencyBuild, profile: AgencyProfile): ProjectPlan[] {
  const p = b.prng.fork("projects");
  const counts = new Map<SpaceKind, number>();
  let assigned = 0;
  for (const kind of SPACE_ORDER) {
    const n = Math.floor(profile.projects * SPACE_DEFS[kind].share);
    counts.set(kind, n);
    assigned += n;
  }
  counts.set("creative", (counts.get("creative") ?? 0) + profile.projects - assigned);
  const clients = b.clientPool();
  const jobSeq = new Map<string, number>();
  const usedNames = new Set<string>();
  const plans: ProjectPlan[] = [];
  const member = b.member;
  const byDiscipline = new Map<Discipline, Person[]>();
  for (const person of b.people) {
    const list = byDiscipline.get(person.discipline) ?? [];
    list.push(person);
    byDiscipline.set(person.discipline, list);
  }
  let memberActive = 0;
  for (const kind of SPACE_ORDER) {
    for (let i = 0; i < (counts.get(kind) ?? 0); i++) {
      let client = p.pick(clients);
      let campaign = p.pick(CAMPAIGNS);
      for (let guard = 0; usedNames.has(`${client.code}|${campaign}`) && guard < 50; guard++) {
        client = p.pick(clients);
        campaign = p.pick(CAMPAIGNS);
      }
      usedNames.add(`${client.code}|${campaign}`);
      let startDay: number;
      let endDay: number;
      switch (kind) {
        case "bids":
          startDay = p.int(-7, 14);
          endDay = startDay + p.int(35, 70);
          break;
        case "creative":
          startDay = p.int(-35, -7);
          endDay = p.int(21, 63);
          break;
        case "production":
          startDay = p.int(-56, -21);
          endDay = p.int(7, 42);
          break;
        case "post":
          startDay = p.int(-84, -42);
          endDay = p.int(0, 21);
          break;
        case "completed":
          endDay = p.int(-70, -7);
          startDay = endDay - p.int(35, 90);
          break;
      }
      const year = new Date(b.day(startDay)).getUTCFullYear();
      const seq = (jobSeq.get(client.code) ?? p.int(1, 40)) + 1;
      jobSeq.set(client.code, seq);
      // Team: one producer, then the crafts a project of this phase needs.
      const team: Person[] = [];
      const add = (d: Discipline, min: number, max: number) => {
        const pool = (byDiscipline.get(d) ?? []).filter((x) => !team.includes(x));
        for (const x of p.sample(pool, p.int(min, max))) team.push(x);
      };
      const producers = b.people.filter((x) => x.discipline === "producer");
      const producer = p.chance(0.25) ? b.owner : p.pick(producers);
      team.push(producer);
      add("account", 1, 1);
      add("creative", 1, 1);
      add("art", 1, 2);
      add("copy", 1, 1);
      add("design", 1, b.size === "small" ? 1 : 3);
      add("motion", 0, 2);
      if (kind !== "bids") add("editor", kind === "creative" ? 0 : 1, 2);
      if (kind === "post" || kind === "completed") add("finishing", 0, 1);
      add("coordinator", 0, 1);
      add("strategy", 0, kind === "bids" ? 1 : 0);
      add("freelance", 0, b.size === "small" ? 1 : 2);
      // The member works on several live projects (and some older ones).
      const live = kind === "creative" || kind === "production" || kind === "post";
      const wantMember = live ? memberActive < 3 || p.chance(0.45) : p.chance(0.3);
      if (wantMember && !team.includes(member)) team.push(member);
      if (live && team.includes(member)) memberActive++;
      plans.push({
        kind,
        space: kind,
        client,
        clientOptionId: b.optionId("Client", client.name),
        campaign,
        jobCode: `${client.code}-${year}-${String(seq).padStart(3, "0")}`,
        startDay,
        endDay,
        taskBudget: p.around(1, 0.4),
        team,
      });
    }
  }
  // Every live space also holds tentative work: its last project is a follow-on bid (Bid phase,
  // dated like a bid), so resource planning sees "if we win it" load in each space.
  for (const space of ["creative", "production", "post"] as const) {
    const plan = plans.findLast((x) => x.space === space);
    if (!plan) continue;
    plan.kind = "bids";
    plan.startDay = p.int(-7, 14);
    plan.endDay = plan.startDay + p.int(35, 70);
  }
  return plans;
}

/** A project while its steps build it: where its tasks go and the task budget they share. */
export interface ProjectBuild {
  plan: ProjectPlan;
  /** The project's own random stream (forked from its job code). */
  p: TaskContext["p"];
  space: SimSpace;
  folder: SimFolder;
  name: string;
  /** Project start/end (ms). */
  start: number;
  end: number;
  lists: { pm: SimList; creative: SimList; resourcing: SimList };
  producer: Person;
  account: Person;
  /** Everyone on the team but account people: who gets bookings, deliverables and assets. */
  crafts: Person[];
  ctx: TaskContext;
  /** Days the project runs (at least a week). */
  span: number;
  /** Tasks the next steps may still create. */
  budgetLeft: number;
  /** Deliverables created so far (plain tasks may become their subtasks). */
  deliverables: SimTask[];
}

/** One project: a folder with its three lists, then its tasks, each kind in its own step. */
export function createProject(b: AgencyBuild, plan: ProjectPlan): void {
  const firstTask = b.state.tasks.length;
  const project = openProject(b, plan);
  createMetaTask(b, project);
  createMilestones(b, project);
  createAssignments(b, project);
  createDeliverables(b, project);
  createAssets(b, project);
  createActionItems(b, project);
  createOtherTasks(b, project);
  fitEstimates(b, project, firstTask);
}

/** Share of the team's hours over the schedule that a project's estimates may take. */
const ESTIMATE_SHARE_OF_CAPACITY = 0.3;

/**
 * Keep the project's estimates to what its team could deliver: when the work items (everything
 * but the bookings, whose estimate is their h/d est × workdays) would take the project past
 * {@link ESTIMATE_SHARE_OF_CAPACITY} of the team's 8 h days over the schedule, their estimates
 * shrink in proportion (to the quarter hour, at least 15 minutes). A big agency's projects hold
 * more tasks, not more people, so without this their hours grew past what anyone could work.
 */
function fitEstimates(b: AgencyBuild, project: ProjectBuild, firstTask: number): void {
  const { plan } = project;
  const capacity = plan.team.length * workdays(plan.startDay, plan.endDay) * 8 * HOUR;
  const limit = capacity * ESTIMATE_SHARE_OF_CAPACITY;
  let bookings = 0;
  let work = 0;
  const tasks = b.state.tasks;
  for (let i = firstTask; i < tasks.length; i++) {
    const t = tasks[i];
    if (!t?.timeEstimate) continue;
    if (t.customItemId === 1014 || t.customItemId === 1031) bookings += t.timeEstimate;
    else work += t.timeEstimate;
  }
  if (bookings + work <= limit || work === 0) return;
  const factor = Math.max(0.25, (limit - bookings) / work);
  const quarter = HOUR / 4;
  for (let i = firstTask; i < tasks.length; i++) {
    const t = tasks[i];
    if (!t?.timeEstimate || t.customItemId === 1014 || t.customItemId === 1031) continue;
    t.timeEstimate = Math.max(quarter, Math.round((t.timeEstimate * factor) / quarter) * quarter);
  }
}

/** The folder (named like the project), its lists, and who leads it. */
function openProject(b: AgencyBuild, plan: ProjectPlan): ProjectBuild {
  const p = b.prng.fork(`project:${plan.jobCode}`);
  const space = b.spaces.get(plan.space);
  if (!space) throw new Error(`space ${plan.space} missing`);
  const name = `${plan.client.name} - ${plan.campaign}`;
  const folder = b.state.addFolder({ spaceId: space.id, name });
  const start = b.dateOnly(plan.startDay);
  const end = b.dateOnly(plan.endDay);
  const pm = b.state.addList({
    spaceId: space.id,
    folderId: folder.id,
    name: "Project Management",
    startDate: start,
    dueDate: end,
  });
  const creative = b.state.addList({
    spaceId: space.id,
    folderId: folder.id,
    name: "Creative & Assets",
  });
  const resourcing = b.state.addList({ spaceId: space.id, folderId: folder.id, name: "Resourcing" });
  const createdAt = Math.min(b.nowMs - HOUR, b.day(plan.startDay - p.int(3, 14)) + p.int(14, 22) * HOUR);
  const producer = plan.team[0] ?? b.owner;
  const account = plan.team.find((x) => x.discipline === "account") ?? producer;
  const crafts = plan.team.filter((x) => x.discipline !== "account");
  const ctx: TaskContext = { plan, space, p, createdAt, producer };
  return {
    plan,
    p,
    space,
    folder,
    name,
    start,
    end,
    lists: { pm, creative, resourcing },
    producer,
    account,
    crafts,
    ctx,
    span: Math.max(7, plan.endDay - plan.startDay),
    // The meta task is the first of the budget.
    budgetLeft: plan.taskBudget - 1,
    deliverables: [],
  };
}

/** The project meta task (1001): one per folder, named like the project; then the project is listed. */
function createMetaTask(b: AgencyBuild, project: ProjectBuild): void {
  const { plan, p, space, folder, name, start, end, lists, producer, account, ctx } = project;
  const completed = plan.kind === "completed";
  const budget = Math.round(p.int(25, 400) * 1000);
  const quotedFolderId = p.chance(0.3) ? `"${folder.id}"` : folder.id;
  const metaStatus = completed ? p.pick(["complete", "closed"]) : META_STATUS[plan.kind];
  const progress = completed
    ? 100
    : Math.max(
        0,
        Math.min(
          100,
          Math.round(((b.todayOffset - plan.startDay) / Math.max(1, plan.endDay - plan.startDay)) * 100),
        ),
      );
  const meta = b.task(ctx, {
    listId: lists.pm.id,
    name,
    customItemId: 1001,
    customId: plan.jobCode,
    description: `${plan.campaign} for ${plan.client.name}. Job ${plan.jobCode}.`,
    status: metaStatus,
    assignees: [producer.user.id],
    startDate: start,
    dueDate: end,
    // No estimate of its own: the project's hours are its work's (bookings, deliverables, …),
    // which the folder sums would otherwise count twice.
    timeEstimate: null,
    priority: 3,
    fields: {
      [b.field("Client").id]: plan.clientOptionId,
      [b.field("Job Code").id]: plan.jobCode,
      [b.field("Status Update").id]: p.pick(STATUS_UPDATES[statusUpdatePhase(plan.kind)]),
      [b.field("ClickUp Folder ID").id]: quotedFolderId,
      [b.field("Budget").id]: budget,
      [b.field("Account Lead").id]: [account.user.id],
      [b.field("Progress").id]: progress,
      ...(completed || p.chance(0.5) ? { [b.field("Satisfaction Rating").id]: p.int(3, 5) } : {}),
    },
  });
  b.projects.push({
    folderId: folder.id,
    name,
    client: plan.client.name,
    jobCode: plan.jobCode,
    spaceId: space.id,
    spaceName: space.name,
    kind: plan.kind,
    metaTaskId: meta.id,
    listIds: [lists.pm.id, lists.creative.id, lists.resourcing.id],
    teamUserIds: plan.team.map((x) => x.user.id),
    start,
    end,
  });
}

function statusUpdatePhase(kind: SpaceKind): keyof typeof STATUS_UPDATES {
  return kind === "bids" ? "bid" : kind;
}

/** Milestones (1): the schedule, repeated for long projects with rounds. */
function createMilestones(b: AgencyBuild, project: ProjectBuild): void {
  const { plan, p, space, lists, producer, ctx, span } = project;
  const milestoneCount = Math.max(4, Math.min(24, Math.round(plan.taskBudget * 0.05)));
  for (let i = 0; i < milestoneCount && project.budgetLeft > 0; i++) {
    const [label, frac] = MILESTONE_SCHEDULE[i % MILESTONE_SCHEDULE.length] ?? ["Milestone", 0.5];
    const round = Math.floor(i / MILESTONE_SCHEDULE.length);
    const dueDay = Math.round(plan.startDay + span * Math.min(1, frac + round * 0.03));
    const fields: Record<string, FieldValue> = {};
    if (label === "Shoot") {
      fields[b.field("Shoot Date").id] = b.dateOnly(dueDay);
      const loc = b.fields["Shoot Location"];
      if (loc && plan.kind === "production") {
        const l = p.pick(SHOOT_LOCATIONS);
        fields[loc.id] = { location: { lat: l.lat, lng: l.lng }, formatted_address: l.address };
      }
    }
    const status = b.statusFor(ctx, dueDay - 1, dueDay);
    if (label.startsWith("Client Approval")) fields[b.field("Approved").id] = b.isClosedStatus(space, status);
    b.task(ctx, {
      listId: lists.pm.id,
      name: round > 0 ? `${label} - Round ${round + 1}` : label,
      customItemId: 1,
      status,
      assignees: [producer.user.id],
      dueDate: b.dateOnly(dueDay),
      priority: label === "Shoot" || label === "Final Delivery" ? 2 : null,
      fields,
    });
    project.budgetLeft--;
  }
}

/** Assignments (1014 / 1031 for freelancers): sequential bookings per person, h/d est set. */
function createAssignments(b: AgencyBuild, project: ProjectBuild): void {
  const { plan, p, lists, crafts, ctx } = project;
  for (const person of crafts) {
    let day = plan.startDay + p.int(0, 5);
    const avgLen = p.int(8, 15);
    const hdBase = Math.max(
      1,
      Math.min(6, Math.round(7 / Math.max(1, b.liveProjects.get(person.user.id) ?? 1))),
    );
    while (day < plan.endDay && project.budgetLeft > 0) {
      const len = Math.max(3, Math.min(plan.endDay - day, avgLen + p.int(-3, 3)));
      const from = day;
      const to = day + len;
      day = to + p.int(1, 4);
      // The member's current-week bookings come from the fixtures (to keep their load readable).
      if (person === b.member && to >= -7 && from <= 14) continue;
      const freelance = person.discipline === "freelance";
      const hd = Math.max(1, Math.min(8, hdBase + p.int(-1, 1)));
      const phase = p.pick(ASSIGNMENT_PHASES[person.discipline]);
      const prefix = ASSIGNMENT_PREFIX[person.discipline];
      const t = b.task(ctx, {
        listId: lists.resourcing.id,
        name: `${prefix}: ${phase}${freelance ? " (FL)" : ""} - ${person.user.username.split(" ")[0]}`,
        customItemId: freelance ? 1031 : 1014,
        status: b.statusFor(ctx, from, to),
        assignees: [person.user.id],
        startDate: b.dateOnly(from),
        dueDate: b.dateOnly(to),
        timeEstimate: hd * workdays(from, to) * HOUR,
        fields: {
          [b.field("h/d est").id]: hd,
          [b.field("Discipline").id]: b.optionId("Discipline", prefix),
        },
      });
      b.trackable.push(t.index);
      project.budgetLeft--;
    }
  }
}
