/**
 * Agency Hub business rules: pure, isomorphic, no I/O. Import from "@domain/index" (or "@domain/<file>"; tsconfig maps only "@domain/*").
 * Dates compare by UTC calendar day; every time-dependent rule takes `now`/`today` explicitly.
 */
export * from "./assignee";
export * from "./capacity";
export * from "./constants";
export * from "./custom-fields";
export * from "./datasets";
export * from "./dates";
export * from "./format";
export * from "./messages";
export * from "./milestones";
export * from "./other-tasks";
export * from "./permissions";
export * from "./priority";
export * from "./project-groups";
export * from "./project-meta";
export * from "./revisions";
export * from "./security";
export * from "./sign-in";
export * from "./status";
export * from "./task-range";
export * from "./task-types";
export * from "./timesheet";
export * from "./week";
export * from "./workspace";
export * from "./storable-text";
export * from "./money";
export * from "./rates";
export * from "./work-calendar";
export * from "./accrual";
export * from "./timesheet-approval";
