import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import { seedClickupData } from "../../../tests/api/seed";
import type { Executor } from "../../db/executor";
import { systemContext, type RequestContext } from "../../request-context";
import { projectListQuerySchema } from "./contract";
import { getProject } from "./get-project";
import { listProjects } from "./list-projects";

/*
 * bench:projects must be no slower than the JavaScript list it replaced. Timings are not
 * testable without luck, so these tests pin the work that made it slower instead: statements
 * per request, and how often a page query evaluates the expensive expressions per row (the
 * natural-order text key, the §6 visibility rule). Each counts what the SQL asks for, on the real
 * database, and the answers are checked against the rows the seed implies.
 */

const dialect = new PgDialect();

/** The SQL text of every statement run through `ctx.db` while `fn` runs. */
async function statementsOf<T>(ctx: RequestContext, fn: (ctx: RequestContext) => Promise<T>) {
  const texts: string[] = [];
  const db = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      if (prop === "execute") {
        return (query: SQL) => {
          texts.push(dialect.sqlToQuery(query).sql);
          return target.execute(query);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  }) as Executor as RequestContext["db"];
  const result = await fn({ ...ctx, db });
  return { texts, result };
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

let ctx: TestContext;
let admin: RequestContext;
let member: RequestContext;
const q = (input: Record<string, unknown>) => projectListQuerySchema.parse(input);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.raw.query(`insert into organizations (id, name) values ('orgC', 'Cost')`);
  admin = systemContext(ctx.deps, "orgC", "admin");
  member = { ...systemContext(ctx.deps, "orgC", "member"), userId: "member-c" };
  await ctx.database.raw.query(`insert into profiles (id, name, email) values ('member-c', 'M', 'm@c.test')`);
  await ctx.database.raw.query(
    `insert into user_clickup_connections (organization_id, user_id, clickup_user_id) values ('orgC', 'member-c', 'u2')`,
  );
  await seedClickupData(ctx.database.db, "orgC", {
    spaces: [{ id: "s1", name: "Work", private: true }],
    folders: [
      { id: "f1", name: "Job 10", spaceId: "s1" },
      { id: "f2", name: "Job 9", spaceId: "s1" },
    ],
    providerUsers: [
      { id: "u1", username: "Ana" },
      { id: "u2", username: "Ben" },
    ],
    customFields: [{ id: "cf-client", name: "Client", fieldType: "short_text" }],
    customFieldValues: [{ taskId: "p1", customFieldId: "cf-client", value: { text: "Acme" } }],
    tasks: [
      {
        id: "p1",
        name: "Job 10",
        status: "bid",
        folderId: "f1",
        spaceId: "s1",
        customItemId: 1001,
        assigneesArray: [{ id: "u1" }],
      },
      { id: "p2", name: "Job 9", status: "post", folderId: "f2", spaceId: "s1", customItemId: 1001 },
      // Ben's task with a subtask of his own: the subtask is in its parent's total, counted once.
      {
        id: "t1",
        name: "Edit",
        folderId: "f1",
        spaceId: "s1",
        assigneesArray: [{ id: "u2" }],
        estimatedTimeTotal: 6,
        timeLoggedTotal: 4,
      },
      {
        id: "t1a",
        name: "Notes",
        folderId: "f1",
        spaceId: "s1",
        parentTaskId: "t1",
        assigneesArray: [{ id: "u2" }],
        estimatedTimeTotal: 2,
        timeLoggedTotal: 1,
      },
      // Ana's task: not Ben's to count.
      {
        id: "t2",
        name: "Grade",
        folderId: "f1",
        spaceId: "s1",
        assigneesArray: [{ id: "u1" }],
        estimatedTimeTotal: 5,
        timeLoggedTotal: 5,
      },
    ],
  });
  await ctx.database.raw.query(
    `insert into task_assignees (organization_id, task_id, user_id)
     select organization_id, id, assignees_array->0->>'id' from tasks
     where organization_id = 'orgC' and jsonb_array_length(assignees_array) > 0
     on conflict do nothing`,
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe("bench:projects no slower than the JavaScript list", () => {
  it("a page sorted by name computes each row's natural-order text key once, not again as the tiebreaker", async () => {
    const { texts, result } = await statementsOf(admin, (c) => listProjects(c, q({})));
    expect(result.items.map((p) => p.name)).toEqual(["Job 9", "Job 10"]);
    const page = texts.find((t) => t.includes("list_page"));
    expect(page).toBeDefined();
    expect(occurrences(page!, "regexp_split_to_array")).toBe(1);
  });

  it("a member's page applies the §6 visibility rule once per task when it sums the page's folders", async () => {
    const { texts, result } = await statementsOf(member, (c) => listProjects(c, q({})));
    const job10 = result.items.find((p) => p.id === "p1");
    expect([job10?.estimatedHours, job10?.loggedHours]).toEqual([6, 4]); // t1 with t1a inside, not t2
    const page = texts.find((t) => t.includes("list_page"))!;
    expect(occurrences(page, "from list_members vm")).toBe(1);
    expect(occurrences(page, "from task_assignees va")).toBe(1);
  });

  it("the project header reads the meta task with its custom fields in one statement (four in all)", async () => {
    const { texts, result } = await statementsOf(member, (c) => getProject(c, { projectId: "p1" }));
    expect(result).toMatchObject({ name: "Job 10", client: "Acme", producer: "Ana" });
    expect([result.estimatedHours, result.loggedHours]).toEqual([6, 4]);
    expect(texts).toHaveLength(4);
  });
});
