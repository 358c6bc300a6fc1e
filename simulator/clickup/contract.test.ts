import { beforeAll, describe, expect, it } from "vitest";
import { exerciseClient, type ExerciseResult } from "./openapi/exercise";
import { COVERED_OPERATIONS } from "./openapi/operations";
import { cuFolderWire, cuTaskWire, RESPONSE_SCHEMAS, type CoveredOperationId } from "./openapi/schemas";

/**
 * The simulator answers every operation the ClickUp client uses in ClickUp's shapes, as the
 * in-repo schemas (openapi/schemas.ts) state them. The same exchanges are checked against
 * ClickUp's own OpenAPI document by `npm run check:clickup-contract` where the document is at hand.
 */
describe("ClickUp contract: simulator answers to the client", () => {
  let run: ExerciseResult;
  beforeAll(async () => {
    run = await exerciseClient();
  });

  it("exercises every covered operation, and the client sends nothing else", () => {
    expect(run.unmatched).toEqual([]);
    const seen = new Set(run.exchanges.map((x) => x.operation.operationId));
    expect(COVERED_OPERATIONS.map((o) => o.operationId).filter((id) => !seen.has(id))).toEqual([]);
  });

  it("has an in-repo response schema for every covered operation", () => {
    expect(COVERED_OPERATIONS.map((o) => o.operationId).filter((id) => !(id in RESPONSE_SCHEMAS))).toEqual(
      [],
    );
  });

  it("answers 200 and every body parses with the operation's schema", () => {
    const failures: string[] = [];
    for (const x of run.exchanges) {
      if (x.injected) continue; // the lost answer of an injected fault, not ClickUp's
      const label = `${x.method} ${x.path} ${x.operation.operationId}`;
      if (x.status !== 200) failures.push(`${label}: status ${x.status}`);
      const schema = RESPONSE_SCHEMAS[x.operation.operationId as CoveredOperationId];
      const parsed = schema.safeParse(x.responseBody);
      if (!parsed.success)
        for (const issue of parsed.error.issues.slice(0, 5))
          failures.push(`${label}: /${issue.path.join("/")} ${issue.message}`);
    }
    expect(failures).toEqual([]);
  });

  it("the lookup after a lost create answer is exercised (GET /list/{id}/task adopts the task)", () => {
    const lost = run.exchanges.filter((x) => x.injected);
    expect(lost.map((x) => x.operation.operationId)).toEqual(["CreateTask"]);
    expect(run.exchanges.some((x) => x.operation.operationId === "GetTasks")).toBe(true);
  });
});

describe("ClickUp contract: the schemas hold the document's facts", () => {
  const task = {
    id: "86abc",
    custom_id: null,
    name: "T",
    status: { status: "open", type: "open", color: "#ddd", orderindex: 0 },
    date_created: "1",
    date_updated: "2",
    date_closed: null,
    archived: false,
    creator: { id: 1, username: "A", email: "a@x", color: null, profilePicture: null },
    assignees: [],
    tags: [],
    parent: null,
    priority: null,
    due_date: null,
    start_date: null,
    time_estimate: null,
    custom_fields: [],
    list: { id: "9" },
    folder: { id: "8" },
    space: { id: "7" },
    team_id: "6",
    url: "https://app.clickup.com/t/86abc",
  };

  it("accepts a task with ClickUp's nulls", () => {
    expect(cuTaskWire.safeParse(task).success).toBe(true);
  });

  it("refuses what the document's unrepaired schemas said: assignees as strings, ms as numbers", () => {
    expect(cuTaskWire.safeParse({ ...task, assignees: ["1"] }).success).toBe(false);
    expect(cuTaskWire.safeParse({ ...task, date_created: 1 }).success).toBe(false);
    expect(cuTaskWire.safeParse({ ...task, time_estimate: "3600000" }).success).toBe(false);
  });

  it("folders are an array of folders with their lists", () => {
    expect(RESPONSE_SCHEMAS.GetFolders.safeParse({ folders: {} }).success).toBe(false);
    expect(cuFolderWire.safeParse({ id: "1", name: "F", lists: [] }).success).toBe(false);
  });
});
