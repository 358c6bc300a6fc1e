import { ASSIGNMENT_PREFIX, DELIVERABLE_TYPES } from "../demo-data";
import type { SimField } from "../model";
import type { AgencyBuild } from "./build";
import { DAY } from "./calendar";

/** Phase 3: the custom fields, team-wide except "Shoot Location" (PRODUCTION only). */
export function createFields(b: AgencyBuild): void {
  const f = b.prng.fork("fields");
  const created = b.nowMs - 400 * DAY;
  const uuid = () => b.state.ids.uuid();
  const team = (name: string, type: SimField["type"], typeConfig: Record<string, unknown> = {}) => {
    b.fields[name] = b.state.addField({
      teamId: b.team.id,
      name,
      type,
      typeConfig,
      scope: { level: "team", id: b.team.id },
      dateCreated: created + f.int(0, 30) * DAY,
    });
  };
  // Field names matter to consumers that match by substring (spec §7: a name containing "client"
  // is the client, "status" the producer's status update, "clickup" + "folder" the folder id,
  // "h/d est" the daily estimate), so only the intended field contains each of those words.
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
    options: b.clientPool().map((c, i) => ({
      id: uuid(),
      name: c.name,
      color: clientColors[i % clientColors.length] ?? null,
      orderindex: i,
    })),
  });
  team("Job Code", "short_text");
  team("Status Update", "text");
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
  const production = b.spaces.get("production");
  if (production) {
    b.fields["Shoot Location"] = b.state.addField({
      teamId: b.team.id,
      name: "Shoot Location",
      type: "location",
      typeConfig: {},
      scope: { level: "space", id: production.id },
      dateCreated: created,
    });
  }
}
