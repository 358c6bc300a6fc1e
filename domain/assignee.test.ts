import { describe, expect, it } from "vitest";
import {
  joinAssigneeNames,
  parseAssignee,
  parseAssigneeId,
  parseAssignees,
  resolveAssigneeName,
} from "./assignee";

describe("parseAssignees (spec §3 assignees_array)", () => {
  it("reads objects and plain ids, normalising ids to strings", () => {
    expect(
      parseAssignees([{ id: 12, username: "ann", email: "ann@x.io" }, 34, "56", { id: "78", username: "" }]),
    ).toEqual([
      { id: "12", username: "ann", email: "ann@x.io" },
      { id: "34", username: null, email: null },
      { id: "56", username: null, email: null },
      { id: "78", username: null, email: null },
    ]);
  });
  it("accepts the whole array as a JSON string", () => {
    expect(parseAssignees('[{"id":1,"username":"a"},2]').map((a) => a.id)).toEqual(["1", "2"]);
  });
  it("drops unusable entries and duplicate ids", () => {
    expect(
      parseAssignees([null, {}, { username: "x" }, "", 5, { id: 5, username: "dup" }, Number.NaN]),
    ).toEqual([{ id: "5", username: null, email: null }]);
  });
  it("returns [] for non-arrays and bad JSON", () => {
    expect(parseAssignees(null)).toEqual([]);
    expect(parseAssignees("not json")).toEqual([]);
    expect(parseAssignees({ id: 1 })).toEqual([]);
  });
  it("keeps big ids exact when given as strings", () => {
    expect(parseAssignees(["90071992547409931"])[0]?.id).toBe("90071992547409931");
  });
});

describe("parseAssigneeId (spec §3 assignee_id)", () => {
  it("reads a plain id", () => {
    expect(parseAssigneeId("123")).toEqual({ id: "123", username: null, email: null });
    expect(parseAssigneeId(123)).toEqual({ id: "123", username: null, email: null });
  });
  it("reads a JSON string with id and username", () => {
    expect(parseAssigneeId('{"id":123,"username":"ann"}')).toEqual({
      id: "123",
      username: "ann",
      email: null,
    });
  });
  it("reads a JSON string with id and name", () => {
    expect(parseAssigneeId('{"id":"9","name":"Ann Lee"}')).toEqual({
      id: "9",
      username: "Ann Lee",
      email: null,
    });
  });
  it("prefers username over name", () => {
    expect(parseAssignee({ id: 1, username: "u", name: "n" })?.username).toBe("u");
  });
  it("returns null for empty, malformed or id-less values", () => {
    expect(parseAssigneeId(null)).toBeNull();
    expect(parseAssigneeId("")).toBeNull();
    expect(parseAssigneeId("{oops")).toBeNull();
    expect(parseAssigneeId('{"username":"ann"}')).toBeNull();
  });
});

describe("resolveAssigneeName (spec §8 fallback order)", () => {
  const all = {
    id: 7,
    username: "ann",
    user: { username: "ann_u", email: "u@x.io" },
    timeEntryAssigneeName: "Ann (time)",
    email: "ann@x.io",
  };
  it("walks username → user username → user e-mail → time-entry name → e-mail", () => {
    expect(resolveAssigneeName(all)).toEqual({ name: "ann", resolved: true });
    expect(resolveAssigneeName({ ...all, username: " " }).name).toBe("ann_u");
    expect(
      resolveAssigneeName({ ...all, username: null, user: { username: null, email: "u@x.io" } }).name,
    ).toBe("u@x.io");
    expect(resolveAssigneeName({ ...all, username: null, user: null }).name).toBe("Ann (time)");
    expect(resolveAssigneeName({ id: 7, email: "ann@x.io", timeEntryAssigneeName: "" }).name).toBe(
      "ann@x.io",
    );
  });
  it("falls back to 'User {id}' flagged unresolved", () => {
    expect(resolveAssigneeName({ id: 7 })).toEqual({ name: "User 7", resolved: false });
    expect(resolveAssigneeName({ id: "abc", user: {} })).toEqual({ name: "User abc", resolved: false });
  });
});

describe("joinAssigneeNames", () => {
  it("joins non-blank names with ', '", () => {
    expect(joinAssigneeNames(["Ann", null, " ", "Bob "])).toBe("Ann, Bob");
    expect(joinAssigneeNames([])).toBe("");
  });
});
