import type { AgencyBuild } from "./build";
import type { DemoAgency, DemoRole, DemoUser } from "./model";

/** What the generator returns: ids, fixtures and counts tests and the demo boot rely on. */
export function summarize(b: AgencyBuild): DemoAgency {
  const roleName = (role: number): DemoRole => (role === 1 ? "owner" : role === 2 ? "admin" : "member");
  const users: DemoUser[] = b.people.map((x) => ({
    id: x.user.id,
    email: x.user.email,
    username: x.user.username,
    role: roleName(x.role),
    title: x.user.title,
  }));
  const spaces = [...b.state.spaces.values()].filter((s) => s.teamId === b.team.id);
  const fieldIds: Record<string, string> = {};
  for (const [name, field] of Object.entries(b.fields)) fieldIds[name] = field.id;
  return {
    size: b.size,
    seed: b.seed,
    teamId: b.team.id,
    teamName: b.team.name,
    weekStart: b.weekStart,
    users,
    ownerUserId: b.person("owner@demo.test").user.id,
    adminUserId: b.person("admin@demo.test").user.id,
    memberUserId: b.member.user.id,
    spaces: spaces.map((s) => ({ id: s.id, name: s.name, private: s.private })),
    privateSpaceId: b.leadershipSpace?.id ?? null,
    projects: b.projects,
    fieldIds,
    customItemIds: b.team.customItems.map((i) => i.id),
    memberFixtures: b.fixtures,
    overbookedUserIds: b.overbooked,
    deleteCandidateTaskIds: b.deleteCandidates,
    counts: {
      users: b.people.length,
      spaces: spaces.length,
      folders: [...b.state.folders.values()].filter((f) => spaces.some((s) => s.id === f.spaceId)).length,
      lists: [...b.state.lists.values()].filter((l) => spaces.some((s) => s.id === l.spaceId)).length,
      tasks: b.state.tasks.filter((t) => t.teamId === b.team.id).length,
      timeEntries: b.state.timeEntries.count,
    },
  };
}
