import { ACTION_ITEMS, ASSETS, DELIVERABLES, OTHER_TASKS, REVISION_NOTES } from "../demo-data";
import type { FieldValue, Priority } from "../model";
import type { AgencyBuild } from "./build";
import { HOUR } from "./calendar";
import type { ProjectBuild } from "./projects";

/**
 * The work items of a project (after its meta task, milestones and bookings): deliverables (2),
 * assets (1009) with their revision rounds (1033), action items (3), and plain tasks for the
 * rest of the budget.
 */

/** Deliverables (2): typed by name, some approved, reviewed or carrying a stray job code. */
export function createDeliverables(b: AgencyBuild, project: ProjectBuild): void {
  const { plan, p, space, lists, crafts, ctx, span } = project;
  const deliverableCount = Math.max(2, Math.round(plan.taskBudget * 0.08));
  for (let i = 0; i < deliverableCount && project.budgetLeft > 0; i++) {
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
    const status = b.statusFor(ctx, from, to);
    const fields: Record<string, FieldValue> = {
      [b.field("Deliverable Type").id]: [b.optionId("Deliverable Type", kind)],
      [b.field("Approved").id]: b.isClosedStatus(space, status),
    };
    if (p.chance(0.2)) fields[b.field("h/d est").id] = p.pick([1, 2, 3]);
    if (p.chance(0.4))
      fields[b.field("Review Link").id] =
        `https://review.example.com/${plan.jobCode.toLowerCase()}/d${i + 1}`;
    if (p.chance(0.05)) fields[b.field("Job Code").id] = `${plan.jobCode}-B`;
    const assignees = p.sample(crafts, p.int(1, 2)).map((x) => x.user.id);
    const t = b.task(ctx, {
      listId: lists.creative.id,
      name:
        Math.floor(i / DELIVERABLES.length) > 0
          ? `${label} v${Math.floor(i / DELIVERABLES.length) + 1}`
          : label,
      customItemId: 2,
      customId: `${plan.jobCode}-D${String(i + 1).padStart(2, "0")}`,
      status,
      assignees,
      startDate: b.dateOnly(from),
      dueDate: b.dateOnly(to),
      timeEstimate: p.int(4, 40) * HOUR,
      tags: [kind.toLowerCase()],
      priority: p.chance(0.2) ? p.pick<Priority>([1, 2]) : null,
      fields,
    });
    project.deliverables.push(t);
    b.trackable.push(t.index);
    project.budgetLeft--;
  }
}

/** Assets (1009), each with one to three revision rounds (1033) as subtasks. */
export function createAssets(b: AgencyBuild, project: ProjectBuild): void {
  const { plan, p, space, lists, crafts, ctx, span } = project;
  const assetCount = Math.max(2, Math.round(plan.taskBudget * 0.12));
  for (let i = 0; i < assetCount && project.budgetLeft > 0; i++) {
    const from = plan.startDay + p.int(0, Math.max(0, span - 7));
    const to = Math.min(plan.endDay + 3, from + p.int(5, 21));
    const assignee = p.pick(crafts);
    const status = b.statusFor(ctx, from, to);
    const asset = b.task(ctx, {
      listId: lists.creative.id,
      name: `${p.pick(ASSETS)} ${i + 1}`,
      customItemId: 1009,
      status,
      assignees: [assignee.user.id],
      startDate: b.dateOnly(from),
      dueDate: b.dateOnly(to),
      timeEstimate: p.int(2, 16) * HOUR,
      tags: p.chance(0.3) ? ["client-review"] : [],
      fields: p.chance(0.5)
        ? {
            [b.field("Review Link").id]: `https://review.example.com/${plan.jobCode.toLowerCase()}/a${i + 1}`,
          }
        : {},
    });
    b.trackable.push(asset.index);
    project.budgetLeft--;
    const rounds = p.int(1, 3);
    for (let r = 0; r < rounds && project.budgetLeft > 0; r++) {
      const rFrom = Math.min(to, from + Math.round(((to - from) * (r + 1)) / (rounds + 1)));
      const rTo = rFrom + p.int(1, 4);
      const rev = b.task(ctx, {
        listId: lists.creative.id,
        name: `R${r + 1} - ${p.pick(REVISION_NOTES)}`,
        customItemId: 1033,
        parentId: asset.id,
        status: b.isClosedStatus(space, status)
          ? status
          : r < rounds - 1
            ? b.closedStatus(space, p)
            : b.statusFor(ctx, rFrom, rTo, true),
        assignees: [assignee.user.id],
        startDate: b.dateOnly(rFrom),
        dueDate: b.dateOnly(rTo),
        timeEstimate: p.int(1, 6) * HOUR,
        tags: ["client-feedback"],
        fields: { [b.field("Revision Round").id]: r + 1 },
      });
      b.trackable.push(rev.index);
      project.budgetLeft--;
    }
  }
}

/** Action items (3) on the project-management list, mostly the producer's. */
export function createActionItems(b: AgencyBuild, project: ProjectBuild): void {
  const { plan, p, lists, producer, ctx, span } = project;
  const actionCount = Math.max(2, Math.round(plan.taskBudget * 0.12));
  for (let i = 0; i < actionCount && project.budgetLeft > 0; i++) {
    const dueDay = plan.startDay + p.int(0, span);
    const dated = p.chance(0.85);
    b.task(ctx, {
      listId: lists.pm.id,
      name: p.pick(ACTION_ITEMS),
      customItemId: 3,
      status: b.statusFor(ctx, dueDay - 2, dueDay),
      assignees: [p.chance(0.6) ? producer.user.id : p.pick(plan.team).user.id],
      dueDate: dated ? b.dateOnly(dueDay) : null,
      timeEstimate: p.chance(0.5) ? p.pick([30, 60, 90, 120]) * 60_000 : null,
      fields: p.chance(0.15)
        ? { [b.field("Contact Email").id]: `${plan.client.code.toLowerCase()}.marketing@example.com` }
        : {},
    });
    project.budgetLeft--;
  }
}

/** Everything else: plain tasks (custom_item_id 0), some as subtasks of deliverables. */
export function createOtherTasks(b: AgencyBuild, project: ProjectBuild): void {
  const { plan, p, lists, ctx, span } = project;
  while (project.budgetLeft > 0) {
    const from = plan.startDay + p.int(0, span);
    const to = from + p.int(1, 10);
    const parent = project.deliverables.length > 0 && p.chance(0.3) ? p.pick(project.deliverables) : null;
    const dated = p.chance(0.75);
    const t = b.task(ctx, {
      listId: parent ? parent.listId : p.chance(0.5) ? lists.creative.id : lists.pm.id,
      name: p.pick(OTHER_TASKS),
      status: b.statusFor(ctx, from, to),
      assignees: p.sample(plan.team, p.int(0, 2)).map((x) => x.user.id),
      parentId: parent?.id ?? null,
      startDate: dated ? b.dateOnly(from) : null,
      dueDate: dated ? b.dateOnly(to) : null,
      timeEstimate: p.chance(0.6) ? p.int(1, 8) * HOUR : null,
      fields: p.chance(0.1) ? { [b.field("h/d est").id]: p.pick([1, 2]) } : {},
      tags: p.chance(0.08) ? ["urgent"] : [],
    });
    b.trackable.push(t.index);
    project.budgetLeft--;
  }
}
