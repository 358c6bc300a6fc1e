import { describe, expect, it } from "vitest";
import {
  isLiveRevisionStatus,
  isOpenAssignment,
  isOutstandingRevision,
  isUrgent,
  outstandingRevisions,
  projectRevisionSummaries,
  showProjectCount,
  sortMyProjects,
  type ProjectRevisionSummary,
  type RevisionTask,
} from "./revisions";

const NOW = "2025-03-12T15:30:00Z";

const asset = (id: string, status = "in progress", extra: Partial<RevisionTask> = {}): RevisionTask => ({
  id,
  status,
  customItemId: 1009,
  folderId: "f1",
  folderName: "Alpha",
  ...extra,
});
const activity = (
  id: string,
  parentTaskId: string | null,
  status = "in progress",
  extra: Partial<RevisionTask> = {},
) =>
  ({
    id,
    status,
    customItemId: "1033",
    parentTaskId,
    folderId: "f1",
    folderName: "Alpha",
    ...extra,
  }) as RevisionTask;

describe("isUrgent (due within 2 days)", () => {
  it("is urgent today, tomorrow and the day after", () => {
    expect(isUrgent("2025-03-12T23:00:00Z", NOW)).toBe(true);
    expect(isUrgent("2025-03-13", NOW)).toBe(true);
    expect(isUrgent("2025-03-14T23:59:59Z", NOW)).toBe(true);
  });
  it("is not urgent three days out", () => {
    expect(isUrgent("2025-03-15T00:00:00Z", NOW)).toBe(false);
  });
  it("treats overdue as urgent and undated as not", () => {
    expect(isUrgent("2025-03-01", NOW)).toBe(true);
    expect(isUrgent(null, NOW)).toBe(false);
  });
});

describe("isLiveRevisionStatus", () => {
  it("rejects archived and not started, in any case or with underscores", () => {
    expect(isLiveRevisionStatus("Archived")).toBe(false);
    expect(isLiveRevisionStatus("NOT_STARTED")).toBe(false);
    expect(isLiveRevisionStatus("Not Started")).toBe(false);
  });
  it("accepts everything else, including 'started'", () => {
    expect(isLiveRevisionStatus("started")).toBe(true);
    expect(isLiveRevisionStatus("in progress")).toBe(true);
    expect(isLiveRevisionStatus("complete")).toBe(true);
  });
});

describe("isOutstandingRevision (spec §4)", () => {
  const parent = asset("a1");
  it("accepts a live 1033 activity under a live 1009 asset", () => {
    expect(isOutstandingRevision(activity("r1", "a1"), parent)).toBe(true);
  });
  it("rejects other task types", () => {
    expect(isOutstandingRevision({ ...activity("r1", "a1"), customItemId: 1014 }, parent)).toBe(false);
  });
  it("rejects an activity without a parent, or whose parent is missing or another task", () => {
    expect(isOutstandingRevision(activity("r1", null), parent)).toBe(false);
    expect(isOutstandingRevision(activity("r1", ""), parent)).toBe(false);
    expect(isOutstandingRevision(activity("r1", "a1"), null)).toBe(false);
    expect(isOutstandingRevision(activity("r1", "a2"), parent)).toBe(false);
  });
  it("rejects an archived or not started activity", () => {
    expect(isOutstandingRevision(activity("r1", "a1", "archived"), parent)).toBe(false);
    expect(isOutstandingRevision(activity("r1", "a1", "not started"), parent)).toBe(false);
  });
  it("rejects when the parent is archived or not started", () => {
    expect(isOutstandingRevision(activity("r1", "a1"), asset("a1", "Archived"))).toBe(false);
    expect(isOutstandingRevision(activity("r1", "a1"), asset("a1", "not started"))).toBe(false);
  });
  it("rejects when the parent is not an asset (1009)", () => {
    expect(isOutstandingRevision(activity("r1", "a1"), { ...asset("a1"), customItemId: 1014 })).toBe(false);
  });
  it("keeps a complete revision: the rule excludes only archived and not started", () => {
    expect(isOutstandingRevision(activity("r1", "a1", "complete"), parent)).toBe(true);
  });
  it("matches numeric and string ids", () => {
    expect(isOutstandingRevision({ ...activity("r1", "77") }, { ...asset("x"), id: 77 })).toBe(true);
  });
});

describe("outstandingRevisions", () => {
  it("finds parents in the list or in the extra parents, keeping input order", () => {
    const tasks = [activity("r2", "a2"), asset("a1"), activity("r1", "a1"), activity("r3", "a9")];
    const result = outstandingRevisions(tasks, [asset("a2")]);
    expect(result.map((t) => t.id)).toEqual(["r2", "r1"]);
  });
  it("returns nothing without activities", () => {
    expect(outstandingRevisions([asset("a1")])).toEqual([]);
  });
});

describe("isOpenAssignment", () => {
  it("is an unfinished 1014 or 1031", () => {
    expect(isOpenAssignment({ customItemId: 1014, status: "to do" })).toBe(true);
    expect(isOpenAssignment({ customItemId: "1031", status: "in progress" })).toBe(true);
    expect(isOpenAssignment({ customItemId: 1014, status: "complete" })).toBe(false);
    expect(isOpenAssignment({ customItemId: 3, status: "to do" })).toBe(false);
  });
});

describe("projectRevisionSummaries", () => {
  const tasks: RevisionTask[] = [
    { id: "p", status: "in progress", customItemId: 1001, folderId: "f1", folderName: "Alpha" },
    asset("a1", "review"),
    activity("r1", "a1", "open", { dueDate: "2025-03-13" }),
    activity("r2", "a1", "open", { dueDate: "2025-03-20" }),
    activity("r3", "a1", "archived", { dueDate: "2025-03-13" }),
    {
      id: "s1",
      status: "to do",
      customItemId: 1014,
      folderId: "f1",
      folderName: "Alpha",
      dueDate: "2025-03-10",
    },
    {
      id: "s2",
      status: "closed",
      customItemId: 1031,
      folderId: "f1",
      folderName: "Alpha",
      dueDate: "2025-03-10",
    },
    { id: "b1", status: "In Progress", customItemId: 1014, folderId: 2, folderName: null },
    { id: "x", status: "in progress", customItemId: 3, folderId: null },
  ];
  const summaries = projectRevisionSummaries(tasks, NOW);

  it("makes one summary per folder, first-seen order, skipping folderless tasks", () => {
    expect(summaries.map((s) => s.projectId)).toEqual(["f1", "2"]);
  });

  it("counts outstanding activities, open assignments and urgent ones", () => {
    expect(summaries[0]).toEqual({
      projectId: "f1",
      projectName: "Alpha",
      status: "Open",
      hasOpenAssignments: true,
      hasOpenActivities: true,
      activityCount: 2,
      assignmentCount: 1,
      urgentCount: 2,
    });
  });

  it("ignores the 1001 project task's status and names a nameless folder 'No Project'", () => {
    // folder f1's only 'in progress' status is on the 1001 meta task → Open (asserted above)
    expect(summaries[1]).toMatchObject({
      projectName: "No Project",
      status: "Needs Work",
      hasOpenActivities: false,
      activityCount: 0,
      assignmentCount: 1,
      urgentCount: 0,
    });
  });

  it("is Needs Work when any open task of the folder has a keyword status", () => {
    const [s] = projectRevisionSummaries([asset("a1", "pending")], NOW);
    expect(s?.status).toBe("Needs Work");
    expect(s?.activityCount).toBe(0);
  });

  it("looks parents up in the extra list", () => {
    const [s] = projectRevisionSummaries([activity("r1", "a1")], NOW, [asset("a1")]);
    expect(s?.activityCount).toBe(1);
  });
});

describe("sortMyProjects (spec §9)", () => {
  const p = (projectName: string, status: ProjectRevisionSummary["status"], urgentCount: number) => ({
    projectName,
    status,
    urgentCount,
  });
  it("puts Needs Work first, then urgentCount descending, then name", () => {
    const sorted = sortMyProjects([
      p("Zeta", "Open", 9),
      p("beta", "Needs Work", 1),
      p("Alpha", "Needs Work", 1),
      p("Gamma", "Needs Work", 4),
      p("Alpha", "Open", 0),
    ]);
    expect(sorted.map((s) => `${s.projectName}/${s.status}/${s.urgentCount}`)).toEqual([
      "Gamma/Needs Work/4",
      "Alpha/Needs Work/1",
      "beta/Needs Work/1",
      "Zeta/Open/9",
      "Alpha/Open/0",
    ]);
  });
  it("keeps at most 10 and does not mutate the input", () => {
    const input = Array.from({ length: 12 }, (_, i) =>
      p(`P${String(i).padStart(2, "0")}`, "Open", 0),
    ).reverse();
    const sorted = sortMyProjects(input);
    expect(sorted).toHaveLength(10);
    expect(sorted[0]?.projectName).toBe("P00");
    expect(sorted[9]?.projectName).toBe("P09");
    expect(input[0]?.projectName).toBe("P11");
  });
});

describe("showProjectCount", () => {
  it("shows only when activities plus assignments exceed 1", () => {
    expect(showProjectCount({ activityCount: 1, assignmentCount: 0 })).toBe(false);
    expect(showProjectCount({ activityCount: 1, assignmentCount: 1 })).toBe(true);
    expect(showProjectCount({ activityCount: 0, assignmentCount: 2 })).toBe(true);
    expect(showProjectCount({ activityCount: 0, assignmentCount: 0 })).toBe(false);
  });
});
