import type { SimState } from "./state";
import { AgencyBuild } from "./demo/build";
import { createFields } from "./demo/custom-fields";
import { createSpaces } from "./demo/hierarchy";
import { createInternalWork } from "./demo/internal-work";
import { AGENCY_PROFILES, type AgencySize, type DemoAgency } from "./demo/model";
import { createTeamAndPeople } from "./demo/people";
import { createProject, planProjects } from "./demo/projects";
import { createDeleteCandidates, createMemberFixtures, createOverbooking } from "./demo/scenarios";
import { summarize } from "./demo/summary";
import { generateTimeEntries } from "./demo/time-entries";

/**
 * Deterministic demo agency: same seed and same week ⇒ identical workspace. All dates are
 * relative to the Monday (00:00 UTC) of the week containing `now()`.
 *
 * Built in phases (simulator/clickup/demo/), each a function of the shared `AgencyBuild`:
 * people → spaces → custom fields → projects (plan, then folder, meta task, milestones,
 * bookings, deliverables, assets and revisions, action items, other tasks) → internal work →
 * guaranteed scenarios → time entries. The order of the phases is part of the determinism:
 * a new phase (e.g. finance data) goes after the existing ones, on its own `prng.fork(…)`.
 */

export type {
  AgencyProfile,
  AgencySize,
  DemoAgency,
  DemoProject,
  DemoRole,
  DemoUser,
  MemberFixtures,
  SpaceKind,
} from "./demo/model";
export { AGENCY_PROFILES } from "./demo/model";
export { mondayOf } from "./demo/calendar";

/** Populate `state` with a demo agency of the given size. */
export function generateDemoAgency(
  state: SimState,
  opts: { seed: number; size: AgencySize; now: number },
): DemoAgency {
  const b = new AgencyBuild(state, opts.seed, opts.size, opts.now);
  createTeamAndPeople(b);
  if (b.size !== "none") {
    const profile = AGENCY_PROFILES[b.size];
    createSpaces(b);
    createFields(b);
    const plans = planProjects(b, profile);
    for (const plan of plans) {
      if (plan.kind === "completed") continue;
      for (const x of plan.team) b.liveProjects.set(x.user.id, (b.liveProjects.get(x.user.id) ?? 0) + 1);
    }
    const internalBudget = Math.max(12, Math.round(profile.tasks * 0.02));
    const projectBudget = profile.tasks - internalBudget - 40; // room for fixtures
    const totalWeight = plans.reduce((s, p) => s + p.taskBudget, 0);
    for (const p of plans)
      p.taskBudget = Math.max(25, Math.round((p.taskBudget / totalWeight) * projectBudget));
    for (const plan of plans) createProject(b, plan);
    createInternalWork(b, internalBudget);
    createMemberFixtures(b);
    createOverbooking(b);
    createDeleteCandidates(b);
    generateTimeEntries(b, profile.timeEntries);
  }
  return summarize(b);
}
