import type { AgencyBuild } from "./build";
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
  const leaders = b.people.filter((p) => p.role === 1 || p.role === 2).map((p) => p.user.id);
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
