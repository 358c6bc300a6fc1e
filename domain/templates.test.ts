import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countObjects,
  creationOrder,
  fillPlaceholders,
  offsetDate,
  suggestJobCode,
  taskDates,
  templateTreeSchema,
  treeFromProject,
  validateTemplateTree,
  type ProjectTaskInput,
  type TemplateList,
  type TemplateTask,
  type TemplateTree,
} from "./templates";

function task(key: string, over: Partial<TemplateTask> = {}): TemplateTask {
  return {
    key,
    name: `Task ${key}`,
    description: null,
    customItemId: null,
    startOffsetDays: 0,
    dueOffsetDays: 1,
    estimateMinutes: null,
    assignee: null,
    tags: [],
    parentKey: null,
    ...over,
  };
}

function list(key: string, tasks: TemplateTask[], over: Partial<TemplateList> = {}): TemplateList {
  return { key, name: `List ${key}`, startOffsetDays: 0, endOffsetDays: 10, tasks, ...over };
}

const tree = (...lists: TemplateList[]): TemplateTree => ({ lists, fieldDefaults: [], jobCodePattern: null });

const valid = () =>
  tree(
    list("l1", [
      task("meta", { customItemId: 1001, dueOffsetDays: 10 }),
      task("a"),
      task("b", { parentKey: "a" }),
    ]),
    list("l2", [task("c", { startOffsetDays: 12, dueOffsetDays: 14 })], {
      startOffsetDays: 10,
      endOffsetDays: 20,
    }),
  );

const fields = (t: TemplateTree) => validateTemplateTree(t).map((p) => p.field);

describe("validateTemplateTree", () => {
  it("accepts a valid tree, and one without a meta task", () => {
    expect(validateTemplateTree(valid())).toEqual([]);
    expect(validateTemplateTree(tree(list("l1", [task("a")])))).toEqual([]);
  });

  it.each<[string, (t: TemplateTree) => void, string, RegExp]>([
    [
      "a self parent",
      (t) => (t.lists[0]!.tasks[1]!.parentKey = "a"),
      "lists.0.tasks.1.parentKey",
      /own parent/,
    ],
    [
      "a missing parent",
      (t) => (t.lists[0]!.tasks[2]!.parentKey = "zz"),
      "lists.0.tasks.2.parentKey",
      /no task/,
    ],
    [
      "a parent in another list",
      (t) => (t.lists[1]!.tasks[0]!.parentKey = "a"),
      "lists.1.tasks.0.parentKey",
      /same list/,
    ],
    ["a duplicate task key", (t) => (t.lists[1]!.tasks[0]!.key = "a"), "lists.1.tasks.0.key", /duplicate/],
    [
      "a task key equal to a list key",
      (t) => (t.lists[1]!.tasks[0]!.key = "l1"),
      "lists.1.tasks.0.key",
      /duplicate/,
    ],
    ["a duplicate list key", (t) => (t.lists[1]!.key = "l1"), "lists.1.key", /duplicate/],
    [
      "start past the list",
      (t) => (t.lists[1]!.tasks[0]!.startOffsetDays = 9),
      "lists.1.tasks.0.startOffsetDays",
      /range \(10…20\)/,
    ],
    [
      "due past the list",
      (t) => (t.lists[1]!.tasks[0]!.dueOffsetDays = 21),
      "lists.1.tasks.0.dueOffsetDays",
      /range/,
    ],
    [
      "due before start",
      (t) => (t.lists[0]!.tasks[1]!.dueOffsetDays = -1),
      "lists.0.tasks.1.dueOffsetDays",
      /range/,
    ],
    [
      "a list ending before it starts",
      (t) => (t.lists[1]!.endOffsetDays = 9),
      "lists.1.endOffsetDays",
      /before/,
    ],
    ["a blank task name", (t) => (t.lists[0]!.tasks[1]!.name = "  "), "lists.0.tasks.1.name", /empty/],
    ["a blank list name", (t) => (t.lists[0]!.name = ""), "lists.0.name", /empty/],
    [
      "a second meta task",
      (t) => (t.lists[0]!.tasks[1]!.customItemId = 1001),
      "lists.0.tasks.1.customItemId",
      /only one/,
    ],
    [
      "a meta task not first",
      (t) => {
        t.lists[0]!.tasks[0]!.customItemId = null;
        t.lists[1]!.tasks[0]!.customItemId = 1001;
      },
      "lists.1.tasks.0.customItemId",
      /first task of the first list/,
    ],
    [
      "a meta subtask",
      (t) => (t.lists[0]!.tasks[0]!.parentKey = "a"),
      "lists.0.tasks.0.parentKey",
      /subtask/,
    ],
  ])("names %s", (_, spoil, field, reason) => {
    const t = valid();
    spoil(t);
    const problems = validateTemplateTree(t);
    expect(problems.map((p) => p.field)).toContain(field);
    expect(problems.find((p) => p.field === field)!.reason).toMatch(reason);
  });

  it("due before start within the range", () => {
    const t = valid();
    t.lists[0]!.tasks[1]!.startOffsetDays = 5;
    t.lists[0]!.tasks[1]!.dueOffsetDays = 4;
    expect(validateTemplateTree(t)).toEqual([
      {
        path: ["lists", 0, "tasks", 1, "dueOffsetDays"],
        field: "lists.0.tasks.1.dueOffsetDays",
        reason: "must not be before startOffsetDays",
      },
    ]);
  });

  it("finds a longer cycle on every task in it", () => {
    const t = tree(
      list("l1", [
        task("a", { parentKey: "c" }),
        task("b", { parentKey: "a" }),
        task("c", { parentKey: "b" }),
        task("d", { parentKey: "c" }),
      ]),
    );
    expect(fields(t)).toEqual([
      "lists.0.tasks.0.parentKey",
      "lists.0.tasks.1.parentKey",
      "lists.0.tasks.2.parentKey",
    ]);
  });

  it("refuses more than 1000 tasks in all", () => {
    const many = (p: string, n: number) => Array.from({ length: n }, (_, i) => task(`${p}${i}`));
    expect(fields(tree(list("l1", many("a", 600)), list("l2", many("b", 401))))).toEqual(["lists"]);
    expect(fields(tree(list("l1", many("a", 600)), list("l2", many("b", 400))))).toEqual([]);
  });
});

describe("templateTreeSchema", () => {
  it("parses a valid tree and trims names", () => {
    const t = valid();
    t.lists[0]!.name = "  Pre-Production ";
    const parsed = templateTreeSchema.parse(t);
    expect(parsed.lists[0]!.name).toBe("Pre-Production");
  });

  it("reports shape and rule problems at their paths", () => {
    const bad = valid() as unknown as { lists: { tasks: Record<string, unknown>[] }[] };
    bad.lists[0]!.tasks[1]!.startOffsetDays = "2025-01-01";
    bad.lists[0]!.tasks[2]!.estimateMinutes = -5;
    const result = templateTreeSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual([
      "lists.0.tasks.1.startOffsetDays",
      "lists.0.tasks.2.estimateMinutes",
    ]);
    const cyc = valid();
    cyc.lists[0]!.tasks[1]!.parentKey = "b";
    const rules = templateTreeSchema.safeParse(cyc);
    expect(rules.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["lists.0.tasks.1.parentKey", "parents form a cycle"],
      ["lists.0.tasks.2.parentKey", "parents form a cycle"],
    ]);
  });

  it.each([
    ["an offset beyond ten years", (t: TemplateTree) => (t.lists[0]!.endOffsetDays = 3651)],
    ["no lists", (t: TemplateTree) => (t.lists = [])],
    ["a key with spaces", (t: TemplateTree) => (t.lists[0]!.key = "l 1")],
    [
      "an unknown assignee kind",
      (t: TemplateTree) => ((t.lists[0]!.tasks[1]!.assignee as unknown) = { kind: "team", tag: "x" }),
    ],
    ["a name over 200 characters", (t: TemplateTree) => (t.lists[0]!.tasks[1]!.name = "x".repeat(201))],
  ])("refuses %s", (_, spoil) => {
    const t = valid();
    spoil(t);
    expect(templateTreeSchema.safeParse(t).success).toBe(false);
  });
});

describe("dates, placeholders, job codes", () => {
  it("turns offsets into days across months, years and leap days", () => {
    expect(offsetDate("2024-02-27", 2)).toBe("2024-02-29");
    expect(offsetDate("2025-12-30", 3)).toBe("2026-01-02");
    expect(offsetDate("2025-03-10", -10)).toBe("2025-02-28");
    expect(() => offsetDate("2025-02-30", 1)).toThrow(/Not a date/);
    expect(() => offsetDate("next week", 1)).toThrow(/Not a date/);
    const dates = taskDates(valid(), "2025-03-30");
    expect(dates.get("meta")).toEqual({ startDate: "2025-03-30", dueDate: "2025-04-09" });
    expect(dates.get("c")).toEqual({ startDate: "2025-04-11", dueDate: "2025-04-13" });
    const undated = tree(list("l1", [task("x", { startOffsetDays: null, dueOffsetDays: null })]));
    expect(taskDates(undated, "2025-01-01").get("x")).toEqual({ startDate: null, dueDate: null });
  });

  it("fills {project}, {client} and {jobCode}, any case, missing ones empty", () => {
    const values = { project: "Spring Launch", client: "Acme", jobCode: "ACM-2025-007" };
    expect(fillPlaceholders("{jobCode} {project} — {CLIENT}", values)).toBe(
      "ACM-2025-007 Spring Launch — Acme",
    );
    expect(fillPlaceholders("{client} kick-off", { project: "P" })).toBe("kick-off");
    expect(fillPlaceholders("{other} {project}{project}", { project: "X" })).toBe("{other} XX");
    expect(fillPlaceholders("$& {project}", { project: "$1$&" })).toBe("$& $1$&");
  });

  it("suggests a job code from the pattern", () => {
    const at = { client: "Acme Foods", date: "2025-03-10", seq: 7 };
    expect(suggestJobCode("{CLIENT}-{YYYY}-{SEQ}", at)).toBe("ACM-2025-007");
    expect(suggestJobCode("{YY}{MM}-{CLIENT}{SEQ}", { ...at, seq: 1234 })).toBe("2503-ACM1234");
    expect(suggestJobCode("{CLIENT}-{SEQ}", { client: "3M", date: "2025-01-01", seq: 1 })).toBe("3M-001");
    expect(suggestJobCode("{CLIENT}-{SEQ}", { client: null, date: "2025-01-01", seq: 1 })).toBe("XXX-001");
    expect(suggestJobCode(null, at)).toBeNull();
    expect(suggestJobCode("  ", at)).toBeNull();
  });
});

describe("creationOrder and countObjects", () => {
  it("folder, each list, then its tasks parents first, meta task first", () => {
    const t = tree(
      list("l1", [
        task("b", { parentKey: "a" }),
        task("meta", { customItemId: 1001 }),
        task("a", { parentKey: "root" }),
        task("root"),
      ]),
      list("l2", [task("c")]),
    );
    expect(creationOrder(t).map((s) => s.key)).toEqual([
      "folder",
      "list:l1",
      "task:meta",
      "task:root",
      "task:a",
      "task:b",
      "list:l2",
      "task:c",
    ]);
    expect(countObjects(t)).toBe(1 + 2 + 5);
  });

  it("every valid tree: each object once, parents before children, the meta task the first task", () => {
    fc.assert(
      fc.property(arbitraryTree(), (t) => {
        expect(validateTemplateTree(t)).toEqual([]);
        const order = creationOrder(t);
        expect(order.length).toBe(countObjects(t));
        expect(new Set(order.map((s) => s.key)).size).toBe(order.length);
        expect(order[0]!.kind).toBe("folder");
        const position = new Map(order.map((s, i) => [s.key, i]));
        const firstTask = order.find((s) => s.kind === "task");
        for (const l of t.lists) {
          for (const x of l.tasks) {
            const at = position.get(`task:${x.key}`)!;
            expect(at).toBeGreaterThan(position.get(`list:${l.key}`)!);
            if (x.parentKey !== null) expect(at).toBeGreaterThan(position.get(`task:${x.parentKey}`)!);
            if (x.customItemId === 1001) expect(firstTask?.key).toBe(`task:${x.key}`);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** Random valid trees: parents point at earlier-or-later tasks of the same list without cycles. */
function arbitraryTree(): fc.Arbitrary<TemplateTree> {
  const listShape = fc.array(fc.record({ parent: fc.nat(), hasParent: fc.boolean() }), { maxLength: 12 });
  return fc
    .record({
      lists: fc.array(listShape, { minLength: 1, maxLength: 5 }),
      meta: fc.boolean(),
      seed: fc.nat(),
    })
    .map(({ lists, meta, seed }) => {
      const out = lists.map((shapes, li) => {
        // A random permutation decides ancestry (a parent ranks lower), then tasks are shuffled.
        const keys = shapes.map((_, ti) => `t${li}_${ti}`);
        const tasks = shapes.map((s, ti) =>
          task(keys[ti]!, { parentKey: s.hasParent && ti > 0 ? keys[s.parent % ti]! : null }),
        );
        const rotated = tasks.map((_, i) => tasks[(i + seed) % tasks.length]!);
        return list(`l${li}`, rotated);
      });
      if (meta) out[0]!.tasks.unshift(task("meta", { customItemId: 1001 }));
      return tree(...out);
    });
}

describe("treeFromProject", () => {
  const base: Omit<ProjectTaskInput, "id" | "name"> = {
    description: null,
    customItemId: null,
    startDate: null,
    dueDate: null,
    timeEstimateMs: null,
    assigneeIds: [],
    tags: [],
    parentId: null,
  };

  it("offsets from the meta task's start, the meta task and its list first, roles where unambiguous", () => {
    const t = treeFromProject({
      lists: [
        {
          id: "L2",
          name: "Creative",
          tasks: [
            {
              ...base,
              id: "c1",
              name: "Concepts",
              customItemId: 2,
              startDate: "2025-04-09T10:00:00Z",
              dueDate: "2025-04-18T17:00:00Z",
              timeEstimateMs: 7_200_000,
              assigneeIds: ["u2", "u1"],
            },
            {
              ...base,
              id: "c2",
              name: " ",
              parentId: "c1",
              dueDate: Date.parse("2025-04-10T12:00:00Z"),
              assigneeIds: ["u1"],
              tags: ["a", "a", " b "],
            },
            { ...base, id: "c3", name: "Orphan", parentId: "zz" },
          ],
        },
        {
          id: "L1",
          name: "PM",
          tasks: [
            { ...base, id: "k", name: "Kick-off", dueDate: "2025-04-08" },
            {
              ...base,
              id: "m",
              name: "Meta",
              customItemId: 1001,
              startDate: "2025-04-07",
              dueDate: "2025-05-30",
            },
            { ...base, id: "m2", name: "Second meta", customItemId: 1001, parentId: "k" },
          ],
        },
      ],
      roleTags: new Map([
        ["u1", ["producer"]],
        ["u2", ["designer", "art director"]],
      ]),
    });
    expect(validateTemplateTree(t)).toEqual([]);
    expect(t.lists.map((l) => [l.name, l.startOffsetDays, l.endOffsetDays])).toEqual([
      ["PM", 0, 53],
      ["Creative", 2, 11],
    ]);
    expect(
      t.lists[0]!.tasks.map((x) => [x.name, x.customItemId, x.startOffsetDays, x.dueOffsetDays, x.parentKey]),
    ).toEqual([
      ["Meta", 1001, 0, 53, null],
      ["Kick-off", null, null, 1, null],
      ["Second meta", null, null, null, t.lists[0]!.tasks[1]!.key],
    ]);
    const [concepts, untitled, orphan] = t.lists[1]!.tasks;
    expect(concepts).toMatchObject({
      estimateMinutes: 120,
      assignee: { kind: "person", clickupUserId: "u2" },
      startOffsetDays: 2,
      dueOffsetDays: 11,
    });
    expect(untitled).toMatchObject({
      name: "Untitled task",
      parentKey: concepts!.key,
      assignee: { kind: "role", tag: "producer" },
      tags: ["a", "b"],
      dueOffsetDays: 3,
    });
    expect(orphan!.parentKey).toBeNull();
  });

  it("without a dated meta task, offsets run from the earliest task date; loops are cut", () => {
    const t = treeFromProject({
      lists: [
        {
          id: "L",
          name: "Work",
          tasks: [
            { ...base, id: "a", name: "A", dueDate: "2025-01-10", parentId: "b" },
            { ...base, id: "b", name: "B", startDate: "2025-01-05", dueDate: "2025-01-03", parentId: "a" },
          ],
        },
      ],
      roleTags: new Map(),
    });
    expect(validateTemplateTree(t)).toEqual([]);
    expect(t.lists[0]!.tasks.map((x) => [x.startOffsetDays, x.dueOffsetDays])).toEqual([
      [null, 7],
      [0, 0],
    ]);
    expect(t.lists[0]!.tasks.filter((x) => x.parentKey !== null)).toHaveLength(1);
  });

  it("an empty project is one empty list", () => {
    const t = treeFromProject({ lists: [], roleTags: new Map() });
    expect(t.lists).toEqual([{ key: "l1", name: "Tasks", startOffsetDays: 0, endOffsetDays: 0, tasks: [] }]);
    expect(validateTemplateTree(t)).toEqual([]);
  });
});
