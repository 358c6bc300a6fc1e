import { CLIENTS, type ClientSeed } from "../demo-data";
import type { SimField, SimList, SimSpace, SimTask, SimTeam } from "../model";
import { createPrng, type Prng } from "../prng";
import type { NewTask, SimState } from "../state";
import { DATE_ONLY_OFFSET, DAY, HOUR, mondayOf } from "./calendar";
import {
  AGENCY_PROFILES,
  type AgencySize,
  type DemoProject,
  type MemberFixtures,
  type Person,
  type ProjectPlan,
  type SpaceKind,
  type TaskContext,
} from "./model";
import { ACTIVE_STATUSES } from "./space-catalog";

/**
 * Everything the phases of the demo agency share while they build it: the random stream, the
 * clock, what earlier phases created (team, people, spaces, fields, projects) and what later
 * phases consume (trackable tasks for time entries, fixtures for the summary). Each phase is a
 * function of this build (people.ts, hierarchy.ts, custom-fields.ts, projects.ts, …); the order
 * of the phases, and of the random draws inside them, is what makes the data deterministic.
 */
export class AgencyBuild {
  readonly prng: Prng;
  readonly nowMs: number;
  readonly weekStart: number;
  readonly today: number;
  team!: SimTeam;
  readonly people: Person[] = [];
  readonly spaces = new Map<SpaceKind, SimSpace>();
  agencySpace: SimSpace | null = null;
  leadershipSpace: SimSpace | null = null;
  overheadList: SimList | null = null;
  readonly fields: Record<string, SimField> = {};
  readonly projects: DemoProject[] = [];
  readonly fixtures: MemberFixtures = {
    currentWeekTaskIds: [],
    overdueTaskIds: [],
    milestoneTaskIds: [],
    revisionTaskIds: [],
    projectFolderIds: [],
  };
  readonly overbooked: number[] = [];
  readonly deleteCandidates: string[] = [];
  /** Tasks people log time against (index → [start, end] day range, assignee ids). */
  readonly trackable: number[] = [];
  readonly internalTaskIndexes: number[] = [];
  /** userId → number of live (not completed) projects the person is on. */
  readonly liveProjects = new Map<number, number>();

  constructor(
    readonly state: SimState,
    readonly seed: number,
    readonly size: AgencySize,
    now: number,
  ) {
    this.prng = createPrng(seed).fork(`agency:${size}`);
    this.nowMs = now;
    this.weekStart = mondayOf(now);
    const d = new Date(now);
    this.today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  }

  day(offset: number): number {
    return this.weekStart + offset * DAY;
  }

  dateOnly(dayOffset: number): number {
    return this.day(dayOffset) + DATE_ONLY_OFFSET;
  }

  /** Days from weekStart to today (0 = Monday). */
  get todayOffset(): number {
    return Math.round((this.today - this.weekStart) / DAY);
  }

  person(email: string): Person {
    const p = this.people.find((x) => x.user.email === email);
    if (!p) throw new Error(`demo person ${email} missing`);
    return p;
  }

  get owner(): Person {
    return this.person("owner@demo.test");
  }

  get member(): Person {
    return this.person("member@demo.test");
  }

  /** Clients this agency works for (also the options of the "Client" drop-down). */
  clientPool(): readonly ClientSeed[] {
    if (this.size === "none") return [];
    const projects = AGENCY_PROFILES[this.size].projects;
    return CLIENTS.slice(0, Math.min(CLIENTS.length, Math.max(8, Math.ceil(projects / 3))));
  }

  field(name: string): SimField {
    const field = this.fields[name];
    if (!field) throw new Error(`demo field ${name} missing`);
    return field;
  }

  optionId(fieldName: string, name: string): string {
    const options = this.field(fieldName).typeConfig["options"] as Array<{
      id: string;
      name?: string;
      label?: string;
    }>;
    const option = options.find((o) => o.name === name || o.label === name);
    if (!option) throw new Error(`option ${name} missing on ${fieldName}`);
    return option.id;
  }

  isClosedStatus(space: SimSpace, status: string): boolean {
    const type = this.state.statusOf(space, status)?.type;
    return type === "closed" || type === "done";
  }

  closedStatus(space: SimSpace, p: Prng): string {
    return p.chance(0.7) && this.state.statusOf(space, "complete") ? "complete" : "closed";
  }

  /** Status from the task's dates relative to today. */
  statusFor(ctx: TaskContext, fromDay: number, toDay: number, openOnly = false): string {
    const { space, p, plan } = ctx;
    if (plan.kind === "completed") return openOnly ? "complete" : this.closedStatus(space, p);
    const t = this.todayOffset;
    if (toDay < t - 1 && !openOnly && p.chance(0.88)) return this.closedStatus(space, p);
    if (fromDay <= t) return p.pick(ACTIVE_STATUSES[plan.kind]);
    return space.statuses[0]?.status ?? "to do";
  }

  /** Create a task with realistic created/updated/closed timestamps (never after now). */
  task(
    ctx: TaskContext,
    input: Omit<NewTask, "dateCreated" | "creatorId"> & { creatorId?: number },
  ): SimTask {
    const { p, createdAt } = ctx;
    const now = this.nowMs;
    const anchor = input.startDate ?? input.dueDate ?? createdAt;
    const created = Math.min(
      now - p.int(1, 48) * HOUR,
      Math.max(createdAt, anchor - p.int(2, 20) * DAY) + p.int(0, 8) * HOUR,
    );
    const space = ctx.space;
    const closed = input.status ? this.isClosedStatus(space, input.status) : false;
    let updated: number;
    let closedAt: number | null = null;
    if (closed) {
      const due = input.dueDate ?? created + p.int(1, 20) * DAY;
      closedAt = Math.max(
        created,
        Math.min(
          now - p.int(1, 24) * HOUR,
          Math.max(created + HOUR, due + p.int(-2, 1) * DAY + p.int(0, 10) * HOUR),
        ),
      );
      updated = Math.min(now, closedAt + p.int(0, 3) * HOUR);
    } else {
      // A slice of open work changed in the last day, so incremental syncs have something to pick up.
      updated = p.chance(0.05)
        ? now - p.int(1, 20) * HOUR
        : Math.min(now - p.int(1, 72) * HOUR, created + p.int(0, 30) * DAY);
      updated = Math.max(created, updated);
    }
    const statusType = input.status ? this.state.statusOf(space, input.status)?.type : undefined;
    const task = this.state.addTask({
      ...input,
      creatorId: input.creatorId ?? ctx.producer.user.id,
      dateCreated: created,
      dateUpdated: updated,
      dateClosed: statusType === "closed" ? closedAt : null,
      dateDone: closed ? closedAt : null,
      // Some finished work of completed jobs is archived; never a project's meta task (1001),
      // which would take the project itself out of every list.
      archived: closed && ctx.plan.kind === "completed" && p.chance(0.04) && input.customItemId !== 1001,
      fields: input.fields && Object.keys(input.fields).length > 0 ? input.fields : null,
    });
    return task;
  }

  /**
   * The context for extra tasks in a project created earlier (fixtures, overbooking, clean-up
   * candidates): statuses follow the project's phase over a wide window around this week.
   */
  existingProjectContext(pr: DemoProject, p: Prng, createdAt: number, producer: Person): TaskContext {
    const space = this.state.requireSpace(pr.spaceId);
    const plan: ProjectPlan = {
      kind: pr.kind,
      space: pr.kind,
      client: { name: pr.client, code: "" },
      clientOptionId: "",
      campaign: "",
      jobCode: pr.jobCode,
      startDay: -56,
      endDay: 56,
      taskBudget: 0,
      team: [],
    };
    return { plan, space, p, createdAt, producer };
  }
}
