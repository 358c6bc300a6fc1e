import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CuTimeEntry } from "../../integrations/clickup/types";
import { runFullSync, TIME_ENTRY_BATCH } from "./full-sync";
import { simTruth, SYNC_TEST_NOW, syncFixture, type SyncFixture } from "../../../tests/api/sync-fixture";

/** Every batch the full sync hands to the time-entry repo (the repo itself still writes them). */
const batches = vi.hoisted(() => [] as number[]);
vi.mock("./time-entry-repo", async (importOriginal) => {
  const repo = await importOriginal<typeof import("./time-entry-repo")>();
  return {
    ...repo,
    upsertTimeEntries: (
      ex: Parameters<typeof repo.upsertTimeEntries>[0],
      orgId: string,
      entries: CuTimeEntry[],
    ) => {
      batches.push(entries.length);
      return repo.upsertTimeEntries(ex, orgId, entries);
    },
  };
});

describe("full sync: time entries read as a stream", () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await syncFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it("hands a window's entries to the repo in batches of at most TIME_ENTRY_BATCH while the window holds more", async () => {
    batches.length = 0;
    f.sim.stats.reset();
    // The entries each window brought (the checkpoint's count after each step of the phase).
    const windows: number[] = [];
    let counted = 0;
    const result = await runFullSync(f.deps, f.orgId, {
      trigger: "test",
      // The simulator's today: nothing is logged after it.
      now: () => SYNC_TEST_NOW,
      afterStep: (cp) => {
        if ((cp.stats.windows ?? 0) === windows.length) return;
        windows.push((cp.stats.timeEntries ?? 0) - counted);
        counted = cp.stats.timeEntries ?? 0;
      },
    });
    expect(result.status).toBe("succeeded");
    const truth = simTruth(f.sim);
    expect(
      await f.count(
        sql`select count(*) n from time_entries where organization_id = ${f.orgId} and not deleted`,
      ),
    ).toBe(truth.timeEntries);
    // A window held more than two batches, yet no batch was bigger than TIME_ENTRY_BATCH …
    expect(Math.max(...windows)).toBeGreaterThan(2 * TIME_ENTRY_BATCH);
    expect(Math.max(...batches)).toBeLessThanOrEqual(TIME_ENTRY_BATCH);
    // … and every entry went through a batch once (the running timer is read but not stored).
    expect(batches.reduce((a, b) => a + b, 0)).toBe(windows.reduce((a, b) => a + b, 0));
    expect(batches.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(truth.timeEntries);
    // One request a window, and few windows (Get Time Entries is not paginated): past today the
    // rest of the range is read at once.
    expect(f.sim.stats.byRoute["GET /api/v2/team/:team_id/time_entries"]).toBe(windows.length);
    expect(windows.length).toBeLessThanOrEqual(7);
  });
});
