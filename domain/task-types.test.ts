import { describe, expect, it } from "vitest";
import { isItemType, ITEM_TYPE, itemTypeLabel, parseItemTypeId } from "./task-types";

describe("ITEM_TYPE", () => {
  it("holds the custom_item_id values of spec §3", () => {
    expect(ITEM_TYPE).toEqual({
      project: 1001,
      milestone: 1,
      deliverable: 2,
      actionItem: 3,
      activity: 1033,
      assignment: 1014,
      assignmentFreelance: 1031,
      asset: 1009,
    });
  });
});

describe("parseItemTypeId", () => {
  it("accepts numbers and numeric strings", () => {
    expect(parseItemTypeId(1033)).toBe(1033);
    expect(parseItemTypeId("1033")).toBe(1033);
    expect(parseItemTypeId(" 2 ")).toBe(2);
  });
  it("rejects null, blanks, decimals and words", () => {
    expect(parseItemTypeId(null)).toBeNull();
    expect(parseItemTypeId(undefined)).toBeNull();
    expect(parseItemTypeId("")).toBeNull();
    expect(parseItemTypeId("1.5")).toBeNull();
    expect(parseItemTypeId(1.5)).toBeNull();
    expect(parseItemTypeId("abc")).toBeNull();
  });
});

describe("isItemType", () => {
  it("matches any of the given types across representations", () => {
    expect(isItemType("1014", ITEM_TYPE.assignment, ITEM_TYPE.assignmentFreelance)).toBe(true);
    expect(isItemType(1031, ITEM_TYPE.assignment, ITEM_TYPE.assignmentFreelance)).toBe(true);
    expect(isItemType(1033, ITEM_TYPE.assignment)).toBe(false);
    expect(isItemType(null, ITEM_TYPE.milestone)).toBe(false);
  });
});

describe("itemTypeLabel (spec §9)", () => {
  it.each([
    [1, "Milestones"],
    ["2", "Deliverables"],
    [3, "Action Items"],
    [1014, "Assignment"],
    ["1031", "Assignment (FL)"],
    [1033, "Activity"],
    [1009, "Asset"],
  ] as const)("%s → %s", (id, label) => {
    expect(itemTypeLabel(id)).toBe(label);
  });
  it("labels everything else Other, including the 1001 project type and missing ids", () => {
    expect(itemTypeLabel(1001)).toBe("Other");
    expect(itemTypeLabel(0)).toBe("Other");
    expect(itemTypeLabel(null)).toBe("Other");
    expect(itemTypeLabel("x")).toBe("Other");
  });
});
