import type { SlackChannel } from "./model";
import type { SlackState } from "./state";

/**
 * The seeded Slack world (the same for every seed: ids are fixed so tests and people can name
 * them). "Demo Agency" has the three demo people of the ClickUp simulator and channels covering
 * every case a notifier meets; "Northwind Studio" is a second workspace to pick on the consent page.
 */
export const DEMO_TEAM = { id: "T0DEMOAGCY", name: "Demo Agency", domain: "demo-agency" } as const;
export const OTHER_TEAM = { id: "T0NRTHWIND", name: "Northwind Studio", domain: "northwind-studio" } as const;

export const DEMO_USERS = {
  owner: { id: "U0OLIVIA01", name: "olivia", realName: "Olivia Owner", email: "owner@demo.test" },
  admin: { id: "U0ADAMADM1", name: "adam", realName: "Adam Admin", email: "admin@demo.test" },
  member: { id: "U0MAYAMEM1", name: "maya", realName: "Maya Member", email: "member@demo.test" },
} as const;

/** Channel ids of the demo workspace, by what they are for in tests. */
export const DEMO_CHANNELS = {
  /** #general: public, the bot joins on install. */
  general: "C01GENERAL",
  /** #projects: public, the bot joins on install. */
  projects: "C02PROJECT",
  /** #finance: public, the bot joins on install. */
  finance: "C03FINANCE",
  /** #random: public, the bot is NOT a member (not_in_channel without chat:write.public). */
  random: "C04RANDOM0",
  /** #launch-2025: public, archived (is_archived). */
  archived: "C05LAUNCH5",
  /** #leadership: private, the bot is not a member (invisible: channel_not_found). */
  leadership: "C06LEADERS",
  /** #approvals: private, the bot joins on install. */
  approvals: "C07APPROVE",
  /** #design: public, the bot joins on install. */
  design: "C08DESIGN0",
  /** #announcements: public, archived, the bot is not a member. */
  oldAnnouncements: "C09ANNOUNC",
} as const;

export const OTHER_CHANNELS = { general: "C11GENERAL", alerts: "C12ALERTS0" } as const;

/** 1 January 2024 00:00 UTC: when the seeded channels were created. */
const CREATED = 1_704_067_200;

export function seedWorkspaces(state: SlackState): void {
  for (const team of [DEMO_TEAM, OTHER_TEAM]) state.teams.set(team.id, { ...team });
  for (const u of Object.values(DEMO_USERS)) state.users.set(u.id, { ...u, teamId: DEMO_TEAM.id });
  state.users.set("U1NINANW01", {
    id: "U1NINANW01",
    teamId: OTHER_TEAM.id,
    name: "nina",
    realName: "Nina North",
    email: "nina@northwind.test",
  });
  const people = Object.values(DEMO_USERS).map((u) => u.id);
  const channel = (
    id: string,
    teamId: string,
    name: string,
    opts: Partial<Pick<SlackChannel, "isPrivate" | "isArchived" | "isGeneral" | "botsJoinOnInstall">> & {
      purpose?: string;
      members?: string[];
    } = {},
  ) => {
    const c: SlackChannel = {
      id,
      teamId,
      name,
      isPrivate: opts.isPrivate ?? false,
      isArchived: opts.isArchived ?? false,
      isGeneral: opts.isGeneral ?? false,
      created: CREATED + state.channels.size * 86_400,
      creator: teamId === DEMO_TEAM.id ? DEMO_USERS.owner.id : "U1NINANW01",
      topic: "",
      purpose: opts.purpose ?? "",
      members: new Set(opts.members ?? (teamId === DEMO_TEAM.id ? people : ["U1NINANW01"])),
      botsJoinOnInstall: opts.botsJoinOnInstall ?? false,
      deleted: false,
    };
    state.channels.set(id, c);
  };
  const d = DEMO_TEAM.id;
  channel(DEMO_CHANNELS.general, d, "general", {
    isGeneral: true,
    botsJoinOnInstall: true,
    purpose: "Company-wide announcements",
  });
  channel(DEMO_CHANNELS.projects, d, "projects", { botsJoinOnInstall: true, purpose: "Project updates" });
  channel(DEMO_CHANNELS.finance, d, "finance", {
    botsJoinOnInstall: true,
    purpose: "POs, budgets, invoices",
  });
  channel(DEMO_CHANNELS.random, d, "random", { purpose: "Non-work banter" });
  channel(DEMO_CHANNELS.archived, d, "launch-2025", { isArchived: true, botsJoinOnInstall: true });
  channel(DEMO_CHANNELS.leadership, d, "leadership", {
    isPrivate: true,
    members: [DEMO_USERS.owner.id, DEMO_USERS.admin.id],
  });
  channel(DEMO_CHANNELS.approvals, d, "approvals", {
    isPrivate: true,
    botsJoinOnInstall: true,
    members: [DEMO_USERS.owner.id, DEMO_USERS.admin.id],
  });
  channel(DEMO_CHANNELS.design, d, "design", { botsJoinOnInstall: true });
  channel(DEMO_CHANNELS.oldAnnouncements, d, "announcements", { isArchived: true });
  channel(OTHER_CHANNELS.general, OTHER_TEAM.id, "general", { isGeneral: true, botsJoinOnInstall: true });
  channel(OTHER_CHANNELS.alerts, OTHER_TEAM.id, "alerts", { botsJoinOnInstall: true });
}
