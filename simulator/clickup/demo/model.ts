import type { ClientSeed, Discipline } from "../demo-data";
import type { SimSpace, SimUser } from "../model";
import type { Prng } from "../prng";

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
  /** Its phase ("bids" for a Bid-phase project, whichever space it lives in). */
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
  /**
   * The private LEADERSHIP space member@demo.test and admin@demo.test cannot see (401 tests; its
   * milestones are the admin's refused calendar moves), or null for "none".
   */
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

/** A member of the demo team, with the discipline that decides which work they get. */
export interface Person {
  user: SimUser;
  role: 1 | 2 | 3;
  discipline: Discipline;
}

/** A project before it exists: its phase, the space it lives in, client, dates and team. */
export interface ProjectPlan {
  /** Its phase: decides its statuses, dates and team ("bids" = a Bid-phase project). */
  kind: SpaceKind;
  /** The space it lives in: its phase's space, except follow-on bids in the live spaces. */
  space: SpaceKind;
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

/** Where a task is created: its project, space, random stream, earliest creation and creator. */
export interface TaskContext {
  plan: ProjectPlan;
  space: SimSpace;
  p: Prng;
  createdAt: number;
  producer: Person;
}
