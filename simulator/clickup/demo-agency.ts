import {
  ACTION_ITEMS,
  AGENCY_NAMES,
  ASSETS,
  ASSIGNMENT_PHASES,
  ASSIGNMENT_PREFIX,
  CAMPAIGNS,
  CLIENTS,
  CORE_STAFF,
  DELIVERABLE_TYPES,
  DELIVERABLES,
  DEMO_LOGINS,
  DISCIPLINE_TITLES,
  DISCIPLINE_WEIGHTS,
  FIRST_NAMES,
  INTERNAL_TASKS,
  LAST_NAMES,
  LEADERSHIP_TASKS,
  MILESTONE_SCHEDULE,
  OTHER_TASKS,
  PRODUCER_UPDATES,
  REVISION_NOTES,
  SHOOT_LOCATIONS,
  TIME_DESCRIPTIONS,
  type ClientSeed,
  type Discipline,
  type PersonSeed,
} from "./demo-data";
import type {
  FieldValue,
  Priority,
  SimField,
  SimList,
  SimSpace,
  SimTask,
  SimTeam,
  SimUser,
  StatusType,
} from "./model";
import { createPrng, type Prng } from "./prng";
import type { NewTask, SimState } from "./state";
import { TIME_ENTRY_SOURCES } from "./time-entry-store";

/**
 * Deterministic demo agency: same seed and same week ⇒ identical workspace. All dates are
 * relative to the Monday (00:00 UTC) of the week containing `now()`.
 */

export type AgencySize = "none" | "small" | "medium" | "large";

export interface AgencyProfile {
  people: number;
  projects: number;
  tasks: number;
  timeEntries: number;
}

export const AGENCY_PROFILES: Record<Exclude<AgencySize, "none">, AgencyProfile> = {
  small: { people: 12, projects: 15, tasks: 1_500, timeEntries: 15_000 },
  medium: { people: 60, projects: 50, tasks: 15_000, timeEntries: 150_000 },
  large: { people: 300, projects: 150, tasks: 100_000, timeEntries: 1_000_000 },
};

export type DemoRole = "owner" | "admin" | "member";

export interface DemoUser {
  id: number;
  email: string;
  username: string;
  role: DemoRole;
  title: string;
}

export type SpaceKind = "bids" | "creative" | "production" | "post" | "completed";

export interface DemoProject {
  folderId: string;
  name: string;
  client: string;
  jobCode: string;
  spaceId: string;
  spaceName: string;
  kind: SpaceKind;
  metaTaskId: string;
  listIds: string[];
  teamUserIds: number[];
  /** Project start/end (ms). */
  start: number;
  end: number;
}

/** Guaranteed items for member@demo.test (so dashboards and tests have something to show). */
export interface MemberFixtures {
  /** Assignments covering the current week (h/d est 2, 3 and 4). */
  currentWeekTaskIds: string[];
  /** Open tasks whose due date has passed. */
  overdueTaskIds: string[];
  /** Milestones due this week in the member's projects. */
  milestoneTaskIds: string[];
  /** Open revisions (1033) under assets (1009), in at least two projects. */
  revisionTaskIds: string[];
  /** Projects (folder ids) of the fixtures. */
  projectFolderIds: string[];
}

export interface DemoAgency {
  size: AgencySize;
  seed: number;
  teamId: string;
  teamName: string;
  /** Monday 00:00 UTC of the week of `now()` (ms). */
  weekStart: number;
  users: DemoUser[];
  ownerUserId: number;
  adminUserId: number;
  memberUserId: number;
  spaces: Array<{ id: string; name: string; private: boolean }>;
  /** The private space member@demo.test cannot see (401 tests), or null for "none". */
  privateSpaceId: string | null;
  projects: DemoProject[];
  /** Custom field ids by name ("Client", "Job Code", "h/d est", …). */
  fieldIds: Record<string, string>;
  customItemIds: number[];
  memberFixtures: MemberFixtures;
  /** People booked > 10 h/day ("h/d est" summed) on some days of this and next week. */
  overbookedUserIds: number[];
  /** Tasks that look like clean-up candidates (duplicates, old drafts) for deletion tests. */
  deleteCandidateTaskIds: string[];
  counts: {
    users: number;
    spaces: number;
    folders: number;
    lists: number;
    tasks: number;
    timeEntries: number;
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Dates without a time are stored as 04:00 in the setter's timezone (§0); 09:00Z ≈ 04:00 New York. */
const DATE_ONLY_OFFSET = 9 * HOUR;
/** Work starts at 13:00Z (08:00/09:00 New York) in generated time entries. */
const WORKDAY_START = 13 * HOUR;

export function mondayOf(ms: number): number {
  const d = new Date(ms);
  const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return dayStart - ((d.getUTCDay() + 6) % 7) * DAY;
}

type StatusDef = { status: string; type: StatusType; color: string };

const S = (status: string, type: StatusType, color: string): StatusDef => ({ status, type, color });

const SPACE_DEFS: Record<SpaceKind, { name: string; color: string; statuses: StatusDef[]; share: number }> = {
  bids: {
    name: "BIDS",
    color: "#f9d900",
    share: 0.12,
    statuses: [
      S("bid", "open", "#d3d3d3"),
      S("in progress", "custom", "#4194f6"),
      S("pending", "custom", "#f9d900"),
      S("needs work", "custom", "#ff7800"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  creative: {
    name: "CREATIVE",
    color: "#7b68ee",
    share: 0.26,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("in creative", "custom", "#a875ff"),
      S("in progress", "custom", "#4194f6"),
      S("revision", "custom", "#ff7800"),
      S("needs work", "custom", "#e50000"),
      S("pending", "custom", "#f9d900"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  production: {
    name: "PRODUCTION",
    color: "#ff5722",
    share: 0.24,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("in production", "custom", "#1090e0"),
      S("in progress", "custom", "#4194f6"),
      S("revision", "custom", "#ff7800"),
      S("pending", "custom", "#f9d900"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  post: {
    name: "POST",
    color: "#0ab4ff",
    share: 0.16,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("post production", "custom", "#0ab4ff"),
      S("in progress", "custom", "#4194f6"),
      S("revision", "custom", "#ff7800"),
      S("needs work", "custom", "#e50000"),
      S("pending", "custom", "#f9d900"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
  completed: {
    name: "COMPLETED JOBS",
    color: "#6bc950",
    share: 0.22,
    statuses: [
      S("not started", "open", "#d3d3d3"),
      S("complete", "done", "#6bc950"),
      S("closed", "closed", "#008844"),
    ],
  },
};

const SPACE_ORDER: readonly SpaceKind[] = ["bids", "creative", "production", "post", "completed"];

/** Status of the project meta task per space (drives Bid/Creative/Post grouping, spec §4). */
const META_STATUS: Record<SpaceKind, string> = {
  bids: "bid",
  creative: "in creative",
  production: "in production",
  post: "post production",
  completed: "complete",
};

const ACTIVE_STATUSES: Record<SpaceKind, readonly string[]> = {
  bids: ["in progress", "pending", "needs work"],
  creative: ["in creative", "in progress", "in progress", "revision", "needs work", "pending"],
  production: ["in production", "in progress", "in progress", "revision", "pending"],
  post: ["post production", "in progress", "in progress", "revision", "needs work", "pending"],
  completed: ["complete"],
};

interface Person {
  user: SimUser;
  role: 1 | 2 | 3;
  discipline: Discipline;
}

interface ProjectPlan {
  kind: SpaceKind;
  client: ClientSeed;
  clientOptionId: string;
  campaign: string;
  jobCode: string;
  /** Days relative to weekStart. */
  startDay: number;
  endDay: number;
  taskBudget: number;
  team: Person[];
}

class AgencyGenerator {
  private readonly prng: Prng;
  private readonly nowMs: number;
  private readonly weekStart: number;
  private readonly today: number;
  private team!: SimTeam;
  private readonly people: Person[] = [];
  private readonly spaces = new Map<SpaceKind, SimSpace>();
  private agencySpace: SimSpace | null = null;
  private leadershipSpace: SimSpace | null = null;
  private overheadList: SimList | null = null;
  private readonly fields: Record<string, SimField> = {};
  private readonly projects: DemoProject[] = [];
  private readonly fixtures: MemberFixtures = {
    currentWeekTaskIds: [],
    overdueTaskIds: [],
    milestoneTaskIds: [],
    revisionTaskIds: [],
    projectFolderIds: [],
  };
  private readonly overbooked: number[] = [];
  private readonly deleteCandidates: string[] = [];
  /** Tasks people log time against (index → [start, end] day range, assignee ids). */
  private readonly trackable: number[] = [];
  private readonly internalTaskIndexes: number[] = [];
  /** userId → number of live (not completed) projects the person is on. */
  private readonly liveProjects = new Map<number, number>();

  constructor(
    private readonly state: SimState,
    private readonly seed: number,
    private readonly size: AgencySize,
    now: number,
  ) {
    this.prng = createPrng(seed).fork(`agency:${size}`);
    this.nowMs = now;
    this.weekStart = mondayOf(now);
    const d = new Date(now);
    this.today = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  }

  private day(offset: number): number {
    return this.weekStart + offset * DAY;
  }

  private dateOnly(dayOffset: number): number {
    return this.day(dayOffset) + DATE_ONLY_OFFSET;
  }

  /** Days from weekStart to today (0 = Monday). */
  private get todayOffset(): number {
    return Math.round((this.today - this.weekStart) / DAY);
  }

  run(): DemoAgency {
    this.createTeamAndPeople();
    if (this.size !== "none") {
      const profile = AGENCY_PROFILES[this.size];
      this.createSpacesAndFields();
      const plans = this.planProjects(profile);
      for (const plan of plans) {
        if (plan.kind === "completed") continue;
        for (const x of plan.team)
          this.liveProjects.set(x.user.id, (this.liveProjects.get(x.user.id) ?? 0) + 1);
      }
      const internalBudget = Math.max(12, Math.round(profile.tasks * 0.02));
      const projectBudget = profile.tasks - internalBudget - 40; // room for fixtures
      const totalWeight = plans.reduce((s, p) => s + p.taskBudget, 0);
      for (const p of plans)
        p.taskBudget = Math.max(25, Math.round((p.taskBudget / totalWeight) * projectBudget));
      for (const plan of plans) this.createProject(plan);
      this.createInternalWork(internalBudget);
      this.createMemberFixtures();
      this.createOverbooking();
      this.createDeleteCandidates();
      this.generateTimeEntries(profile.timeEntries);
    }
    return this.summary();
  }

  // ---- people ---------------------------------------------------------------------------

  private createTeamAndPeople(): void {
    const name = this.prng.pick(AGENCY_NAMES);
    this.team = this.state.addTeam({ name, color: "#7b68ee" });
    const seeds: PersonSeed[] = [...DEMO_LOGINS];
    if (this.size !== "none") seeds.push(...CORE_STAFF);
    const target = this.size === "none" ? seeds.length : AGENCY_PROFILES[this.size].people;
    const used = new Set(seeds.map((s) => s.email));
    const extraAdmins = this.size === "large" ? 8 : this.size === "medium" ? 2 : 0;
    const people = this.prng.fork("people");
    while (seeds.length < target) {
      const first = people.pick(FIRST_NAMES);
      const last = people.pick(LAST_NAMES);
      const email = `${first}.${last}@demo.test`.toLowerCase();
      if (used.has(email)) continue;
      used.add(email);
      const discipline = people.weighted(
        DISCIPLINE_WEIGHTS.map(([d]) => d),
        DISCIPLINE_WEIGHTS.map(([, w]) => w),
      );
      const title = people.pick(DISCIPLINE_TITLES[discipline]);
      const isAdmin =
        seeds.length - DEMO_LOGINS.length - CORE_STAFF.length < extraAdmins &&
        (discipline === "producer" || discipline === "account" || discipline === "creative");
      seeds.push({
        username: `${first} ${last}`,
        email,
        title,
        discipline,
        role: isAdmin ? 2 : 3,
        timezone: people.weighted(
          ["America/New_York", "America/Los_Angeles", "Europe/London", "America/Chicago"],
          [6, 2, 1, 1],
        ),
      });
    }
    for (const s of seeds) {
      const user = this.state.addUser({
        username: s.username,
        email: s.email,
        title: s.title,
        timezone: s.timezone ?? "America/New_York",
      });
      const joined = this.nowMs - people.int(30, 1500) * DAY - people.int(0, DAY);
      this.state.addMember(this.team.id, user.id, s.role, {
        dateJoined: joined,
        dateInvited: joined - people.int(0, 5) * DAY - people.int(0, DAY),
        lastActive: this.nowMs - people.int(0, 3 * DAY),
      });
      this.people.push({ user, role: s.role, discipline: s.discipline });
    }
  }

  private person(email: string): Person {
    const p = this.people.find((x) => x.user.email === email);
    if (!p) throw new Error(`demo person ${email} missing`);
    return p;
  }

  private get owner(): Person {
    return this.person("owner@demo.test");
  }

  private get member(): Person {
    return this.person("member@demo.test");
  }

  // ---- spaces and fields ----------------------------------------------------------------

  private createSpacesAndFields(): void {
    for (const kind of SPACE_ORDER) {
      const def = SPACE_DEFS[kind];
      this.spaces.set(
        kind,
        this.state.addSpace({
          teamId: this.team.id,
          name: def.name,
          color: def.color,
          statuses: def.statuses,
        }),
      );
    }
    this.agencySpace = this.state.addSpace({
      teamId: this.team.id,
      name: "AGENCY",
      color: "#595d66",
      statuses: [
        S("to do", "open", "#d3d3d3"),
        S("in progress", "custom", "#4194f6"),
        S("complete", "done", "#6bc950"),
        S("closed", "closed", "#008844"),
      ],
      defaultToBillable: false,
    });
    const leaders = this.people.filter((p) => p.role === 1 || p.role === 2).map((p) => p.user.id);
    this.leadershipSpace = this.state.addSpace({
      teamId: this.team.id,
      name: "LEADERSHIP",
      color: "#e50000",
      private: true,
      memberIds: leaders,
      statuses: [
        S("to do", "open", "#d3d3d3"),
        S("in progress", "custom", "#4194f6"),
        S("closed", "closed", "#008844"),
      ],
      defaultToBillable: false,
    });

    const f = this.prng.fork("fields");
    const created = this.nowMs - 400 * DAY;
    const uuid = () => this.state.ids.uuid();
    const team = (name: string, type: SimField["type"], typeConfig: Record<string, unknown> = {}) => {
      this.fields[name] = this.state.addField({
        teamId: this.team.id,
        name,
        type,
        typeConfig,
        scope: { level: "team", id: this.team.id },
        dateCreated: created + f.int(0, 30) * DAY,
      });
    };
    // Field names matter to consumers that match by substring (spec §7: a name containing "client"
    // is the client, "clickup" + "folder" the folder id, "h/d est" the daily estimate), so only the
    // intended field contains each of those words.
    const clientColors = [
      "#04A9F4",
      "#3397dd",
      "#2ecd6f",
      "#f9d900",
      "#ff7800",
      "#e50000",
      "#b660e0",
      "#667684",
    ];
    team("Client", "drop_down", {
      default: 0,
      placeholder: null,
      new_drop_down: true,
      sorting: "manual",
      options: this.clientPool().map((c, i) => ({
        id: uuid(),
        name: c.name,
        color: clientColors[i % clientColors.length] ?? null,
        orderindex: i,
      })),
    });
    team("Job Code", "short_text");
    team("Producer Update", "text");
    team("ClickUp Folder ID", "short_text");
    team("h/d est", "number");
    team("Budget", "currency", { precision: 2, currency_type: "USD", default: null });
    team("Account Lead", "users", {
      single_user: true,
      include_groups: false,
      include_guests: true,
      include_team_members: true,
    });
    team("Deliverable Type", "labels", {
      options: DELIVERABLE_TYPES.map((label, i) => ({
        id: uuid(),
        label,
        color: clientColors[i % clientColors.length] ?? null,
        orderindex: i,
      })),
    });
    team("Shoot Date", "date");
    team("Approved", "checkbox");
    team("Review Link", "url");
    team("Contact Email", "email");
    team("Revision Round", "number");
    team("Discipline", "drop_down", {
      sorting: "manual",
      options: Object.values(ASSIGNMENT_PREFIX).map((name, i) => ({
        id: uuid(),
        name,
        color: clientColors[i % clientColors.length] ?? null,
        orderindex: i,
      })),
    });
    team("Satisfaction Rating", "emoji", { code_point: "2b50", count: 5 });
    team("Progress", "manual_progress", { method: "manual", start: 0, end: 100 });
    // A space-level field: only lists in PRODUCTION see it.
    const production = this.spaces.get("production");
    if (production) {
      this.fields["Shoot Location"] = this.state.addField({
        teamId: this.team.id,
        name: "Shoot Location",
        type: "location",
        typeConfig: {},
        scope: { level: "space", id: production.id },
        dateCreated: created,
      });
    }
  }

  /** Clients this agency works for (also the options of the "Client" drop-down). */
  private clientPool(): readonly ClientSeed[] {
    if (this.size === "none") return [];
    const projects = AGENCY_PROFILES[this.size].projects;
    return CLIENTS.slice(0, Math.min(CLIENTS.length, Math.max(8, Math.ceil(projects / 3))));
  }

  private field(name: string): SimField {
    const field = this.fields[name];
    if (!field) throw new Error(`demo field ${name} missing`);
    return field;
  }

  private optionId(fieldName: string, name: string): string {
    const options = this.field(fieldName).typeConfig["options"] as Array<{
      id: string;
      name?: string;
      label?: string;
    }>;
    const option = options.find((o) => o.name === name || o.label === name);
    if (!option) throw new Error(`option ${name} missing on ${fieldName}`);
    return option.id;
  }

  // ---- projects -------------------------------------------------------------------------

  private planProjects(profile: AgencyProfile): ProjectPlan[] {
    const p = this.prng.fork("projects");
    const counts = new Map<SpaceKind, number>();
    let assigned = 0;
    for (const kind of SPACE_ORDER) {
      const n = Math.floor(profile.projects * SPACE_DEFS[kind].share);
      counts.set(kind, n);
      assigned += n;
    }
    counts.set("creative", (counts.get("creative") ?? 0) + profile.projects - assigned);
    const clients = this.clientPool();
    const jobSeq = new Map<string, number>();
    const usedNames = new Set<string>();
    const plans: ProjectPlan[] = [];
    const member = this.member;
    const byDiscipline = new Map<Discipline, Person[]>();
    for (const person of this.people) {
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
        const year = new Date(this.day(startDay)).getUTCFullYear();
        const seq = (jobSeq.get(client.code) ?? p.int(1, 40)) + 1;
        jobSeq.set(client.code, seq);
        // Team: one producer, then the crafts a project of this phase needs.
        const team: Person[] = [];
        const add = (d: Discipline, min: number, max: number) => {
          const pool = (byDiscipline.get(d) ?? []).filter((x) => !team.includes(x));
          for (const x of p.sample(pool, p.int(min, max))) team.push(x);
        };
        const producers = this.people.filter((x) => x.discipline === "producer");
        const producer = p.chance(0.25) ? this.owner : p.pick(producers);
        team.push(producer);
        add("account", 1, 1);
        add("creative", 1, 1);
        add("art", 1, 2);
        add("copy", 1, 1);
        add("design", 1, this.size === "small" ? 1 : 3);
        add("motion", 0, 2);
        if (kind !== "bids") add("editor", kind === "creative" ? 0 : 1, 2);
        if (kind === "post" || kind === "completed") add("finishing", 0, 1);
        add("coordinator", 0, 1);
        add("strategy", 0, kind === "bids" ? 1 : 0);
        add("freelance", 0, this.size === "small" ? 1 : 2);
        // The member works on several live projects (and some older ones).
        const live = kind === "creative" || kind === "production" || kind === "post";
        const wantMember = live ? memberActive < 3 || p.chance(0.45) : p.chance(0.3);
        if (wantMember && !team.includes(member)) team.push(member);
        if (live && team.includes(member)) memberActive++;
        plans.push({
          kind,
          client,
          clientOptionId: this.optionId("Client", client.name),
          campaign,
          jobCode: `${client.code}-${year}-${String(seq).padStart(3, "0")}`,
          startDay,
          endDay,
          taskBudget: p.around(1, 0.4),
          team,
        });
      }
    }
    return plans;
  }

  private createProject(plan: ProjectPlan): void {
    const p = this.prng.fork(`project:${plan.jobCode}`);
    const space = this.spaces.get(plan.kind);
    if (!space) throw new Error(`space ${plan.kind} missing`);
    const name = `${plan.client.name} - ${plan.campaign}`;
    const folder = this.state.addFolder({ spaceId: space.id, name });
    const start = this.dateOnly(plan.startDay);
    const end = this.dateOnly(plan.endDay);
    const pmList = this.state.addList({
      spaceId: space.id,
      folderId: folder.id,
      name: "Project Management",
      startDate: start,
      dueDate: end,
    });
    const creativeList = this.state.addList({
      spaceId: space.id,
      folderId: folder.id,
      name: "Creative & Assets",
    });
    const resourcingList = this.state.addList({ spaceId: space.id, folderId: folder.id, name: "Resourcing" });
    const completed = plan.kind === "completed";
    const createdAt = Math.min(
      this.nowMs - HOUR,
      this.day(plan.startDay - p.int(3, 14)) + p.int(14, 22) * HOUR,
    );
    const producer = plan.team[0] ?? this.owner;
    const account = plan.team.find((x) => x.discipline === "account") ?? producer;
    const crafts = plan.team.filter((x) => x.discipline !== "account");
    const ctx: TaskContext = { plan, space, p, createdAt, producer };

    // Project meta task (1001): one per folder, named like the project.
    const budget = Math.round(p.int(25, 400) * 1000);
    const quotedFolderId = p.chance(0.3) ? `"${folder.id}"` : folder.id;
    const metaStatus = completed ? p.pick(["complete", "closed"]) : META_STATUS[plan.kind];
    const progress = completed
      ? 100
      : Math.max(
          0,
          Math.min(
            100,
            Math.round(((this.todayOffset - plan.startDay) / Math.max(1, plan.endDay - plan.startDay)) * 100),
          ),
        );
    const meta = this.task(ctx, {
      listId: pmList.id,
      name,
      customItemId: 1001,
      customId: plan.jobCode,
      description: `${plan.campaign} for ${plan.client.name}. Job ${plan.jobCode}.`,
      status: metaStatus,
      assignees: [producer.user.id],
      startDate: start,
      dueDate: end,
      timeEstimate: Math.round(budget / 150) * HOUR,
      priority: 3,
      fields: {
        [this.field("Client").id]: plan.clientOptionId,
        [this.field("Job Code").id]: plan.jobCode,
        [this.field("Producer Update").id]: completed ? "Wrapped and archived." : p.pick(PRODUCER_UPDATES),
        [this.field("ClickUp Folder ID").id]: quotedFolderId,
        [this.field("Budget").id]: budget,
        [this.field("Account Lead").id]: [account.user.id],
        [this.field("Progress").id]: progress,
        ...(completed || p.chance(0.5) ? { [this.field("Satisfaction Rating").id]: p.int(3, 5) } : {}),
      },
    });
    this.projects.push({
      folderId: folder.id,
      name,
      client: plan.client.name,
      jobCode: plan.jobCode,
      spaceId: space.id,
      spaceName: space.name,
      kind: plan.kind,
      metaTaskId: meta.id,
      listIds: [pmList.id, creativeList.id, resourcingList.id],
      teamUserIds: plan.team.map((x) => x.user.id),
      start,
      end,
    });

    let budgetLeft = plan.taskBudget - 1;
    const span = Math.max(7, plan.endDay - plan.startDay);

    // Milestones (1): the schedule, repeated for long projects with rounds.
    const milestoneCount = Math.max(4, Math.min(24, Math.round(plan.taskBudget * 0.05)));
    for (let i = 0; i < milestoneCount && budgetLeft > 0; i++) {
      const [label, frac] = MILESTONE_SCHEDULE[i % MILESTONE_SCHEDULE.length] ?? ["Milestone", 0.5];
      const round = Math.floor(i / MILESTONE_SCHEDULE.length);
      const dueDay = Math.round(plan.startDay + span * Math.min(1, frac + round * 0.03));
      const fields: Record<string, FieldValue> = {};
      if (label === "Shoot") {
        fields[this.field("Shoot Date").id] = this.dateOnly(dueDay);
        const loc = this.fields["Shoot Location"];
        if (loc && plan.kind === "production") {
          const l = p.pick(SHOOT_LOCATIONS);
          fields[loc.id] = { location: { lat: l.lat, lng: l.lng }, formatted_address: l.address };
        }
      }
      const status = this.statusFor(ctx, dueDay - 1, dueDay);
      if (label.startsWith("Client Approval"))
        fields[this.field("Approved").id] = this.isClosedStatus(space, status);
      this.task(ctx, {
        listId: pmList.id,
        name: round > 0 ? `${label} - Round ${round + 1}` : label,
        customItemId: 1,
        status,
        assignees: [producer.user.id],
        dueDate: this.dateOnly(dueDay),
        priority: label === "Shoot" || label === "Final Delivery" ? 2 : null,
        fields,
      });
      budgetLeft--;
    }

    // Assignments (1014 / 1031 for freelancers): sequential bookings per person, h/d est set.
    for (const person of crafts) {
      let day = plan.startDay + p.int(0, 5);
      const avgLen = p.int(8, 15);
      const hdBase = Math.max(
        1,
        Math.min(6, Math.round(7 / Math.max(1, this.liveProjects.get(person.user.id) ?? 1))),
      );
      while (day < plan.endDay && budgetLeft > 0) {
        const len = Math.max(3, Math.min(plan.endDay - day, avgLen + p.int(-3, 3)));
        const from = day;
        const to = day + len;
        day = to + p.int(1, 4);
        // The member's current-week bookings come from the fixtures (to keep their load readable).
        if (person === this.member && to >= -7 && from <= 14) continue;
        const freelance = person.discipline === "freelance";
        const hd = Math.max(1, Math.min(8, hdBase + p.int(-1, 1)));
        const phase = p.pick(ASSIGNMENT_PHASES[person.discipline]);
        const prefix = ASSIGNMENT_PREFIX[person.discipline];
        const t = this.task(ctx, {
          listId: resourcingList.id,
          name: `${prefix}: ${phase}${freelance ? " (FL)" : ""} - ${person.user.username.split(" ")[0]}`,
          customItemId: freelance ? 1031 : 1014,
          status: this.statusFor(ctx, from, to),
          assignees: [person.user.id],
          startDate: this.dateOnly(from),
          dueDate: this.dateOnly(to),
          timeEstimate: hd * workdays(from, to) * HOUR,
          fields: {
            [this.field("h/d est").id]: hd,
            [this.field("Discipline").id]: this.optionId("Discipline", prefix),
          },
        });
        this.trackable.push(t.index);
        budgetLeft--;
      }
    }

    // Deliverables (2), assets (1009) with revisions (1033), action items (3), other tasks.
    const deliverableCount = Math.max(2, Math.round(plan.taskBudget * 0.08));
    const assetCount = Math.max(2, Math.round(plan.taskBudget * 0.12));
    const actionCount = Math.max(2, Math.round(plan.taskBudget * 0.12));
    const deliverables: SimTask[] = [];
    for (let i = 0; i < deliverableCount && budgetLeft > 0; i++) {
      const from = plan.startDay + p.int(0, Math.max(0, span - 10));
      const to = Math.min(plan.endDay, from + p.int(7, 28));
      const label = DELIVERABLES[i % DELIVERABLES.length] ?? "Deliverable";
      const kind =
        label.includes("Spot") ||
        label.includes("Video") ||
        label.includes("Film") ||
        label.includes("Cutdown") ||
        label.includes("Bumper")
          ? "Video"
          : label.includes("Radio")
            ? "Audio"
            : label.includes("OOH")
              ? "OOH"
              : label.includes("Social")
                ? "Social"
                : label.includes("Print") || label.includes("POS")
                  ? "Print"
                  : "Digital";
      const status = this.statusFor(ctx, from, to);
      const fields: Record<string, FieldValue> = {
        [this.field("Deliverable Type").id]: [this.optionId("Deliverable Type", kind)],
        [this.field("Approved").id]: this.isClosedStatus(space, status),
      };
      if (p.chance(0.2)) fields[this.field("h/d est").id] = p.pick([1, 2, 3]);
      if (p.chance(0.4))
        fields[this.field("Review Link").id] =
          `https://review.example.com/${plan.jobCode.toLowerCase()}/d${i + 1}`;
      if (p.chance(0.05)) fields[this.field("Job Code").id] = `${plan.jobCode}-B`;
      const assignees = p.sample(crafts, p.int(1, 2)).map((x) => x.user.id);
      const t = this.task(ctx, {
        listId: creativeList.id,
        name:
          Math.floor(i / DELIVERABLES.length) > 0
            ? `${label} v${Math.floor(i / DELIVERABLES.length) + 1}`
            : label,
        customItemId: 2,
        customId: `${plan.jobCode}-D${String(i + 1).padStart(2, "0")}`,
        status,
        assignees,
        startDate: this.dateOnly(from),
        dueDate: this.dateOnly(to),
        timeEstimate: p.int(4, 40) * HOUR,
        tags: [kind.toLowerCase()],
        priority: p.chance(0.2) ? p.pick<Priority>([1, 2]) : null,
        fields,
      });
      deliverables.push(t);
      this.trackable.push(t.index);
      budgetLeft--;
    }
    for (let i = 0; i < assetCount && budgetLeft > 0; i++) {
      const from = plan.startDay + p.int(0, Math.max(0, span - 7));
      const to = Math.min(plan.endDay + 3, from + p.int(5, 21));
      const assignee = p.pick(crafts);
      const status = this.statusFor(ctx, from, to);
      const asset = this.task(ctx, {
        listId: creativeList.id,
        name: `${p.pick(ASSETS)} ${i + 1}`,
        customItemId: 1009,
        status,
        assignees: [assignee.user.id],
        startDate: this.dateOnly(from),
        dueDate: this.dateOnly(to),
        timeEstimate: p.int(2, 16) * HOUR,
        tags: p.chance(0.3) ? ["client-review"] : [],
        fields: p.chance(0.5)
          ? {
              [this.field("Review Link").id]:
                `https://review.example.com/${plan.jobCode.toLowerCase()}/a${i + 1}`,
            }
          : {},
      });
      this.trackable.push(asset.index);
      budgetLeft--;
      const rounds = p.int(1, 3);
      for (let r = 0; r < rounds && budgetLeft > 0; r++) {
        const rFrom = Math.min(to, from + Math.round(((to - from) * (r + 1)) / (rounds + 1)));
        const rTo = rFrom + p.int(1, 4);
        const rev = this.task(ctx, {
          listId: creativeList.id,
          name: `R${r + 1} - ${p.pick(REVISION_NOTES)}`,
          customItemId: 1033,
          parentId: asset.id,
          status: this.isClosedStatus(space, status)
            ? status
            : r < rounds - 1
              ? this.closedStatus(space, p)
              : this.statusFor(ctx, rFrom, rTo, true),
          assignees: [assignee.user.id],
          startDate: this.dateOnly(rFrom),
          dueDate: this.dateOnly(rTo),
          timeEstimate: p.int(1, 6) * HOUR,
          tags: ["client-feedback"],
          fields: { [this.field("Revision Round").id]: r + 1 },
        });
        this.trackable.push(rev.index);
        budgetLeft--;
      }
    }
    for (let i = 0; i < actionCount && budgetLeft > 0; i++) {
      const dueDay = plan.startDay + p.int(0, span);
      const dated = p.chance(0.85);
      this.task(ctx, {
        listId: pmList.id,
        name: p.pick(ACTION_ITEMS),
        customItemId: 3,
        status: this.statusFor(ctx, dueDay - 2, dueDay),
        assignees: [p.chance(0.6) ? producer.user.id : p.pick(plan.team).user.id],
        dueDate: dated ? this.dateOnly(dueDay) : null,
        timeEstimate: p.chance(0.5) ? p.pick([30, 60, 90, 120]) * 60_000 : null,
        fields: p.chance(0.15)
          ? { [this.field("Contact Email").id]: `${plan.client.code.toLowerCase()}.marketing@example.com` }
          : {},
      });
      budgetLeft--;
    }
    // Everything else: plain tasks (custom_item_id 0), some as subtasks of deliverables.
    while (budgetLeft > 0) {
      const from = plan.startDay + p.int(0, span);
      const to = from + p.int(1, 10);
      const parent = deliverables.length > 0 && p.chance(0.3) ? p.pick(deliverables) : null;
      const dated = p.chance(0.75);
      const t = this.task(ctx, {
        listId: parent ? parent.listId : p.chance(0.5) ? creativeList.id : pmList.id,
        name: p.pick(OTHER_TASKS),
        status: this.statusFor(ctx, from, to),
        assignees: p.sample(plan.team, p.int(0, 2)).map((x) => x.user.id),
        parentId: parent?.id ?? null,
        startDate: dated ? this.dateOnly(from) : null,
        dueDate: dated ? this.dateOnly(to) : null,
        timeEstimate: p.chance(0.6) ? p.int(1, 8) * HOUR : null,
        fields: p.chance(0.1) ? { [this.field("h/d est").id]: p.pick([1, 2]) } : {},
        tags: p.chance(0.08) ? ["urgent"] : [],
      });
      this.trackable.push(t.index);
      budgetLeft--;
    }
  }

  private isClosedStatus(space: SimSpace, status: string): boolean {
    const type = this.state.statusOf(space, status)?.type;
    return type === "closed" || type === "done";
  }

  private closedStatus(space: SimSpace, p: Prng): string {
    return p.chance(0.7) && this.state.statusOf(space, "complete") ? "complete" : "closed";
  }

  /** Status from the task's dates relative to today. */
  private statusFor(ctx: TaskContext, fromDay: number, toDay: number, openOnly = false): string {
    const { space, p, plan } = ctx;
    if (plan.kind === "completed") return openOnly ? "complete" : this.closedStatus(space, p);
    const t = this.todayOffset;
    if (toDay < t - 1 && !openOnly && p.chance(0.88)) return this.closedStatus(space, p);
    if (fromDay <= t) return p.pick(ACTIVE_STATUSES[plan.kind]);
    return space.statuses[0]?.status ?? "to do";
  }

  /** Create a task with realistic created/updated/closed timestamps (never after now). */
  private task(
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
      archived: closed && ctx.plan.kind === "completed" && p.chance(0.04),
      fields: input.fields && Object.keys(input.fields).length > 0 ? input.fields : null,
    });
    return task;
  }

  // ---- internal work ---------------------------------------------------------------------

  private createInternalWork(budget: number): void {
    const p = this.prng.fork("internal");
    const agency = this.agencySpace;
    const leadership = this.leadershipSpace;
    if (!agency || !leadership) return;
    const overhead = this.state.addList({ spaceId: agency.id, name: "Overhead & Admin" });
    const newBusiness = this.state.addList({ spaceId: agency.id, name: "New Business" });
    const finance = this.state.addList({ spaceId: leadership.id, name: "Finance & Hiring" });
    this.overheadList = overhead;
    const ownerId = this.owner.user.id;
    const internalPlan: ProjectPlan = {
      kind: "creative",
      client: { name: "Internal", code: "INT" },
      clientOptionId: "",
      campaign: "",
      jobCode: "INT",
      startDay: -56,
      endDay: 14,
      taskBudget: budget,
      team: this.people,
    };
    const ctx: TaskContext = {
      plan: internalPlan,
      space: agency,
      p,
      createdAt: this.nowMs - 120 * DAY,
      producer: this.owner,
    };
    for (const name of INTERNAL_TASKS) {
      // Everyone books overhead time here; nobody is assigned (as in most agencies).
      const t = this.task(ctx, {
        listId: overhead.id,
        name,
        status: "in progress",
        assignees: [],
        creatorId: ownerId,
      });
      this.internalTaskIndexes.push(t.index);
    }
    let left = budget - INTERNAL_TASKS.length - LEADERSHIP_TASKS.length;
    while (left-- > 0) {
      const client = p.pick(CLIENTS);
      const dueDay = p.int(-40, 20);
      const done = dueDay < this.todayOffset - 3;
      this.task(ctx, {
        listId: newBusiness.id,
        name: `Pitch: ${client.name}`,
        status: done ? p.pick(["complete", "closed"]) : p.pick(["to do", "in progress"]),
        assignees: p.sample(this.people, p.int(1, 3)).map((x) => x.user.id),
        dueDate: this.dateOnly(dueDay),
        creatorId: ownerId,
      });
    }
    const leaders = this.people.filter((x) => x.role !== 3);
    const leaderCtx: TaskContext = { ...ctx, space: leadership };
    for (const name of LEADERSHIP_TASKS) {
      this.task(leaderCtx, {
        listId: finance.id,
        name,
        status: p.pick(["to do", "in progress"]),
        assignees: [p.pick(leaders).user.id],
        dueDate: this.dateOnly(p.int(0, 30)),
        creatorId: ownerId,
      });
    }
  }

  // ---- guaranteed scenarios -------------------------------------------------------------

  private createMemberFixtures(): void {
    const p = this.prng.fork("member-fixtures");
    const member = this.member;
    const mine = this.projects.filter(
      (pr) => pr.kind !== "completed" && pr.kind !== "bids" && pr.teamUserIds.includes(member.user.id),
    );
    if (mine.length < 2) throw new Error("demo agency: member needs at least two live projects");
    const ctxFor = (pr: DemoProject): TaskContext => {
      const space = this.state.requireSpace(pr.spaceId);
      const plan: ProjectPlan = {
        kind: pr.kind,
        client: { name: pr.client, code: "" },
        clientOptionId: "",
        campaign: "",
        jobCode: pr.jobCode,
        startDay: -56,
        endDay: 56,
        taskBudget: 0,
        team: [],
      };
      const producerId = this.state.taskById.get(pr.metaTaskId)?.assignees[0] ?? this.owner.user.id;
      const producer = this.people.find((x) => x.user.id === producerId) ?? this.owner;
      return { plan, space, p, createdAt: this.nowMs - 21 * DAY, producer };
    };
    const [first, second] = mine as [DemoProject, DemoProject];
    const third = mine[2] ?? first;
    const hd = this.field("h/d est").id;
    const disc = this.field("Discipline").id;
    const design = this.optionId("Discipline", "Design");
    const [pmA, creativeA, resA] = first.listIds as [string, string, string];
    const [pmB, creativeB, resB] = second.listIds as [string, string, string];
    const [, , resC] = third.listIds as [string, string, string];
    const t = this.todayOffset;

    // Bookings covering this week, 2 + 3 + 4 = 9 h/day.
    const bookings: Array<[string, DemoProject, string, number, number, number]> = [
      [resA, first, "Design: Key Visual Exploration - Maya", -3, 4, 2],
      [resB, second, "Design: Social Assets - Maya", 0, 3, 3],
      [resC, third, "Design: Layouts - Maya", -7, 11, 4],
    ];
    for (const [listId, pr, name, from, to, value] of bookings) {
      const task = this.task(ctxFor(pr), {
        listId,
        name,
        customItemId: 1014,
        status: "in progress",
        assignees: [member.user.id],
        startDate: this.dateOnly(from),
        dueDate: this.dateOnly(to),
        timeEstimate: value * workdays(from, to) * HOUR,
        fields: { [hd]: value, [disc]: design },
      });
      this.fixtures.currentWeekTaskIds.push(task.id);
      this.trackable.push(task.index);
    }
    // Two deliverables due this week.
    for (const [listId, pr, name, dueDay] of [
      [creativeA, first, "Key Visual - Final Artwork", 3],
      [creativeB, second, "Social Carousel (IG) - Round 2", 4],
    ] as Array<[string, DemoProject, string, number]>) {
      const task = this.task(ctxFor(pr), {
        listId,
        name,
        customItemId: 2,
        status: "in progress",
        assignees: [member.user.id],
        startDate: this.dateOnly(dueDay - 5),
        dueDate: this.dateOnly(dueDay),
        timeEstimate: 12 * HOUR,
        priority: 2,
        tags: ["social"],
      });
      this.fixtures.currentWeekTaskIds.push(task.id);
      this.trackable.push(task.index);
    }
    // Overdue: due before today, still open.
    for (const [listId, pr, name, dueDay, item, status] of [
      [pmA, first, "Send revised layouts to client", t - 2, 3, "needs work"],
      [creativeB, second, "Banner 300x250 - resize set", t - 6, 0, "in progress"],
    ] as Array<[string, DemoProject, string, number, number, string]>) {
      const task = this.task(ctxFor(pr), {
        listId,
        name,
        customItemId: item,
        status: this.state.statusOf(this.state.requireSpace(pr.spaceId), status) ? status : "in progress",
        assignees: [member.user.id],
        startDate: this.dateOnly(dueDay - 4),
        dueDate: this.dateOnly(dueDay),
        timeEstimate: 3 * HOUR,
        priority: 1,
      });
      this.fixtures.overdueTaskIds.push(task.id);
      this.trackable.push(task.index);
    }
    // Milestones due this week in the member's projects.
    for (const [listId, pr, name, dueDay] of [
      [pmA, first, "Creative Review", 3],
      [pmB, second, "Client Approval", 4],
    ] as Array<[string, DemoProject, string, number]>) {
      const task = this.task(ctxFor(pr), {
        listId,
        name,
        customItemId: 1,
        status: this.state.requireSpace(pr.spaceId).statuses[0]?.status ?? "not started",
        assignees: [ctxFor(pr).producer.user.id],
        dueDate: this.dateOnly(dueDay),
        priority: 2,
        fields: name === "Client Approval" ? { [this.field("Approved").id]: false } : {},
      });
      this.fixtures.milestoneTaskIds.push(task.id);
    }
    // Open revisions (1033 under an open 1009) in two projects.
    for (const [listId, pr, assetName] of [
      [creativeA, first, "Key Visual 3"],
      [creativeB, second, "Social Cutdown 2"],
    ] as Array<[string, DemoProject, string]>) {
      const ctx = ctxFor(pr);
      const asset = this.task(ctx, {
        listId,
        name: assetName,
        customItemId: 1009,
        status: "revision",
        assignees: [member.user.id],
        startDate: this.dateOnly(-4),
        dueDate: this.dateOnly(5),
        timeEstimate: 8 * HOUR,
        tags: ["client-review"],
      });
      this.trackable.push(asset.index);
      for (const [round, note, status] of [
        [1, "client feedback", "revision"],
        [2, "logo size", "in progress"],
      ] as Array<[number, string, string]>) {
        const rev = this.task(ctx, {
          listId,
          name: `R${round} - ${note}`,
          customItemId: 1033,
          parentId: asset.id,
          status,
          assignees: [member.user.id],
          startDate: this.dateOnly(-2 + round),
          dueDate: this.dateOnly(1 + round),
          timeEstimate: 2 * HOUR,
          tags: ["client-feedback"],
          fields: { [this.field("Revision Round").id]: round },
        });
        this.fixtures.revisionTaskIds.push(rev.id);
        this.trackable.push(rev.index);
      }
    }
    this.fixtures.projectFolderIds = [...new Set([first.folderId, second.folderId, third.folderId])];
  }

  /** A few people get overlapping bookings summing to more than 10 h/day this and next week. */
  private createOverbooking(): void {
    const p = this.prng.fork("overbooking");
    const count = this.size === "small" ? 2 : this.size === "medium" ? 4 : 12;
    const candidates = this.people.filter(
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
    const hd = this.field("h/d est").id;
    for (const person of chosen) {
      const projects = this.projects.filter(
        (pr) => pr.kind !== "completed" && pr.kind !== "bids" && pr.teamUserIds.includes(person.user.id),
      );
      const pool =
        projects.length > 0
          ? projects
          : this.projects.filter((pr) => pr.kind === "production" || pr.kind === "post");
      const pr = p.pick(pool);
      if (!pr.teamUserIds.includes(person.user.id)) pr.teamUserIds.push(person.user.id);
      const space = this.state.requireSpace(pr.spaceId);
      const plan: ProjectPlan = {
        kind: pr.kind,
        client: { name: pr.client, code: "" },
        clientOptionId: "",
        campaign: "",
        jobCode: pr.jobCode,
        startDay: -56,
        endDay: 56,
        taskBudget: 0,
        team: [],
      };
      const ctx: TaskContext = { plan, space, p, createdAt: this.nowMs - 14 * DAY, producer: this.owner };
      const prefix = ASSIGNMENT_PREFIX[person.discipline];
      const first = person.user.username.split(" ")[0] ?? "";
      for (const [from, to, value, phase] of [
        [0, 4, 6, "Rush"],
        [2, 11, 5, "Overflow"],
      ] as Array<[number, number, number, string]>) {
        const t = this.task(ctx, {
          listId: pr.listIds[2] ?? pr.listIds[0] ?? "",
          name: `${prefix}: ${phase} - ${first}`,
          customItemId: person.discipline === "freelance" ? 1031 : 1014,
          status: "in progress",
          assignees: [person.user.id],
          startDate: this.dateOnly(from),
          dueDate: this.dateOnly(to),
          timeEstimate: value * workdays(from, to) * HOUR,
          fields: { [hd]: value },
        });
        this.trackable.push(t.index);
      }
      this.overbooked.push(person.user.id);
    }
  }

  private createDeleteCandidates(): void {
    const p = this.prng.fork("delete-candidates");
    const count = this.size === "small" ? 5 : this.size === "medium" ? 15 : 40;
    const live = this.projects.filter((pr) => pr.kind !== "completed");
    for (let i = 0; i < count; i++) {
      const pr = p.pick(live);
      const space = this.state.requireSpace(pr.spaceId);
      const plan: ProjectPlan = {
        kind: pr.kind,
        client: { name: pr.client, code: "" },
        clientOptionId: "",
        campaign: "",
        jobCode: pr.jobCode,
        startDay: -56,
        endDay: 56,
        taskBudget: 0,
        team: [],
      };
      const ctx: TaskContext = { plan, space, p, createdAt: this.nowMs - 10 * DAY, producer: this.owner };
      const t = this.task(ctx, {
        listId: pr.listIds[1] ?? pr.listIds[0] ?? "",
        name: p.chance(0.5) ? `DUPLICATE - ${p.pick(OTHER_TASKS)}` : `(old) ${p.pick(ASSETS)} draft`,
        status: space.statuses[0]?.status,
        assignees: [],
      });
      this.deleteCandidates.push(t.id);
    }
  }

  // ---- time entries ---------------------------------------------------------------------

  private generateTimeEntries(target: number): void {
    const p = this.prng.fork("time-entries");
    const state = this.state;
    const store = state.timeEntries;
    store.reserve(Math.ceil(target * 1.05) + 16);
    const teamIndex = state.teamIndex(this.team.id);
    const firstDay = -56;
    const lastDay = 13;
    const t = this.todayOffset;
    const weekCount = Math.ceil((lastDay - firstDay + 1) / 7);
    // Per user and week: trackable tasks active that week (fallback: overhead).
    const userSlot = new Map<number, number>();
    this.people.forEach((x, i) => userSlot.set(x.user.id, i));
    const pools: number[][][] = this.people.map(() => Array.from({ length: weekCount }, () => []));
    for (const taskIndex of this.trackable) {
      const task = state.tasks[taskIndex];
      if (!task || task.deleted) continue;
      const from = task.startDate ?? (task.dueDate !== null ? task.dueDate - 7 * DAY : null);
      const to = task.dueDate ?? (task.startDate !== null ? task.startDate + 7 * DAY : null);
      if (from === null || to === null) continue;
      const w0 = Math.max(0, Math.floor((from - this.day(firstDay)) / (7 * DAY)));
      const w1 = Math.min(weekCount - 1, Math.floor((to - this.day(firstDay)) / (7 * DAY)));
      for (const a of task.assignees) {
        const slot = userSlot.get(a);
        if (slot === undefined) continue;
        for (let w = w0; w <= w1; w++) pools[slot]?.[w]?.push(taskIndex);
      }
    }
    // Who logs on a day, and how much: past weekdays everyone; today only the elapsed part of the
    // workday; future weekdays a quarter of people log planned time; weekends a few people a bit.
    const elapsedToday = Math.max(0, Math.min(1, (this.nowMs - (this.today + WORKDAY_START)) / (9 * HOUR)));
    const activity = (d: number): { chance: number; factor: number } => {
      const dow = ((d % 7) + 7) % 7;
      if (dow >= 5) return { chance: 0.08, factor: 0.3 };
      if (d > t) return { chance: 0.25, factor: 0.8 };
      if (d === t) return { chance: 1, factor: elapsedToday };
      return { chance: 1, factor: 1 };
    };
    let totalWeight = 0;
    for (let d = firstDay; d <= lastDay; d++) {
      const a = activity(d);
      totalWeight += a.chance * a.factor * this.people.length;
    }
    const perSlot = target / totalWeight;
    const descIds = TIME_DESCRIPTIONS.map((s) => store.descriptionId(s));
    const overbooked = new Set(this.overbooked);
    const memberId = this.member.user.id;
    const spent = new Float64Array(state.tasks.length);
    const overhead = this.internalTaskIndexes;
    for (let slot = 0; slot < this.people.length; slot++) {
      const person = this.people[slot];
      if (!person) continue;
      const userIndex = state.userIndex(person.user.id);
      const isMember = person.user.id === memberId;
      for (let d = firstDay; d <= lastDay; d++) {
        const dow = ((d % 7) + 7) % 7;
        const a = activity(d);
        if (a.chance < 1 && p.next() >= a.chance) continue;
        const expected = perSlot * a.factor;
        let n = Math.floor(expected);
        if (p.next() < expected - n) n++;
        // The member always has some time logged this week, even early on a Monday.
        if (isMember && d >= 0 && d <= t && dow < 5) n = Math.max(n, 2);
        if (n === 0) continue;
        const hours =
          overbooked.has(person.user.id) && d >= 0 && d <= 11 && dow < 5
            ? p.around(10.5, 1)
            : dow >= 5
              ? p.around(2, 1)
              : p.around(7, 1.5);
        const dayMs =
          Math.max(0.5, Math.min(11.5, hours)) * HOUR * (d === t ? Math.max(0.15, elapsedToday) : 1);
        const week = Math.floor((d - firstDay) / 7);
        const pool = pools[slot]?.[week] ?? [];
        let cursor = this.day(d) + WORKDAY_START + p.int(0, 4) * 15 * 60_000;
        const piece = dayMs / n;
        for (let k = 0; k < n; k++) {
          const duration = Math.max(60_000, Math.round((piece * (0.6 + p.next() * 0.8)) / 60_000) * 60_000);
          const useOverhead = pool.length === 0 || p.next() < 0.07;
          const taskIndex = useOverhead
            ? overhead.length
              ? (overhead[Math.floor(p.next() * overhead.length)] ?? -1)
              : -1
            : (pool[Math.floor(p.next() * pool.length)] ?? -1);
          const start = cursor;
          const end = start + duration;
          // Today: nothing that ends in the future (except the member's guaranteed first entries).
          if (d === t && end > this.nowMs && !(isMember && k < 2)) break;
          cursor = end + (p.next() < 0.3 ? p.int(1, 4) * 5 * 60_000 : 0);
          const at = Math.min(this.nowMs, end + p.int(0, 120) * 60_000);
          const billable = !useOverhead && p.next() < 0.92;
          const desc = descIds[Math.floor(p.next() * descIds.length)] ?? 0;
          const r = p.next();
          const source = r < 0.85 ? 0 : r < 0.95 ? 1 : 2;
          store.addRaw(taskIndex, userIndex, teamIndex, start, duration, at, billable, desc, source);
          if (taskIndex >= 0) spent[taskIndex] = (spent[taskIndex] ?? 0) + duration;
        }
      }
    }
    for (let i = 0; i < spent.length; i++) {
      const task = state.tasks[i];
      if (task && spent[i]) task.timeSpent += spent[i] ?? 0;
    }
    // One running timer (negative duration on the wire) so clients meet one in the wild.
    const runner = this.people.find((x) => x.user.email === "sofia.alvarez@demo.test");
    const runnerPool = runner
      ? (pools[userSlot.get(runner.user.id) ?? 0]?.[Math.floor((t - firstDay) / 7)] ?? [])
      : [];
    if (runner && runnerPool.length > 0) {
      const start = this.nowMs - 45 * 60_000;
      const index = store.add({
        taskIndex: runnerPool[0] ?? -1,
        userIndex: state.userIndex(runner.user.id),
        teamIndex,
        start,
        duration: 0,
        running: true,
        billable: true,
        description: "Client call",
        source: TIME_ENTRY_SOURCES[0],
        at: start,
      });
      state.runningTimers.set(runner.user.id, index);
    }
  }

  // ---- result ---------------------------------------------------------------------------

  private summary(): DemoAgency {
    const roleName = (role: number): DemoRole => (role === 1 ? "owner" : role === 2 ? "admin" : "member");
    const users: DemoUser[] = this.people.map((x) => ({
      id: x.user.id,
      email: x.user.email,
      username: x.user.username,
      role: roleName(x.role),
      title: x.user.title,
    }));
    const spaces = [...this.state.spaces.values()].filter((s) => s.teamId === this.team.id);
    const fieldIds: Record<string, string> = {};
    for (const [name, field] of Object.entries(this.fields)) fieldIds[name] = field.id;
    return {
      size: this.size,
      seed: this.seed,
      teamId: this.team.id,
      teamName: this.team.name,
      weekStart: this.weekStart,
      users,
      ownerUserId: this.person("owner@demo.test").user.id,
      adminUserId: this.person("admin@demo.test").user.id,
      memberUserId: this.member.user.id,
      spaces: spaces.map((s) => ({ id: s.id, name: s.name, private: s.private })),
      privateSpaceId: this.leadershipSpace?.id ?? null,
      projects: this.projects,
      fieldIds,
      customItemIds: this.team.customItems.map((i) => i.id),
      memberFixtures: this.fixtures,
      overbookedUserIds: this.overbooked,
      deleteCandidateTaskIds: this.deleteCandidates,
      counts: {
        users: this.people.length,
        spaces: spaces.length,
        folders: [...this.state.folders.values()].filter((f) => spaces.some((s) => s.id === f.spaceId))
          .length,
        lists: [...this.state.lists.values()].filter((l) => spaces.some((s) => s.id === l.spaceId)).length,
        tasks: this.state.tasks.filter((t) => t.teamId === this.team.id).length,
        timeEntries: this.state.timeEntries.count,
      },
    };
  }
}

interface TaskContext {
  plan: ProjectPlan;
  space: SimSpace;
  p: Prng;
  createdAt: number;
  producer: Person;
}

/** Weekdays in [fromDay, toDay] (day offsets from a Monday). */
function workdays(fromDay: number, toDay: number): number {
  let n = 0;
  for (let d = fromDay; d <= toDay; d++) if (((d % 7) + 7) % 7 < 5) n++;
  return Math.max(1, n);
}

/** Populate `state` with a demo agency of the given size. */
export function generateDemoAgency(
  state: SimState,
  opts: { seed: number; size: AgencySize; now: number },
): DemoAgency {
  return new AgencyGenerator(state, opts.seed, opts.size, opts.now).run();
}
