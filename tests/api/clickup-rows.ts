import type * as s from "../../server/db/schema";

/*
 * Builders of synced ClickUp rows for API tests that seed a small agency by hand
 * (`seedClickupData` in ./seed.ts), so each test states only what its figures depend on.
 */

export const H = 3_600_000;
export const MIN = 60_000;

/** A task row as `seedClickupData` takes it (the workspace is added there). */
export type TaskInsert = Omit<typeof s.tasks.$inferInsert, "organizationId">;

/** 09:00 UTC of an ISO day: a time entry's start that falls on that day in any test zone. */
export const nineAm = (iso: string) => new Date(`${iso}T09:00:00Z`);

/**
 * A task builder: "Task {id}", in progress, in space "Work", then the test's `defaults` (its
 * space, folder, list), then what each task sets.
 */
export function taskBuilder(defaults: Partial<TaskInsert>) {
  return (t: Partial<TaskInsert> & { id: string }): TaskInsert => ({
    name: `Task ${t.id}`,
    status: "in progress",
    spaceId: "sp",
    spaceName: "Work",
    ...defaults,
    ...t,
  });
}
