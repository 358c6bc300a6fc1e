import { describe, expect, it } from "vitest";
import {
  dashboardStatusColor,
  formatStatusText,
  isCompleteOrClosed,
  isFinishedStatus,
  normalizeStatus,
  projectBadgeVariant,
  projectPageStatusColor,
  projectRevisionStatus,
  statusNeedsWork,
  statusText,
} from "./status";

describe("statusText / normalizeStatus", () => {
  it("reads plain text and { status } objects", () => {
    expect(statusText("to do")).toBe("to do");
    expect(statusText({ status: "In Review" })).toBe("In Review");
    expect(statusText({ status: null })).toBe("");
    expect(statusText(null)).toBe("");
  });
  it("lower-cases, reads underscores as spaces and collapses whitespace", () => {
    expect(normalizeStatus("  IN_PROGRESS   Now ")).toBe("in progress now");
  });
});

describe("isFinishedStatus (spec §4)", () => {
  it.each([
    "Closed",
    "complete",
    "COMPLETED",
    "Archived",
    "canceled",
    "Client Canceled",
    { status: "closed" },
  ])("%s is finished", (status) => {
    expect(isFinishedStatus(status)).toBe(true);
  });
  it.each(["to do", "in progress", "review", "", null, "cancelled"])("%s is not finished", (status) => {
    expect(isFinishedStatus(status)).toBe(false);
  });
  it("follows 'contains' literally: 'incomplete' counts as finished", () => {
    expect(isFinishedStatus("Incomplete")).toBe(true);
  });
});

describe("isCompleteOrClosed", () => {
  it("only complete/closed, not archived or canceled", () => {
    expect(isCompleteOrClosed("Complete")).toBe(true);
    expect(isCompleteOrClosed("closed")).toBe(true);
    expect(isCompleteOrClosed("archived")).toBe(false);
    expect(isCompleteOrClosed("canceled")).toBe(false);
  });
});

describe("dashboardStatusColor (spec §4)", () => {
  it.each([
    ["Complete", "green"],
    ["closed", "green"],
    ["Done", "green"],
    ["In Progress", "blue"],
    ["working on it", "blue"],
    ["Revision", "orange"],
    ["needs work", "orange"],
    ["Needs_Work", "orange"],
    ["In Review", "purple"],
    ["Blocked", "red"],
    ["to do", "gray"],
    [null, "gray"],
  ] as const)("%s → %s", (status, color) => {
    expect(dashboardStatusColor(status)).toBe(color);
  });
  it("lets the earlier keyword group win on mixed statuses", () => {
    expect(dashboardStatusColor("In Progress - Revision")).toBe("blue");
    expect(dashboardStatusColor("Review Complete")).toBe("green");
    expect(dashboardStatusColor("Revision review")).toBe("orange");
    expect(dashboardStatusColor("Blocked - in review")).toBe("purple");
  });
});

describe("projectPageStatusColor (spec §4)", () => {
  it.each([
    ["Complete", "green"],
    ["closed", "green"],
    ["in progress", "yellow"],
    ["IN_PROGRESS", "yellow"],
    ["to do", "gray"],
    ["review", "blue"],
    ["progress", "blue"],
    ["", "blue"],
  ] as const)("%s → %s", (status, color) => {
    expect(projectPageStatusColor(status)).toBe(color);
  });
});

describe("formatStatusText", () => {
  it("capitalises each word and turns underscores into spaces", () => {
    expect(formatStatusText("in_progress")).toBe("In Progress");
    expect(formatStatusText("to do")).toBe("To Do");
    expect(formatStatusText({ status: "needs__work" })).toBe("Needs Work");
  });
  it("keeps existing capitals and handles empty input", () => {
    expect(formatStatusText("QA review")).toBe("QA Review");
    expect(formatStatusText(null)).toBe("");
  });
});

describe("projectRevisionStatus (spec §4)", () => {
  it("is Needs Work when an open status contains a keyword", () => {
    expect(projectRevisionStatus(["to do", "In Progress"])).toBe("Needs Work");
    expect(projectRevisionStatus(["pending approval"])).toBe("Needs Work");
    expect(projectRevisionStatus([{ status: "Revision 2" }])).toBe("Needs Work");
    expect(projectRevisionStatus(["needs work"])).toBe("Needs Work");
  });
  it("is Open otherwise, and for no tasks", () => {
    expect(projectRevisionStatus(["to do", "review"])).toBe("Open");
    expect(projectRevisionStatus([])).toBe("Open");
  });
  it("ignores finished statuses even when they contain a keyword", () => {
    expect(projectRevisionStatus(["Revision Complete", "pending - archived"])).toBe("Open");
    expect(statusNeedsWork("revision closed")).toBe(false);
  });
  it("does not treat bare 'progress' as 'in progress'", () => {
    expect(projectRevisionStatus(["progress check"])).toBe("Open");
  });
});

describe("projectBadgeVariant", () => {
  it("maps Needs Work with urgent items to destructive, without to secondary, Open to outline", () => {
    expect(projectBadgeVariant("Needs Work", 1)).toBe("destructive");
    expect(projectBadgeVariant("Needs Work", 0)).toBe("secondary");
    expect(projectBadgeVariant("Open", 3)).toBe("outline");
  });
});
