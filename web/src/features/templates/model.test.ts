import { describe, expect, it } from "vitest";
import type { TemplateTree } from "@domain/templates";
import {
  addList,
  addTask,
  canIndent,
  canMoveTask,
  depths,
  editorField,
  estimateTextToMinutes,
  fromDraft,
  indentTask,
  moveTask,
  newDraft,
  offsetRange,
  outdentTask,
  outlineOrder,
  removeTask,
  toDraft,
  updateTask,
  type Draft,
} from "./model";

const tree: TemplateTree = {
  lists: [
    {
      key: "l1",
      name: "Pre-production",
      startOffsetDays: 0,
      endOffsetDays: 10,
      tasks: [
        {
          key: "t1",
          name: "{project}",
          description: null,
          customItemId: 1001,
          startOffsetDays: 0,
          dueOffsetDays: 10,
          estimateMinutes: null,
          assignee: { kind: "role", tag: "Producer" },
          tags: [],
          parentKey: null,
        },
        {
          key: "t3",
          name: "Storyboard frames",
          description: "Key frames",
          customItemId: 2,
          startOffsetDays: 3,
          dueOffsetDays: 5,
          estimateMinutes: 90,
          assignee: { kind: "person", clickupUserId: "42" },
          tags: ["art", "board"],
          parentKey: "t2",
        },
        {
          key: "t2",
          name: "Storyboard",
          description: null,
          customItemId: 1,
          startOffsetDays: 2,
          dueOffsetDays: 6,
          estimateMinutes: 7200,
          assignee: null,
          tags: [],
          parentKey: null,
        },
      ],
    },
  ],
  fieldDefaults: [
    { field: "Client", value: "Acme" },
    { field: "Budget", value: "10" },
  ],
  jobCodePattern: "{CLIENT}-{YY}{SEQ}",
};

const names = (d: Draft, li = 0) => d.lists[li]!.tasks.map((t) => t.name);

describe("template editor model", () => {
  it("a tree round-trips through the draft (subtasks put after their parent, estimates in minutes)", () => {
    const draft = toDraft({ name: "TV spot", description: null, tree });
    expect(names(draft)).toEqual(["{project}", "Storyboard", "Storyboard frames"]);
    expect(draft.client).toBe("Acme");
    expect(draft.lists[0]!.tasks[1]!.estimate).toBe("120");
    expect(draft.lists[0]!.tasks[2]!.estimate).toBe("1.5");
    const back = fromDraft(draft);
    expect(back.problems).toEqual([]);
    const byKey = (t: TemplateTree) => t.lists[0]!.tasks.toSorted((a, b) => a.key.localeCompare(b.key));
    expect(byKey(back.tree)).toEqual(byKey(tree));
    expect(back.tree.fieldDefaults).toEqual(tree.fieldDefaults);
    expect(back.tree.jobCodePattern).toBe(tree.jobCodePattern);
  });

  it("names unreadable numbers and the domain's rules under the tree's field paths", () => {
    let draft = toDraft({ name: "", description: null, tree });
    draft = updateTask(draft, 0, 1, { due: "12", estimate: "abc", name: " " });
    draft = updateTask(draft, 0, 2, { start: "1.5" });
    const fields = Object.fromEntries(fromDraft(draft).problems.map((p) => [p.field, p.message]));
    expect(fields).toMatchObject({
      name: "must not be empty",
      "lists.0.tasks.1.dueOffsetDays": "must be within the list's range (0 to 10)",
      "lists.0.tasks.1.estimateMinutes": "enter hours as a number, e.g. 1.5",
      "lists.0.tasks.1.name": "must not be empty",
      "lists.0.tasks.2.startOffsetDays": "enter a whole number of days, e.g. 3",
    });
  });

  it("a parent loop is a problem on the task's parent", () => {
    let draft = toDraft({ name: "x", description: null, tree });
    draft = updateTask(draft, 0, 1, { parentKey: "t3" });
    expect(fromDraft(draft).problems.map((p) => p.field)).toContain("lists.0.tasks.1.parentKey");
  });

  it("indent makes the task above its parent; outdent puts it after the parent's block", () => {
    let draft = newDraft();
    draft = { ...draft, name: "n" };
    for (const name of ["A", "B", "C"]) {
      const added = addTask(draft, 0);
      draft = updateTask(added.draft, 0, added.index, { name });
    }
    expect(canIndent(draft, 0, 1)).toBe(false); // the task above A is the meta task, which holds no subtasks
    draft = indentTask(draft, 0, 2); // B under A
    draft = indentTask(draft, 0, 3); // C under A (after B)
    expect(depths(draft.lists[0]!.tasks)).toEqual([0, 0, 1, 1]);
    draft = indentTask(draft, 0, 3); // C under B
    expect(depths(draft.lists[0]!.tasks)).toEqual([0, 0, 1, 2]);
    const out = outdentTask(draft, 0, 2); // B (with C) back to the top level, after A
    expect(names(out.draft)).toEqual(["{project}", "A", "B", "C"]);
    expect(depths(out.draft.lists[0]!.tasks)).toEqual([0, 0, 0, 1]);
    expect(fromDraft(out.draft).problems).toEqual([]);
  });

  it("moves a task with its subtasks past its sibling; the meta task stays first", () => {
    let draft = { ...newDraft(), name: "n" };
    for (const name of ["A", "A1", "B"]) {
      const added = addTask(draft, 0);
      draft = updateTask(added.draft, 0, added.index, { name });
    }
    draft = indentTask(draft, 0, 2); // A1 under A
    expect(canMoveTask(draft, 0, 0, 1)).toBe(false);
    expect(canMoveTask(draft, 0, 1, -1)).toBe(false);
    const moved = moveTask(draft, 0, 3, -1); // B above A (and A1)
    expect(names(moved.draft)).toEqual(["{project}", "B", "A", "A1"]);
    expect(moved.index).toBe(1);
    const down = moveTask(moved.draft, 0, 1, 1);
    expect(names(down.draft)).toEqual(["{project}", "A", "A1", "B"]);
    expect(down.index).toBe(3);
    expect(names(removeTask(draft, 0, 1))).toEqual(["{project}", "B"]);
  });

  it("new lists follow the last one; keys stay unique", () => {
    const draft = addList(addList(newDraft()));
    expect(draft.lists.map((l) => [l.key, l.start, l.end])).toEqual([
      ["l1", "0", "30"],
      ["l2", "30", "37"],
      ["l3", "37", "44"],
    ]);
  });

  it("reads estimates up to 1,000 hours and offsets as whole days", () => {
    expect(estimateTextToMinutes("1.5")).toBe(90);
    expect(estimateTextToMinutes("120")).toBe(7200);
    expect(estimateTextToMinutes("")).toBeNull();
    expect(estimateTextToMinutes("1h")).toBeNaN();
  });

  it("server field paths land on the editor's", () => {
    expect(editorField("tree.lists[0].tasks[3].dueOffsetDays")).toBe("lists.0.tasks.3.dueOffsetDays");
    expect(editorField("tree.lists.1.name")).toBe("lists.1.name");
    expect(editorField("tree.fieldDefaults.0.value")).toBe("client");
    expect(editorField("name")).toBe("name");
  });

  it("shows ranges as days, or as real dates from a preview start", () => {
    const day = (iso: string) => iso;
    expect(offsetRange(3, 10, null, day)).toBe("Day 3 → Day 10");
    expect(offsetRange(3, 3, null, day)).toBe("Day 3");
    expect(offsetRange(null, null, null, day)).toBe("");
    expect(offsetRange(0, 2, "2026-03-30", day)).toBe("2026-03-30 → 2026-04-01");
  });

  it("outline order keeps tasks caught in a parent loop", () => {
    const loop = [
      { key: "a", parentKey: "b" },
      { key: "b", parentKey: "a" },
      { key: "c", parentKey: null },
    ];
    expect(outlineOrder(loop).map((t) => t.key)).toEqual(["c", "a", "b"]);
  });
});
