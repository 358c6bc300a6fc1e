/**
 * Task types by ClickUp `custom_item_id` (spec §3 "Task types by custom_item_id", §9 "Item type labels").
 * Ids arrive as numbers, numeric strings or null; {@link parseItemTypeId} normalises them.
 */

export const ITEM_TYPE = {
  /** Project-level meta task (one per folder). */
  project: 1001,
  milestone: 1,
  deliverable: 2,
  actionItem: 3,
  /** Activities, i.e. revisions. */
  activity: 1033,
  assignment: 1014,
  /** Assignment for a freelancer. */
  assignmentFreelance: 1031,
  asset: 1009,
} as const;

export type ItemTypeId = (typeof ITEM_TYPE)[keyof typeof ITEM_TYPE];

/** Any raw custom_item_id as it comes from the database or the provider. */
export type ItemTypeInput = number | string | null | undefined;

/** The integer id, or `null` for missing, blank or non-integer input. */
export function parseItemTypeId(id: ItemTypeInput): number | null {
  if (id === null || id === undefined) return null;
  const text = typeof id === "number" ? String(id) : id.trim();
  if (!/^-?\d+$/.test(text)) return null;
  return Number(text);
}

/** True when `id` (in any accepted form) is one of `types`. */
export function isItemType(id: ItemTypeInput, ...types: readonly number[]): boolean {
  const parsed = parseItemTypeId(id);
  return parsed !== null && types.includes(parsed);
}

/** Assignment types (staff and freelance). */
export const ASSIGNMENT_ITEM_TYPES: readonly number[] = [ITEM_TYPE.assignment, ITEM_TYPE.assignmentFreelance];

const LABELS: ReadonlyMap<number, string> = new Map([
  [ITEM_TYPE.milestone, "Milestones"],
  [ITEM_TYPE.deliverable, "Deliverables"],
  [ITEM_TYPE.actionItem, "Action Items"],
  [ITEM_TYPE.assignment, "Assignment"],
  [ITEM_TYPE.assignmentFreelance, "Assignment (FL)"],
  [ITEM_TYPE.activity, "Activity"],
  [ITEM_TYPE.asset, "Asset"],
]);

/**
 * Display label of an item type (spec §9): 1 Milestones, 2 Deliverables, 3 Action Items,
 * 1014 Assignment, 1031 Assignment (FL), 1033 Activity, 1009 Asset, anything else — including
 * 1001 Project and missing ids — 'Other'.
 */
export function itemTypeLabel(id: ItemTypeInput): string {
  const parsed = parseItemTypeId(id);
  return (parsed !== null && LABELS.get(parsed)) || "Other";
}
