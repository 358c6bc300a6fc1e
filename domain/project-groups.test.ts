import { describe, expect, it } from "vitest";
import {
  groupProjectsByPhase,
  groupProjectsBySpace,
  isCompletedJobsSpace,
  projectPhase,
} from "./project-groups";

describe("projectPhase (spec §4, 'post' tested before 'production')", () => {
  it.each([
    ["Bid", "bid"],
    ["Bidding", "bid"],
    ["Creative", "creative"],
    ["in creative", "creative"],
    ["In Production", "creative"],
    ["Post", "post"],
    ["in post", "post"],
    ["active", "other"],
    ["", "other"],
  ] as const)("%s → %s", (status, phase) => {
    expect(projectPhase(status)).toBe(phase);
  });
  it("files a post-production project under Post, not Creative", () => {
    expect(projectPhase("Post Production")).toBe("post");
    expect(projectPhase("post_production")).toBe("post");
    expect(projectPhase("IN POST-PRODUCTION")).toBe("post");
  });
  it("checks 'bid' before everything", () => {
    expect(projectPhase("Creative bid")).toBe("bid");
    expect(projectPhase("post bid")).toBe("bid");
    expect(projectPhase("Production bid")).toBe("bid");
  });
});

describe("groupProjectsByPhase", () => {
  it("files projects under bid, creative, post and other", () => {
    const groups = groupProjectsByPhase([
      { id: "1", status: "Bid" },
      { id: "2", status: "Post Production" },
      { id: "3", status: "in post" },
      { id: "4", status: "creative" },
      { id: "5", status: "active" },
    ]);
    expect({
      bid: groups.bid.map((p) => p.id),
      creative: groups.creative.map((p) => p.id),
      post: groups.post.map((p) => p.id),
      other: groups.other.map((p) => p.id),
    }).toEqual({ bid: ["1"], creative: ["4"], post: ["2", "3"], other: ["5"] });
  });
});

describe("isCompletedJobsSpace", () => {
  it("matches COMPLETED JOBS, trimmed and any case", () => {
    expect(isCompletedJobsSpace("COMPLETED JOBS")).toBe(true);
    expect(isCompletedJobsSpace(" Completed Jobs ")).toBe(true);
    expect(isCompletedJobsSpace("COMPLETED JOBS 2024")).toBe(false);
    expect(isCompletedJobsSpace(null)).toBe(false);
  });
});

describe("groupProjectsBySpace (spec §2 mobile)", () => {
  const p = (id: string, spaceId: string | null, spaceName: string | null) => ({ id, spaceId, spaceName });
  it("groups by space, drops COMPLETED JOBS, names unknown spaces, shows 3 and counts the rest", () => {
    const groups = groupProjectsBySpace([
      p("a1", "s1", "Clients"),
      p("x", "s9", "COMPLETED JOBS"),
      p("b1", null, null),
      p("a2", "s1", "Clients"),
      p("a3", "s1", "Clients"),
      p("a4", "s1", "Clients"),
      p("a5", "s1", "Clients"),
      p("c1", "s2", ""),
    ]);
    expect(groups.map((g) => [g.spaceId, g.spaceName, g.projects.map((x) => x.id), g.hiddenCount])).toEqual([
      ["s1", "Clients", ["a1", "a2", "a3"], 2],
      [null, "Unknown Space", ["b1"], 0],
      ["s2", "Unknown Space", ["c1"], 0],
    ]);
  });
});
