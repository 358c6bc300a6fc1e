import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedClickupData } from "../../tests/api/seed";
import type { TestContext } from "../../tests/api/harness";
import {
  exampleFor,
  fillPath,
  fuzzContext,
  operationsOf,
  RawClient,
  restoreCaller,
  workspaceWithCallers,
  type Caller,
  type OpenApiDocument,
  type Operation,
} from "./fuzz-harness";

/*
 * Issue 11, "Keep it closed": every route of /api/openapi.json (not a hand-picked list), called by
 * the owner and a member of workspace A with the ids of workspace B's objects — in the path, the
 * query and the body. A route with B's id in its path answers 403/404; no answer ever carries B's
 * data (its distinctive names and e-mails).
 */

const MARK = "Zephyrine";

let ctx: TestContext;
let ops: Operation[];
let doc: OpenApiDocument;
let callers: Caller[];
let organizationA: string;
/** B's ids by the parameter names routes give them. */
let idsOfB: Record<string, string>;
let markers: string[];
/** B's owner: the control that B's data is really there and reachable. */
let ownerOfB: Caller;

beforeAll(async () => {
  ctx = await fuzzContext();
  const anon = new RawClient(ctx);
  doc = JSON.parse((await anon.send("GET", "/api/openapi.json")).text) as OpenApiDocument;
  ops = operationsOf(doc);
  const a = await workspaceWithCallers(ctx, "Alpha Agency");
  const b = await workspaceWithCallers(ctx, `${MARK} Works`);
  organizationA = a.organizationId;
  callers = [a.owner, a.member];
  ownerOfB = b.owner;
  await seedClickupData(ctx.deps.database.db, b.organizationId, {
    spaces: [{ id: "zs-1", name: `${MARK} Space` }],
    folders: [{ id: "zf-1", spaceId: "zs-1", name: `${MARK} Folder` }],
    lists: [{ id: "zl-1", folderId: "zf-1", spaceId: "zs-1", name: `${MARK} List` }],
    tasks: [
      {
        // The project itself: the folder's meta task (custom item 1001, spec §3).
        id: "zp-1",
        name: `${MARK} Project`,
        customItemId: 1001,
        listId: "zl-1",
        folderId: "zf-1",
        spaceId: "zs-1",
        status: "in production",
      },
      {
        id: "zt-1",
        name: `${MARK} Task`,
        listId: "zl-1",
        folderId: "zf-1",
        spaceId: "zs-1",
        status: "open",
        assigneesArray: [{ id: "zu-1" }],
      },
    ],
    providerUsers: [{ id: "zu-1", username: `${MARK} Person`, email: "zephyrine-person@example.test" }],
  });
  const invited = await b.owner.client.json("POST", "/api/invitations", {
    email: "zephyrine-invitee@example.test",
    role: "member",
  });
  expect(invited.status, invited.text).toBe(201);
  idsOfB = {
    organizationId: b.organizationId,
    projectId: "zp-1",
    folderId: "zf-1",
    taskId: "zt-1",
    userId: b.member.userId,
    id: (JSON.parse(invited.text) as { id: string }).id,
    spaceId: "zs-1",
    assignee: "zu-1",
  };
  markers = [MARK, b.member.email!, b.owner.email!, "zephyrine-invitee@example.test", "zephyrine-person"];
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/** Replace every id-like field of a body example with B's id of that name. */
function withIdsOfB(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withIdsOfB);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const id = idsOfB[k] ?? (k.endsWith("Ids") ? idsOfB[k.slice(0, -1)] : undefined);
        // Only where the example holds an id (a string, or a list of them): an object that happens
        // to be called `assignee` (a template task's role or person) keeps its shape.
        const idLike = typeof v === "string" || (Array.isArray(v) && v.every((x) => typeof x === "string"));
        if (id !== undefined && idLike) return [k, Array.isArray(v) ? [id] : id];
        return [k, withIdsOfB(v)];
      }),
    );
  }
  return value;
}

/** Routes whose path parameter is a capability or not a workspace object: no B id to try there. */
const NOT_WORKSPACE_PARAMS = new Set(["token", "file"]);

describe("tenant isolation over every route of /api/openapi.json (issue 11)", () => {
  it("control: B's own owner reads B's project and invitation through the same routes", async () => {
    const project = await ownerOfB.client.send("GET", "/api/projects/zp-1");
    expect(project.status, project.text).toBe(200);
    expect(project.text).toContain(`${MARK} Project`);
    const projects = await ownerOfB.client.send("GET", "/api/projects");
    expect(projects.text).toContain(`${MARK} Project`);
    const invitations = await ownerOfB.client.send("GET", "/api/invitations");
    expect(invitations.text).toContain("zephyrine-invitee@example.test");
  });

  it("gives B's ids to every route as A's owner and member: 403/404 for B's objects, never B's data", async () => {
    const problems: string[] = [];
    let tried = 0;
    for (const op of ops) {
      const pathParams = op.parameters.filter((p) => p.in === "path");
      // better-auth's path ids name OAuth providers, not workspace objects.
      const mapped = op.path.startsWith("/api/auth/")
        ? []
        : pathParams.filter((p) => idsOfB[p.name] !== undefined && !NOT_WORKSPACE_PARAMS.has(p.name));
      // The other path parameters get a valid example (e.g. a version number), so B's id decides.
      const values = Object.fromEntries(
        pathParams.map((p) => [p.name, idsOfB[p.name] ?? String(exampleFor(doc, p.schema) ?? "x")]),
      );
      const query = op.parameters
        .filter((p) => p.in === "query" && (idsOfB[p.name] !== undefined || p.required))
        .map((p) => `${p.name}=${encodeURIComponent(idsOfB[p.name] ?? String(exampleFor(doc, p.schema)))}`)
        .join("&");
      const url = fillPath(op.path, values) + (query ? `?${query}` : "");
      const body = op.body ? withIdsOfB(exampleFor(doc, op.body)) : undefined;
      for (const caller of callers) {
        const res = await caller.client.send(op.method, url, {
          body: body === undefined ? undefined : JSON.stringify(body),
          contentType: body === undefined ? undefined : "application/json",
        });
        tried++;
        const route = `${op.method} ${op.path} as A's ${caller.name}`;
        // A webhook path names its workspace by design (signed by that workspace's secret).
        if (mapped.length && !op.path.startsWith("/api/webhooks/") && ![403, 404].includes(res.status)) {
          problems.push(`${route}: ${res.status} with B's ${mapped.map((p) => p.name).join(", ")}`);
        }
        const leaked = markers.find((m) => res.text.toLowerCase().includes(m.toLowerCase()));
        if (leaked) problems.push(`${route}: answer holds B's "${leaked}" (${res.status})`);
        await restoreCaller(ctx, caller, organizationA);
      }
    }
    console.log(`tenant isolation: ${tried} requests over ${ops.length} operations`);
    expect(tried).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 300_000);
});
