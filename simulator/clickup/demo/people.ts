import {
  AGENCY_NAMES,
  CORE_STAFF,
  DEMO_LOGINS,
  DISCIPLINE_TITLES,
  DISCIPLINE_WEIGHTS,
  FIRST_NAMES,
  LAST_NAMES,
  type PersonSeed,
} from "../demo-data";
import type { AgencyBuild } from "./build";
import { DAY } from "./calendar";
import { AGENCY_PROFILES } from "./model";

/** Phase 1: the workspace (team) and its people — the demo logins, core staff, then generated staff. */
export function createTeamAndPeople(b: AgencyBuild): void {
  const name = b.prng.pick(AGENCY_NAMES);
  b.team = b.state.addTeam({ name, color: "#7b68ee" });
  const seeds: PersonSeed[] = [...DEMO_LOGINS];
  if (b.size !== "none") seeds.push(...CORE_STAFF);
  const target = b.size === "none" ? seeds.length : AGENCY_PROFILES[b.size].people;
  const used = new Set(seeds.map((s) => s.email));
  const extraAdmins = b.size === "large" ? 8 : b.size === "medium" ? 2 : 0;
  const people = b.prng.fork("people");
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
    const user = b.state.addUser({
      username: s.username,
      email: s.email,
      title: s.title,
      timezone: s.timezone ?? "America/New_York",
    });
    const joined = b.nowMs - people.int(30, 1500) * DAY - people.int(0, DAY);
    b.state.addMember(b.team.id, user.id, s.role, {
      dateJoined: joined,
      dateInvited: joined - people.int(0, 5) * DAY - people.int(0, DAY),
      lastActive: b.nowMs - people.int(0, 3 * DAY),
    });
    b.people.push({ user, role: s.role, discipline: s.discipline });
  }
}
