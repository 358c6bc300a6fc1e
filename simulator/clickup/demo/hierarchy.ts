import type { AgencyBuild } from "./build";
import type { Person } from "./model";
import { S, SPACE_DEFS, SPACE_ORDER } from "./space-catalog";

/**
 * Phase 2: the spaces — one per project phase (space-catalog.ts), the AGENCY space for internal
 * work and the private LEADERSHIP space (leaders only). Folders and lists come with the projects.
 */
export function createSpaces(b: AgencyBuild): void {
  for (const kind of SPACE_ORDER) {
    const def = SPACE_DEFS[kind];
    b.spaces.set(
      kind,
      b.state.addSpace({
        teamId: b.team.id,
        name: def.name,
        color: def.color,
        statuses: def.statuses,
      }),
    );
  }
  b.agencySpace = b.state.addSpace({
    teamId: b.team.id,
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
  const leaders = leadershipMembers(b).map((p) => p.user.id);
  b.leadershipSpace = b.state.addSpace({
    teamId: b.team.id,
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
}

/** The Head of Production: a ClickUp admin who runs the jobs, not the agency's finance and hiring. */
export const HEAD_OF_PRODUCTION = "admin@demo.test";

/**
 * Who is in the private LEADERSHIP space: the owner and the admins, except the Head of Production.
 * So one demo sign-in (admin@demo.test) is an Agency Hub admin who sees the leadership tasks
 * (spec §6: admins see every task) while their own ClickUp account cannot see or change them, as
 * in an agency whose app admin is not in every private space: moving a leadership milestone on
 * the calendar is refused by ClickUp for real (the calendar e2e test relies on it).
 */
export function leadershipMembers(b: AgencyBuild): Person[] {
  return b.people.filter((p) => (p.role === 1 || p.role === 2) && p.user.email !== HEAD_OF_PRODUCTION);
}
