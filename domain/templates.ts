// The template tree, as agreed by the three engineers building templates (issue 13). The owner of
// this file (templates domain work) completes it: zod schema, validateTemplateTree, taskDates,
// fillPlaceholders, suggestJobCode, creationOrder, countObjects, treeFromProject.
// Limits: ≤ 50 lists, ≤ 1000 tasks, names 1–200 chars after trim, offsets −3650…3650.

/** A folder template's tree, stored whole as JSON in folder_template_versions.tree. */
export interface TemplateTree {
  lists: TemplateList[]; // creation order
  /** Custom-field defaults applied to the meta task (by field name, as the synced custom_fields know them), e.g. Client. */
  fieldDefaults: Array<{ field: string; value: string }>;
  /** Proposed job code for a new project, tokens {YYYY} {YY} {MM} {CLIENT} (first 3 letters, upper) {SEQ} (3 digits), or null. */
  jobCodePattern: string | null;
}
export interface TemplateList {
  key: string; // unique in the tree, stable across versions ("l1", "l2", … or a uuid)
  name: string; // may contain {project}
  startOffsetDays: number; // the list's range, days from the project start (0 = start day)
  endOffsetDays: number; // ≥ startOffsetDays
  tasks: TemplateTask[]; // creation order; a parent comes before its subtasks
}
export interface TemplateTask {
  key: string; // unique in the whole tree
  name: string; // may contain {project}, {client}, {jobCode}
  description: string | null;
  customItemId: number | null; // 1001 project meta task (exactly one: the first task of the first list), 1 milestone, 2 deliverable, 3 action item, 1014 assignment, 1009 asset, 1033 activity, null task
  startOffsetDays: number | null; // within the list's range
  dueOffsetDays: number | null; // within the list's range, ≥ startOffsetDays
  estimateMinutes: number | null; // integer ≥ 0
  assignee: { kind: "role"; tag: string } | { kind: "person"; clickupUserId: string } | null;
  tags: string[];
  parentKey: string | null; // another task of the SAME list; no cycles
}
