/**
 * Runs Agency Hub's ClickUp client against an in-process simulator through every operation in
 * operations.ts and records each HTTP exchange (what the client sent, what the simulator
 * answered). The contract check validates the exchanges against ClickUp's OpenAPI document; the
 * contract test parses the responses with the in-repo schemas (schemas.ts).
 */
import { ClickUpClient } from "../../../server/integrations/clickup/client";
import { SUBSCRIBED_EVENTS } from "../../../server/integrations/clickup/webhooks";
import { createClickUpSimulator, type ClickUpSimulator } from "../index";
import { matchOperation, type CoveredOperation } from "./operations";

export interface Exchange {
  operation: CoveredOperation;
  method: string;
  /** The request path without the server's `/api` prefix: `/v2/…`. */
  path: string;
  pathParams: Record<string, string>;
  /** Query parameters as sent; repeated names (`list_ids[]`) collect into arrays. */
  query: Record<string, string | string[]>;
  /** Request headers as sent (lower-case names), the authorization header left out. */
  requestHeaders: Record<string, string>;
  /** The parsed JSON request body, `undefined` when none was sent. */
  requestBody: unknown;
  status: number;
  responseBody: unknown;
  /** The answer was replaced by an injected fault (a lost response), not the handler's. */
  injected: boolean;
}

/** Wednesday 18 March 2026, 15:30 UTC (as in test-support.ts): the same demo week every run. */
const NOW = Date.UTC(2026, 2, 18, 15, 30);

function parseQuery(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const prev = out[key];
    if (prev === undefined) out[key] = key.endsWith("[]") ? [value] : value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A fetch for the client that goes to the simulator and records every exchange. */
function recordingFetch(sim: ClickUpSimulator, exchanges: Exchange[], unmatched: string[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const requestText = request.body ? await request.clone().text() : "";
    const res = await sim.fetch(request);
    const text = await res.clone().text();
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api(?=\/v2\/)/, "");
    const match = matchOperation(request.method, path);
    if (!match) unmatched.push(`${request.method} ${path}`);
    else
      exchanges.push({
        operation: match.operation,
        method: request.method,
        path,
        pathParams: match.pathParams,
        query: parseQuery(url.searchParams),
        requestHeaders: Object.fromEntries(
          [...request.headers].filter(([name]) => name.toLowerCase() !== "authorization"),
        ),
        requestBody: parseJson(requestText),
        status: res.status,
        responseBody: parseJson(text),
        injected: sim.stats.faultsInjected > injectedSeen.get(sim)!,
      });
    injectedSeen.set(sim, sim.stats.faultsInjected);
    return res;
  };
}

const injectedSeen = new WeakMap<ClickUpSimulator, number>();

export interface ExerciseResult {
  exchanges: Exchange[];
  /** Requests the client made that are not covered operations (should be none). */
  unmatched: string[];
}

/** Every covered operation at least once, through the client, against a fresh small demo agency. */
export async function exerciseClient(): Promise<ExerciseResult> {
  const sim = createClickUpSimulator({ seed: 7, agency: "small", rateLimitPerMinute: null, now: () => NOW });
  const exchanges: Exchange[] = [];
  const unmatched: string[] = [];
  injectedSeen.set(sim, sim.stats.faultsInjected);
  const client = new ClickUpClient({
    baseUrl: "http://clickup.sim/api/v2",
    token: sim.createPersonalToken(sim.demo.ownerUserId),
    fetch: recordingFetch(sim, exchanges, unmatched),
    backoffMs: 1,
  });
  try {
    // ---- reads of a full sync ---------------------------------------------------------------
    const user = await client.getUser();
    const [team] = await client.getTeams();
    if (!team) throw new Error("the demo agency has no workspace");
    const spaces = await client.getSpaces(team.id, false);
    await client.getSpaces(team.id, true);
    const space = spaces.find((s) => s.name === "CREATIVE") ?? spaces[0];
    if (!space) throw new Error("the demo workspace has no space");
    const folders = await client.getFolders(space.id, false);
    await client.getFolders(space.id, true);
    const folder = folders[0];
    if (!folder) throw new Error(`space ${space.name} has no folder`);
    const lists = await client.getFolderLists(folder.id, false);
    await client.getFolderLists(folder.id, true);
    await client.getFolderlessLists(space.id, false);
    await client.getFolderlessLists(space.id, true);
    const list = lists[0];
    if (!list) throw new Error(`folder ${folder.name} has no list`);
    await client.getListMembers(list.id);
    const page = await client.getTeamTasksPage(team.id, 0, {
      includeClosed: true,
      subtasks: true,
      orderBy: "updated",
      reverse: true,
      dateUpdatedGt: NOW - 30 * 86_400_000,
      listIds: [list.id],
      spaceIds: [space.id],
    });
    // Archived tasks the documented way: Get Tasks of a list with archived=true (the team
    // endpoint has no archived parameter in the document).
    await client.getListTasksPage(list.id, 0, { archived: true });
    const withFields = page.tasks.find((t) => t.customFields.length > 0) ?? page.tasks[0];
    if (!withFields) throw new Error(`list ${list.name} has no task`);
    const task = await client.getTask(withFields.id);
    const entries = await client.getTimeEntries(team.id, {
      startDate: NOW - 14 * 86_400_000,
      endDate: NOW,
      assignees: team.members.map((m) => m.id),
    });
    await client.getTimeEntries(team.id, { startDate: NOW - 86_400_000, endDate: NOW, taskId: task.id });
    if (entries.length === 0) throw new Error("the demo agency has no time entries");

    // ---- time-entry writes --------------------------------------------------------------------
    const entry = await client.createTimeEntry(team.id, {
      start: NOW - 3 * 3_600_000,
      duration: 3_600_000,
      taskId: task.id,
      description: "Contract check",
      billable: true,
      assignee: user.id,
    });
    await client.getTimeEntry(team.id, entry.id);
    await client.updateTimeEntry(team.id, entry.id, {
      start: NOW - 2 * 3_600_000,
      end: NOW - 3_600_000,
      duration: 3_600_000,
      description: "Contract check (edited)",
      billable: false,
      taskId: task.id,
    });
    await client.deleteTimeEntry(team.id, entry.id);

    // ---- template writes ----------------------------------------------------------------------
    const newFolder = await client.createFolder(space.id, "Contract Check Folder");
    await client.request("GET", `/folder/${newFolder.id}`);
    const newList = await client.createList(newFolder.id, {
      name: "Contract Check List",
      content: "Created by the contract check",
      dueDate: NOW + 7 * 86_400_000,
      dueDateTime: false,
      priority: 2,
      status: "red",
    });
    const folderless = await client.createFolderlessList(space.id, { name: "Contract Check Folderless" });
    await client.request("GET", `/list/${newList.id}`);
    const field = task.customFields.find((f) => f.type === "number" || f.type === "currency");
    const assignee = team.members.find((m) => m.role !== 4) ?? team.members[0];
    const parent = await client.createTask(newList.id, {
      name: "Contract check parent",
      description: "**Made** by the contract check",
      assignees: assignee ? [assignee.id] : [],
      tags: ["contract"],
      timeEstimateMs: 7_200_000,
      startDate: NOW,
      startDateTime: true,
      dueDate: NOW + 86_400_000,
      dueDateTime: false,
      ...(field ? { customFields: [{ id: field.id, value: 12 }] } : {}),
    });
    // A lost answer: the client looks the task up (GET /list/{id}/task) and adopts it.
    sim.faults.set({ applyThenFailNext: 1, methods: ["POST"], match: /\/list\/[^/]+\/task$/ });
    const child = await client.createTask(newList.id, { name: "Contract check child", parent: parent.id });
    sim.faults.clear();
    await client.updateTask(child.id, {
      name: "Contract check child (renamed)",
      dueDate: NOW + 2 * 86_400_000,
      dueDateTime: true,
      startDate: null,
      timeEstimateMs: 3_600_000,
    });
    await client.updateTask(child.id, { dueDate: null, timeEstimateMs: null });
    if (field) await client.setCustomFieldValue(parent.id, field.id, 42);
    await client.request("PUT", `/folder/${newFolder.id}`, { body: { name: "Contract Check Folder 2" } });
    await client.request("PUT", `/list/${newList.id}`, {
      body: { name: "Contract Check List 2", content: "Renamed" },
    });
    await client.request("DELETE", `/task/${child.id}`);
    await client.request("DELETE", `/list/${folderless.id}`);
    await client.request("DELETE", `/list/${newList.id}`);
    await client.request("DELETE", `/folder/${newFolder.id}`);

    // ---- webhooks, as the sync engine registers them -------------------------------------------
    const hook = await client.createWebhook(team.id, "https://hub.example.com/api/webhooks/clickup/1", [
      ...SUBSCRIBED_EVENTS,
    ]);
    await client.getWebhooks(team.id);
    await client.reactivateWebhook(hook.id, hook.endpoint, [...SUBSCRIBED_EVENTS]);
    await client.deleteWebhook(hook.id);
    return { exchanges, unmatched };
  } finally {
    sim.close();
  }
}
