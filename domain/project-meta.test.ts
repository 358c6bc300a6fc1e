import { describe, expect, it } from "vitest";
import {
  estimatedCost,
  projectHeaderFields,
  projectJobCode,
  workloadEntryId,
  workloadJobCode,
} from "./project-meta";

describe("projectJobCode", () => {
  it("is the custom id, else the name", () => {
    expect(projectJobCode("JOB-12", "Spring Campaign")).toBe("JOB-12");
    expect(projectJobCode(" ", "Spring Campaign")).toBe("Spring Campaign");
    expect(projectJobCode(null, "Spring Campaign")).toBe("Spring Campaign");
  });
});

describe("workloadJobCode", () => {
  it("is the task's own, else the folder's, else null", () => {
    expect(workloadJobCode("T-1", "F-1")).toBe("T-1");
    expect(workloadJobCode("", "F-1")).toBe("F-1");
    expect(workloadJobCode(null, undefined)).toBeNull();
  });
});

describe("projectHeaderFields (spec §7)", () => {
  it("reads client, status update and quote-stripped folder id", () => {
    expect(
      projectHeaderFields([
        { name: "Client", value: { text: "Acme" } },
        { name: "Producer Status", value: "On track" },
        { name: "ClickUp Folder ID", value: '"901234"' },
        { name: "Client Contact", value: "Zed" },
      ]),
    ).toEqual({ client: "Acme", statusUpdate: "On track", clickupFolderId: "901234" });
  });
  it("gives nulls when nothing matches or values are empty", () => {
    expect(
      projectHeaderFields([
        { name: "Client", value: "" },
        { name: "Budget", value: 5 },
      ]),
    ).toEqual({
      client: null,
      statusUpdate: null,
      clickupFolderId: null,
    });
    expect(projectHeaderFields(undefined).client).toBeNull();
  });
  it("needs both 'clickup' and 'folder' for the folder id", () => {
    expect(projectHeaderFields([{ name: "Folder", value: "1" }]).clickupFolderId).toBeNull();
    expect(projectHeaderFields([{ name: "clickup_folder", value: "'77'" }]).clickupFolderId).toBe("77");
  });
});

describe("workload helpers", () => {
  it("joins task and assignee ids", () => {
    expect(workloadEntryId("t1", 42)).toBe("t1-42");
  });
  it("costs estimate hours at the client rate", () => {
    expect(estimatedCost(2.5, 120)).toBe(300);
    expect(estimatedCost(2.5, null)).toBe(0);
  });
});
