import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectPhase, type ProjectPhase } from "@domain/index";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { seedClickupData } from "../../../tests/api/seed";
import { systemContext, type RequestContext } from "../../request-context";
import {
  PROJECT_SORT_KEYS,
  projectListQuerySchema,
  type ProjectListItem,
  type ProjectListQuery,
  type ProjectSortKey,
} from "./contract";
import { listProjects } from "./list-projects";

/*
 * All Projects searches, sorts and pages in SQL. These tests hold it to the rules the list
 * followed when it did that in JavaScript (the reference below is that code): the same rows
 * for a search, the same order for every sort key in both directions, the same counts.
 */

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const PHASE_ORDER: Record<ProjectPhase, number> = { bid: 0, creative: 1, post: 2, other: 3 };

function compareBy(key: ProjectSortKey): (a: ProjectListItem, b: ProjectListItem) => number {
  const nullsLast = <T>(a: T | null, b: T | null, cmp: (x: T, y: T) => number) =>
    a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp(a, b);
  switch (key) {
    case "phase":
      return (a, b) => PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase];
    case "startDate":
    case "endDate":
      return (a, b) => nullsLast(a[key], b[key], (x, y) => x.localeCompare(y));
    case "percentComplete":
    case "loggedHours":
    case "estimatedHours":
      return (a, b) => a[key] - b[key];
    case "producer":
      return (a, b) => nullsLast(a.producer || null, b.producer || null, collator.compare);
    default:
      return (a, b) => nullsLast(a[key], b[key], collator.compare);
  }
}

/** The list's order as the JavaScript version sorted it (nulls and '' last either way). */
function referenceSort(items: readonly ProjectListItem[], sort: ProjectSortKey, dir: "asc" | "desc") {
  const cmp = compareBy(sort);
  const sign = dir === "desc" ? -1 : 1;
  const isNull = (p: ProjectListItem) => p[sort] === null || p[sort] === "";
  return [...items].sort((a, b) => {
    const an = isNull(a);
    const bn = isNull(b);
    if (an !== bn) return an ? 1 : -1;
    // Blank and missing are one group, ordered by name (JavaScript put '' before null ascending
    // and after it descending: an accident of its comparator, not a rule).
    return (
      (an ? 0 : sign * cmp(a, b)) ||
      collator.compare(a.name, b.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    );
  });
}

function referenceSearch(items: readonly ProjectListItem[], search: string) {
  const needle = search.toLowerCase();
  return items.filter((p) =>
    [p.name, p.jobCode, p.client, p.producer, p.status, p.spaceName].some((v) =>
      v?.toLowerCase().includes(needle),
    ),
  );
}

const day = (d: string) => new Date(`${d}T12:00:00Z`);

let ctx: TestContext;
let admin: RequestContext;
const q = (input: Partial<Record<keyof ProjectListQuery, unknown>>) => projectListQuerySchema.parse(input);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.raw.query(`insert into organizations (id, name) values ('orgL', 'Lists')`);
  admin = systemContext(ctx.deps, "orgL", "admin");
  const projects: {
    id: string;
    name: string;
    status: string | null;
    customId?: string;
    spaceId?: string;
    client?: string;
    producers?: { id: string; username?: string }[];
    start?: string;
    hours?: [number, number];
  }[] = [
    { id: "a1", name: "Project 9", status: "bid", spaceId: "s1", client: "Zeta", hours: [10, 5] },
    { id: "a2", name: "Project 10", status: "Bid - Awarded", spaceId: "s1", client: "alpha", hours: [4, 4] },
    { id: "a3", name: "project 2", status: "in production", spaceId: "s2", start: "2025-01-05" },
    { id: "a4", name: "Édition spéciale", status: "POST", spaceId: "s2", client: "Émile", hours: [3, 1] },
    { id: "a5", name: "edit", status: "post - color", customId: "JOB-010", start: "2025-02-01" },
    { id: "a6", name: "Acme launch", status: "creative review", customId: "JOB-9", spaceId: "s1" },
    { id: "a7", name: "acme Launch", status: "", spaceId: "s3", client: "Acme 100%_", hours: [8, 12] },
    { id: "a8", name: "Zulu", status: null, producers: [{ id: "u1" }, { id: "u2", username: "Ben" }] },
    { id: "a9", name: "Beta", status: "on hold", producers: [{ id: "u9" }], start: "2024-12-31" },
    { id: "b1", name: "Beta", status: "complete", producers: [{ id: "u1", username: "  " }], hours: [2, 3] },
    { id: "b2", name: "gamma 1.5", status: "bid_pending", client: "beta corp", hours: [0, 2] },
    { id: "b3", name: "Gamma 1.10", status: "Post Production", spaceId: "s3", start: "2025-01-05" },
  ];
  await seedClickupData(ctx.database.db, "orgL", {
    spaces: [
      { id: "s1", name: "Production" },
      { id: "s2", name: "Archive B" },
      { id: "s3", name: "" },
      { id: "done", name: "Completed Jobs" },
    ],
    folders: [
      ...projects.map((p) => ({
        id: `f-${p.id}`,
        name: p.name,
        ...(p.spaceId ? { spaceId: p.spaceId } : {}),
      })),
      { id: "f-done", name: "Done", spaceId: "done" },
    ],
    providerUsers: [
      { id: "u1", username: "Ana", email: "ana@l.test" },
      { id: "u2", username: "Zed", email: "zed@l.test" },
    ],
    customFields: [{ id: "cf-client", name: "Client", fieldType: "short_text" }],
    customFieldValues: projects
      .filter((p) => p.client)
      .map((p) => ({ taskId: p.id, customFieldId: "cf-client", value: { text: p.client } })),
    tasks: [
      ...projects.map((p) => ({
        id: p.id,
        name: p.name,
        status: p.status,
        folderId: `f-${p.id}`,
        customItemId: 1001,
        ...(p.customId ? { customId: p.customId } : {}),
        ...(p.spaceId ? { spaceId: p.spaceId } : {}),
        ...(p.start ? { startDate: day(p.start) } : {}),
        assigneesArray: p.producers ?? [],
      })),
      ...projects
        .filter((p) => p.hours)
        .map((p) => ({
          id: `w-${p.id}`,
          name: "Work",
          status: "to do",
          folderId: `f-${p.id}`,
          estimatedTimeTotal: p.hours![0],
          timeLoggedTotal: p.hours![1],
        })),
      { id: "done1", name: "Old", status: "bid", folderId: "f-done", spaceId: "done", customItemId: 1001 },
    ],
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe("All Projects in SQL keeps the JavaScript rules", () => {
  it("sorts by every key in both directions as the JavaScript comparator did", async () => {
    const all = (await listProjects(admin, q({ pageSize: 200 }))).items;
    expect(all).toHaveLength(12);
    for (const sort of PROJECT_SORT_KEYS) {
      for (const dir of ["asc", "desc"] as const) {
        const got = (await listProjects(admin, q({ sort, dir, pageSize: 200 }))).items.map((p) => p.id);
        expect(got, `${sort} ${dir}`).toEqual(referenceSort(all, sort, dir).map((p) => p.id));
      }
    }
  });

  it("orders digit runs by value and ignores case and accents", async () => {
    const names = (await listProjects(admin, q({ pageSize: 200 }))).items.map((p) => p.name);
    expect(names.indexOf("project 2")).toBeLessThan(names.indexOf("Project 9"));
    expect(names.indexOf("Project 9")).toBeLessThan(names.indexOf("Project 10"));
    expect(names.indexOf("gamma 1.5")).toBeLessThan(names.indexOf("Gamma 1.10"));
    expect(names.indexOf("edit")).toBeLessThan(names.indexOf("Édition spéciale"));
  });

  it("pages through the same order without gaps or repeats", async () => {
    const all = (await listProjects(admin, q({ sort: "client", dir: "desc", pageSize: 200 }))).items;
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await listProjects(admin, q({ sort: "client", dir: "desc", pageSize: 5, page }));
      expect([r.total, r.page, r.pageSize]).toEqual([12, page, 5]);
      paged.push(...r.items.map((p) => p.id));
    }
    expect(paged).toEqual(all.map((p) => p.id));
  });

  it("searches the same fields, case-insensitively and literally", async () => {
    const all = (await listProjects(admin, q({ pageSize: 200 }))).items;
    for (const search of [
      "acme",
      "JOB-01",
      "ana",
      "BEN",
      "bid",
      "production",
      "100%_",
      "%",
      "_",
      "É",
      "user u9",
    ]) {
      const r = await listProjects(admin, q({ search, pageSize: 200 }));
      const expected = referenceSearch(all, search).map((p) => p.id);
      expect(
        r.items.map((p) => p.id),
        search,
      ).toEqual(expected);
      expect(r.total, search).toBe(expected.length);
    }
  });

  it("counts phases over the search and space filter, spaces and totals over everything", async () => {
    const all = (await listProjects(admin, q({ pageSize: 200 }))).items;
    const r = await listProjects(admin, q({ search: "a", spaceId: "s1", phase: "bid" }));
    const base = referenceSearch(all, "a").filter((p) => p.spaceId === "s1");
    const phaseCounts = { bid: 0, creative: 0, post: 0, other: 0 };
    for (const p of base) phaseCounts[p.phase] += 1;
    expect(r.phaseCounts).toEqual(phaseCounts);
    expect(r.items.map((p) => p.id)).toEqual(base.filter((p) => p.phase === "bid").map((p) => p.id));
    expect(r.totalAll).toBe(12);
    const none = await listProjects(admin, q({ spaceId: "none", pageSize: 200 }));
    expect(none.items.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => p.spaceId === null)
        .map((p) => p.id)
        .sort(),
    );
    // Sorted by name as before, a missing name as '~' (which Intl puts before letters).
    expect(r.spaces).toEqual([
      { id: "s3", name: "", count: 2 },
      { id: null, name: null, count: 5 },
      { id: "s2", name: "Archive B", count: 2 },
      { id: "s1", name: "Production", count: 3 },
    ]);
  });

  it("files a post-production project under Post in the rows, the phase filter and the counts", async () => {
    const all = (await listProjects(admin, q({ pageSize: 200 }))).items;
    expect(all.find((p) => p.id === "b3")?.phase).toBe("post");
    for (const p of all) expect(p.phase, p.status ?? "null").toBe(projectPhase(p.status));
    const post = await listProjects(admin, q({ phase: "post", pageSize: 200 }));
    expect(post.items.map((p) => p.id).sort()).toEqual(["a4", "a5", "b3"]);
    expect(post.phaseCounts).toEqual({ bid: 3, creative: 2, post: 3, other: 4 });
  });

  it("answers an empty page past the end with the total", async () => {
    const r = await listProjects(admin, q({ page: 9, pageSize: 5 }));
    expect([r.items.length, r.total]).toEqual([0, 12]);
  });
});
