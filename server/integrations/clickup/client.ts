import { JSONParser } from "@streamparser/json";
import { badRequest } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { asArray, asObject, strOrNull, type Json } from "./decode";
import { schedulerFor, type RateLimitHeaders, type RequestScheduler } from "./rate-limit";
import {
  decodeFolder,
  decodeList,
  decodeSpace,
  decodeTask,
  decodeTeam,
  decodeTimeEntry,
  decodeUserRef,
  decodeWebhook,
  type CuFolder,
  type CuList,
  type CuSpace,
  type CuTask,
  type CuTeam,
  type CuTimeEntry,
  type CuUserRef,
  type CuWebhook,
} from "./types";

/** A non-2xx answer from ClickUp ({err, ECODE}), or a transport failure after retries. */
export class ClickUpApiError extends Error {
  constructor(
    readonly status: number,
    readonly ecode: string | null,
    readonly err: string,
    readonly path: string,
  ) {
    super(`ClickUp ${status}${ecode ? ` ${ecode}` : ""}: ${err} (${path})`);
    this.name = "ClickUpApiError";
  }

  /** 401/403: not accessible (clickup-api.md §6.2) — never retried, never "refresh the token". */
  get isAuth(): boolean {
    return this.status === 401 || this.status === 403;
  }

  /**
   * ClickUp says plainly that the object does not exist: a 404 with an item-level ECODE
   * (`ITEM_0xx`, clickup-api.md §6.2). Not a 404 about the workspace (`SHARD_031`,
   * `ACCESS_002`) or the route (`APP_001`).
   */
  get isItemNotFound(): boolean {
    return this.status === 404 && this.ecode !== null && this.ecode.startsWith("ITEM_");
  }

  /**
   * "Not found or not accessible" (clickup-api.md §6.2, §7 item 10: unknown ids answer 401,
   * not 404): `OAUTH_018` (unknown or inaccessible task/list ids) and the "Team(s) not
   * authorized" family that ClickUp also returns for invalid resource ids. Ambiguous — the
   * object may be deleted, out of this token's reach, or the whole workspace no longer
   * authorized — so never acted on without confirming (`ClickUpClient.confirmsGone`). Token
   * failures (`OAUTH_019`, `OAUTH_021`, `OAUTH_025`, `OAUTH_077`) and permission refusals
   * (`ACCESS_*`) are not in it.
   */
  get isNotFoundOrInaccessible(): boolean {
    return this.status === 401 && this.ecode !== null && NOT_FOUND_OR_INACCESSIBLE.has(this.ecode);
  }
}

const NOT_FOUND_OR_INACCESSIBLE = new Set([
  "OAUTH_018",
  "OAUTH_023",
  "OAUTH_026",
  "OAUTH_027",
  ...Array.from({ length: 17 }, (_, i) => `OAUTH_0${29 + i}`),
  "OAUTH_056",
]);

export interface ClickUpClientOptions {
  /** e.g. https://api.clickup.com/api/v2 */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  logger?: Logger;
  /** Per-request timeout (ms). */
  timeoutMs?: number;
  /** Retries after a 5xx, timeout, network error or malformed body. */
  maxRetries?: number;
  /** Retries after a 429 (each waits for the window reset). */
  maxRateLimitRetries?: number;
  /** First backoff delay (ms); doubles per retry, with jitter. */
  backoffMs?: number;
  /** Concurrent requests per token once the limit is known. */
  concurrency?: number;
  /** The token's scheduler (runtime.ts passes the database-backed one); default: in-process. */
  scheduler?: RequestScheduler;
  /** Called for every HTTP attempt (benchmarks count calls). */
  onAttempt?: (info: { method: string; path: string; status: number | null }) => void;
}

export type Query = Record<
  string,
  string | number | boolean | ReadonlyArray<string | number> | null | undefined
>;

/** Personal tokens go in the header as-is; OAuth tokens with `Bearer` (clickup-api.md §1). */
export function authorizationHeader(token: string): string {
  return token.startsWith("pk_") ? token : `Bearer ${token}`;
}

/** Visible ASCII only: what ClickUp's tokens are made of and what an HTTP header can carry. */
const WELL_FORMED_TOKEN = /^[\x21-\x7E]+$/;

/**
 * A token with a line break, a space or a non-ASCII character can never reach ClickUp (fetch
 * refuses the header): refuse it as malformed, naming the field, instead of retrying a request
 * that cannot be sent and answering "ClickUp is not answering".
 */
export function assertWellFormedToken(token: string): void {
  if (!WELL_FORMED_TOKEN.test(token)) {
    const message = "is malformed: paste the token exactly as ClickUp shows it (no spaces or line breaks)";
    throw badRequest(`The ClickUp token ${message}`, [{ field: "token", message }]);
  }
}

/** Array params use the `name[]` form, repeated (clickup-api.md §3.1). */
export function buildQuery(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith("[]") ? key : `${key}[]`;
      for (const v of value as ReadonlyArray<string | number>) params.append(name, String(v));
    } else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function rateHeaders(headers: Headers): RateLimitHeaders {
  const n = (name: string) => {
    const v = headers.get(name);
    if (v === null || v === "") return null;
    const x = Number(v);
    return Number.isFinite(x) ? x : null;
  };
  const date = headers.get("date");
  const serverDate = date ? Date.parse(date) : NaN;
  return {
    limit: n("x-ratelimit-limit"),
    remaining: n("x-ratelimit-remaining"),
    reset: n("x-ratelimit-reset"),
    serverDate: Number.isFinite(serverDate) ? serverDate : null,
  };
}

/**
 * Get Filtered Team Tasks (`GET /team/{id}/task`). It has no `archived` parameter in the OpenAPI
 * document, so none is sent: archived tasks are read per list (`getListTasksPage`).
 */
export interface TaskPageQuery {
  includeClosed?: boolean;
  subtasks?: boolean;
  orderBy?: "id" | "created" | "updated" | "due_date";
  reverse?: boolean;
  dateUpdatedGt?: number;
  listIds?: string[];
  spaceIds?: string[];
}

export interface TaskPage {
  tasks: CuTask[];
  lastPage: boolean;
}

/**
 * Typed ClickUp API v2 client: one token, rate-limit aware, retrying what is safe to retry.
 * The token never appears in a log line or an error message.
 */
/** Options of the safe creates (`createFolder`, `createList`, `createTask`). */
export interface SafeCreateOptions {
  /** Retries after an unknown outcome (each preceded by a lookup). Default: the client's `maxRetries`. */
  maxRetries?: number;
  /**
   * Folders and lists: adopt an existing one of the same name when even the first attempt
   * answers "name taken" (CAT_014 / SUBCAT_016). Default false: only a retry adopts.
   */
  adoptExisting?: boolean;
  /** Told once the create is settled: whether an existing object was adopted, and how many POSTs it took. */
  onOutcome?: (outcome: { adopted: boolean; attempts: number }) => void;
}

export interface CreateTaskOptions extends SafeCreateOptions {
  /** Which existing task counts as "the one the lost attempt created". Default: same name and parent. */
  adopt?: (existing: CuTask) => boolean;
}

/** A list to create (clickup-api-writes.md §2). */
export interface NewCuList {
  name: string;
  content?: string;
  dueDate?: number | null;
  /** Whether the time of day of `dueDate` counts (default false). */
  dueDateTime?: boolean;
  /** 1 urgent … 4 low. */
  priority?: number | null;
  /** A named colour ("red", "yellow"…), not a task status; hex values are refused (SUBCAT_104). */
  status?: string;
}

/** A task to create (clickup-api-writes.md §3.1); dates and estimate in ms, user ids as strings. */
export interface NewCuTask {
  name: string;
  description?: string;
  customItemId?: number | null;
  assignees?: string[];
  tags?: string[];
  status?: string;
  timeEstimateMs?: number | null;
  startDate?: number | null;
  dueDate?: number | null;
  /** Whether the time of day of `startDate` / `dueDate` counts (default false: a date only). */
  startDateTime?: boolean;
  dueDateTime?: boolean;
  parent?: string | null;
  /** Values in the API's write encoding (`clickup-api.md` §3.5). */
  customFields?: Array<{ id: string; value: unknown }>;
}

/** The task fields Agency Hub changes (`null` clears a date). */
export interface CuTaskPatch {
  name?: string;
  dueDate?: number | null;
  startDate?: number | null;
  /** Sent with the date (default false); ignored when the date is cleared. */
  dueDateTime?: boolean;
  startDateTime?: boolean;
  timeEstimateMs?: number | null;
  status?: string;
}

export class ClickUpClient {
  readonly baseUrl: string;
  private readonly token: string;
  private readonly fetchImpl: typeof fetch;
  private readonly scheduler: RequestScheduler;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRateLimitRetries: number;
  private readonly backoffMs: number;
  /** Number of HTTP attempts made by this client. */
  calls = 0;

  constructor(private readonly options: ClickUpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.token = options.token;
    this.fetchImpl = options.fetch ?? fetch;
    this.scheduler = options.scheduler ?? schedulerFor(options.token, options.concurrency ?? 4);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 5;
    this.maxRateLimitRetries = options.maxRateLimitRetries ?? 30;
    this.backoffMs = options.backoffMs ?? 500;
  }

  get rateLimit() {
    return this.scheduler.snapshot();
  }

  /**
   * One API call with scheduling, timeout and retries. Returns the parsed JSON body, or what
   * `opts.consume` made of a 2xx body read as a stream (see `BodyConsumer`). A body that cannot
   * be read to its end (connection dropped, timeout) or parsed is a transport failure, retried
   * like one, whatever status came before it.
   */
  async request<T = Json>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    opts: {
      query?: Query;
      body?: unknown;
      idempotent?: boolean;
      maxRetries?: number;
      consume?: BodyConsumer<T>;
    } = {},
  ): Promise<T> {
    assertWellFormedToken(this.token);
    const maxRetries = opts.maxRetries ?? this.maxRetries;
    const url = `${this.baseUrl}${path}${buildQuery(opts.query)}`;
    const idempotent = opts.idempotent ?? method !== "POST";
    let failures = 0;
    let limited = 0;
    for (;;) {
      await this.scheduler.acquire();
      let headers: RateLimitHeaders | null = null;
      let status: number | null = null;
      let text = "";
      let consumed: { value: T } | null = null;
      let transportError: string | null = null;
      const controller = new AbortController();
      // The timeout bounds the time spent waiting on ClickUp: a consumer's own work on what it
      // was handed (`outsideTimeout`) does not count.
      let timeLeft = this.timeoutMs;
      let armedAt = performance.now();
      let timer = setTimeout(() => controller.abort(), timeLeft);
      const outsideTimeout = async <R>(work: () => Promise<R>): Promise<R> => {
        clearTimeout(timer);
        timeLeft = Math.max(0, timeLeft - (performance.now() - armedAt));
        try {
          return await work();
        } finally {
          armedAt = performance.now();
          timer = setTimeout(() => controller.abort(), timeLeft);
        }
      };
      const started = performance.now();
      let answered: number | null = null;
      try {
        this.calls++;
        const res = await this.fetchImpl(url, {
          method,
          headers: {
            authorization: authorizationHeader(this.token),
            accept: "application/json",
            ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
          },
          body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
          signal: controller.signal,
        });
        status = answered = res.status;
        headers = rateHeaders(res.headers);
        if (opts.consume && status >= 200 && status < 300 && res.body)
          consumed = { value: await opts.consume(res.body, outsideTimeout) };
        else text = await res.text();
      } catch (err) {
        // The consumer's own failure (say, writing a batch) is not ClickUp's: never retried.
        if (err instanceof ConsumerFailure) throw err.cause;
        transportError = controller.signal.aborted
          ? "timeout"
          : err instanceof MalformedBodyError
            ? "malformed JSON body"
            : err instanceof Error
              ? err.message
              : String(err);
        // A 2xx whose body did not come (in full) is no answer: unknown, retried as a transport
        // failure (a refusal's status says enough without its body).
        if (status !== null && status >= 200 && status < 300) status = null;
      } finally {
        clearTimeout(timer);
        this.scheduler.release(headers);
      }
      this.options.onAttempt?.({ method, path, status: answered });
      const ms = Math.round(performance.now() - started);

      if (status === 429) {
        limited++;
        this.scheduler.exhausted(headers, this.backoff(limited));
        this.options.logger?.warn({ method, path, status, attempt: limited }, "clickup rate limited");
        if (limited > this.maxRateLimitRetries) throw this.errorFrom(status, text, path);
        continue;
      }

      if (status !== null && status >= 200 && status < 300) {
        if (consumed) return consumed.value;
        try {
          return (text ? JSON.parse(text) : {}) as T;
        } catch {
          transportError = "malformed JSON body";
          status = null;
        }
      }

      const retryable = status === null || status >= 500;
      if (retryable && (idempotent || status !== null) && failures < maxRetries) {
        failures++;
        const delay = this.backoff(failures);
        this.options.logger?.warn(
          { method, path, status, error: transportError, attempt: failures, retryInMs: delay, ms },
          "clickup request failed, retrying",
        );
        await sleep(delay);
        continue;
      }
      if (status === null) throw new ClickUpApiError(0, null, transportError ?? "request failed", path);
      throw this.errorFrom(status, text, path);
    }
  }

  private backoff(attempt: number): number {
    const base = this.backoffMs * 2 ** (attempt - 1);
    return Math.min(30_000, Math.round(base / 2 + Math.random() * base));
  }

  private errorFrom(status: number, text: string, path: string): ClickUpApiError {
    let body: Json = {};
    try {
      body = asObject(JSON.parse(text));
    } catch {
      /* not JSON */
    }
    // The 400 schemas of the OpenAPI document say `error`, live answers `err` (clickup-api-writes.md §5).
    const message = strOrNull(body.err) ?? strOrNull(body.error) ?? `HTTP ${status}`;
    return new ClickUpApiError(status, strOrNull(body.ECODE), message, path);
  }

  // ---- endpoints ------------------------------------------------------------------------

  async getUser(): Promise<CuUserRef> {
    const body = await this.request("GET", "/user");
    return decodeUserRef(asObject(body).user);
  }

  async getTeams(): Promise<CuTeam[]> {
    const body = await this.request("GET", "/team");
    return asArray(asObject(body).teams).map(decodeTeam);
  }

  async getSpaces(teamId: string, archived: boolean): Promise<CuSpace[]> {
    const body = await this.request("GET", `/team/${enc(teamId)}/space`, { query: { archived } });
    return asArray(asObject(body).spaces).map(decodeSpace);
  }

  async getFolders(spaceId: string, archived: boolean): Promise<CuFolder[]> {
    const body = await this.request("GET", `/space/${enc(spaceId)}/folder`, { query: { archived } });
    return asArray(asObject(body).folders).map(decodeFolder);
  }

  async getFolderLists(folderId: string, archived: boolean): Promise<CuList[]> {
    const body = await this.request("GET", `/folder/${enc(folderId)}/list`, { query: { archived } });
    return asArray(asObject(body).lists).map((l) => decodeList(l));
  }

  async getFolderlessLists(spaceId: string, archived: boolean): Promise<CuList[]> {
    const body = await this.request("GET", `/space/${enc(spaceId)}/list`, { query: { archived } });
    return asArray(asObject(body).lists).map((l) => decodeList(l, spaceId));
  }

  async getListMembers(listId: string): Promise<CuUserRef[]> {
    const body = await this.request("GET", `/list/${enc(listId)}/member`);
    return asArray(asObject(body).members).map(decodeUserRef);
  }

  /**
   * Whether `err`, answered to a call about one object of workspace `teamId`, means that object
   * is gone. The rule (clickup-api.md §6.2: "treat 401 on a resource call as not found or not
   * accessible … unless GET /user also fails"):
   * - 404 `ITEM_*`: gone.
   * - 401 "not found or not accessible" (`isNotFoundOrInaccessible`): confirmed with more calls —
   *   `stillThere` (e.g. a GET of the object) must fail the same way, and `GET /team` must answer
   *   and still list the workspace (the token works and may use it). Then the object is deleted or
   *   out of this token's reach, which is what a full sync with this token concludes too. If the
   *   workspace is no longer authorized, or the token no longer works, nothing is gone: false.
   * - anything else (revoked token, 404 `SHARD_031` / `APP_001`, 429, 5xx, a transport error): false.
   */
  async confirmsGone(err: unknown, teamId: string, stillThere?: () => Promise<unknown>): Promise<boolean> {
    if (!(err instanceof ClickUpApiError)) return false;
    if (err.isItemNotFound) return true;
    if (!err.isNotFoundOrInaccessible) return false;
    try {
      if (stillThere) {
        try {
          await stillThere();
          return false;
        } catch (again) {
          if (!(again instanceof ClickUpApiError)) return false;
          if (again.isItemNotFound) return true;
          if (!again.isNotFoundOrInaccessible) return false;
        }
      }
      return (await this.getTeams()).some((t) => t.id === teamId);
    } catch {
      return false;
    }
  }

  async getTask(taskId: string): Promise<CuTask> {
    return decodeTask(await this.request("GET", `/task/${enc(taskId)}`));
  }

  /** One page (0-based, up to 100 tasks) of Get Filtered Team Tasks. */
  async getTeamTasksPage(teamId: string, page: number, q: TaskPageQuery): Promise<TaskPage> {
    const body = asObject(
      await this.request("GET", `/team/${enc(teamId)}/task`, {
        query: {
          page,
          include_closed: q.includeClosed ?? true,
          subtasks: q.subtasks ?? true,
          order_by: q.orderBy,
          reverse: q.reverse,
          date_updated_gt: q.dateUpdatedGt,
          list_ids: q.listIds,
          space_ids: q.spaceIds,
        },
      }),
    );
    const tasks = asArray(body.tasks).map(decodeTask);
    // Stop on last_page; fall back to "a short page" when the flag is missing.
    const lastPage = typeof body.last_page === "boolean" ? body.last_page : tasks.length < 100;
    return { tasks, lastPage };
  }

  /**
   * One page (0-based, up to 100 tasks) of Get Tasks of one list: the tasks whose home is the
   * list. `archived: true` returns only its archived tasks — the documented way to read them.
   */
  async getListTasksPage(
    listId: string,
    page: number,
    q: { archived?: boolean; includeClosed?: boolean; subtasks?: boolean },
  ): Promise<TaskPage> {
    const body = asObject(
      await this.request("GET", `/list/${enc(listId)}/task`, {
        query: {
          page,
          archived: q.archived ?? false,
          include_closed: q.includeClosed ?? true,
          subtasks: q.subtasks ?? true,
        },
      }),
    );
    const tasks = asArray(body.tasks).map(decodeTask);
    const lastPage = typeof body.last_page === "boolean" ? body.last_page : tasks.length < 100;
    return { tasks, lastPage };
  }

  /** Every page of a team task query, starting at `fromPage`. */
  async *teamTaskPages(
    teamId: string,
    q: TaskPageQuery,
    fromPage = 0,
  ): AsyncGenerator<TaskPage & { page: number }> {
    for (let page = fromPage; ; page++) {
      const result = await this.getTeamTasksPage(teamId, page, q);
      yield { ...result, page };
      if (result.lastPage || result.tasks.length === 0) return;
    }
  }

  /** Time entries of `assignees` between two instants (not paginated, clickup-api.md §4.1). */
  async getTimeEntries(teamId: string, q: TimeEntryQuery): Promise<CuTimeEntry[]> {
    const body = await this.request("GET", `/team/${enc(teamId)}/time_entries`, {
      query: timeEntryQuery(q),
      maxRetries: q.maxRetries,
    });
    return asArray(asObject(body).data).map(decodeTimeEntry);
  }

  /**
   * `getTimeEntries` for a window too large to hold: the body is parsed as it arrives and the
   * decoded entries are handed to `onBatch` in batches of at most `batchSize`, in order, one at a
   * time (the next batch is parsed while one is written) — the whole response is never in memory.
   * Returns how many entries the response held. A retry (5xx, timeout, a body cut short) reads the response
   * again from its start, so entries of the failed attempt may be handed over twice: `onBatch`
   * must be idempotent (an upsert). A failure of `onBatch` is thrown as is, never retried.
   */
  async streamTimeEntries(
    teamId: string,
    q: TimeEntryQuery,
    onBatch: (entries: CuTimeEntry[]) => Promise<void>,
    batchSize = 5000,
  ): Promise<number> {
    return this.request("GET", `/team/${enc(teamId)}/time_entries`, {
      query: timeEntryQuery(q),
      maxRetries: q.maxRetries,
      consume: (body, outsideTimeout) =>
        streamArrayItems(body, "$.data.*", decodeTimeEntry, batchSize, (batch) =>
          outsideTimeout(() => onBatch(batch)),
        ),
    });
  }

  async getTimeEntry(teamId: string, timerId: string): Promise<CuTimeEntry | null> {
    const body = asObject(await this.request("GET", `/team/${enc(teamId)}/time_entries/${enc(timerId)}`));
    const data = Array.isArray(body.data) ? body.data[0] : body.data;
    return data ? decodeTimeEntry(data) : null;
  }

  async createTimeEntry(
    teamId: string,
    input: {
      start: number;
      duration: number;
      taskId?: string | null;
      description?: string;
      billable?: boolean;
      assignee?: string;
    },
  ): Promise<CuTimeEntry> {
    const body = asObject(
      await this.request("POST", `/team/${enc(teamId)}/time_entries`, {
        body: {
          start: input.start,
          duration: input.duration,
          ...(input.taskId ? { tid: input.taskId } : {}),
          description: input.description ?? "",
          billable: input.billable ?? false,
          ...(input.assignee ? { assignee: Number(input.assignee) } : {}),
        },
      }),
    );
    return decodeTimeEntry(body.data);
  }

  /**
   * `PUT /team/{team_id}/time_entries/{timer_id}`. The OpenAPI document marks `tags` as the one
   * required property of the body and offers `tag_action` = `replace` | `add` | `remove`; tags
   * sent without an action replace the entry's, so the former `tags: []` erased every label the
   * person had put on the entry in ClickUp. Decision: send `tags: []` with `tag_action: "add"` —
   * adding nothing satisfies the requirement and leaves the entry's tags as they are, without
   * having to know them (Agency Hub does not store time-entry tags) and without a read-modify-
   * write race against someone tagging the entry meanwhile. Agency Hub never changes tags.
   */
  async updateTimeEntry(
    teamId: string,
    timerId: string,
    patch: {
      start?: number;
      end?: number;
      duration?: number;
      description?: string;
      billable?: boolean;
      taskId?: string;
    },
  ): Promise<void> {
    await this.request("PUT", `/team/${enc(teamId)}/time_entries/${enc(timerId)}`, {
      body: {
        ...(patch.start !== undefined ? { start: patch.start } : {}),
        ...(patch.end !== undefined ? { end: patch.end } : {}),
        ...(patch.duration !== undefined ? { duration: patch.duration } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.billable !== undefined ? { billable: patch.billable } : {}),
        ...(patch.taskId !== undefined ? { tid: patch.taskId } : {}),
        tags: [],
        tag_action: "add",
      },
    });
  }

  async deleteTimeEntry(teamId: string, timerId: string): Promise<void> {
    await this.request("DELETE", `/team/${enc(teamId)}/time_entries/${enc(timerId)}`);
  }

  // ---- safe creates ----------------------------------------------------------------------
  // ClickUp has no idempotency keys (clickup-api-writes.md §6): a create whose outcome is
  // unknown (timeout, transport error, 5xx, a 2xx with a cut-off body) may have happened. It is
  // checked before it is retried, never blindly repeated: the parent is read and a match
  // adopted. 4xx refusals are final (429 waits in `request` as for reads). Without faults a
  // create costs exactly one call.

  /**
   * One POST, then lookups and retries as above. `nameTaken` (CAT_014/SUBCAT_016) on a retry
   * means the earlier attempt went through: look it up again and adopt it.
   */
  private async safeCreate<T>(
    what: string,
    path: string,
    body: unknown,
    decode: (raw: Json) => T,
    lookup: () => Promise<T | null>,
    opts: SafeCreateOptions & { nameTakenCode?: string },
  ): Promise<T> {
    const maxRetries = opts.maxRetries ?? this.maxRetries;
    let unknownOutcomes = 0;
    const adopted = (found: T, reason: "lookup" | "name_taken"): T => {
      this.options.logger?.info(
        { path, what, reason, attempts: unknownOutcomes + 1 },
        "clickup create adopted",
      );
      opts.onOutcome?.({ adopted: true, attempts: unknownOutcomes + 1 });
      return found;
    };
    for (;;) {
      if (unknownOutcomes > 0) {
        const found = await lookup();
        if (found !== null) return adopted(found, "lookup");
      }
      try {
        const result = decode(await this.request<Json>("POST", path, { body, maxRetries: 0 }));
        opts.onOutcome?.({ adopted: false, attempts: unknownOutcomes + 1 });
        return result;
      } catch (err) {
        if (!(err instanceof ClickUpApiError)) throw err;
        const unknown = err.status === 0 || err.status >= 500;
        if (!unknown) {
          const taken = opts.nameTakenCode !== undefined && err.ecode === opts.nameTakenCode;
          if (taken && (unknownOutcomes > 0 || opts.adoptExisting)) {
            const found = await lookup();
            if (found !== null) return adopted(found, "name_taken");
          }
          throw err;
        }
        if (unknownOutcomes >= maxRetries) throw err;
        unknownOutcomes++;
        const delay = this.backoff(unknownOutcomes);
        this.options.logger?.warn(
          { path, what, status: err.status, error: err.err, attempt: unknownOutcomes, retryInMs: delay },
          "clickup create outcome unknown, checking before retrying",
        );
        await sleep(delay);
      }
    }
  }

  /**
   * `POST /space/{id}/folder` (clickup-api-writes.md §1), safe to retry: after an unknown
   * outcome the space's folders are read and one of the same name (folder names are unique per
   * space, case-insensitive) is adopted.
   */
  async createFolder(spaceId: string, name: string, opts: SafeCreateOptions = {}): Promise<CuFolder> {
    return this.safeCreate(
      "folder",
      `/space/${enc(spaceId)}/folder`,
      { name },
      decodeFolder,
      async () => (await this.getFolders(spaceId, false)).find((f) => sameName(f.name, name)) ?? null,
      { ...opts, nameTakenCode: "CAT_014" },
    );
  }

  /** `POST /folder/{id}/list` (clickup-api-writes.md §2), safe to retry like `createFolder`. */
  async createList(folderId: string, input: NewCuList, opts: SafeCreateOptions = {}): Promise<CuList> {
    return this.safeCreate(
      "list",
      `/folder/${enc(folderId)}/list`,
      listBody(input),
      (raw) => decodeList(raw),
      async () =>
        (await this.getFolderLists(folderId, false)).find((l) => sameName(l.name, input.name)) ?? null,
      { ...opts, nameTakenCode: "SUBCAT_016" },
    );
  }

  /** `POST /space/{id}/list` (a folderless list), safe to retry like `createFolder`. */
  async createFolderlessList(
    spaceId: string,
    input: NewCuList,
    opts: SafeCreateOptions = {},
  ): Promise<CuList> {
    return this.safeCreate(
      "list",
      `/space/${enc(spaceId)}/list`,
      listBody(input),
      (raw) => decodeList(raw, spaceId),
      async () =>
        (await this.getFolderlessLists(spaceId, false)).find((l) => sameName(l.name, input.name)) ?? null,
      { ...opts, nameTakenCode: "SUBCAT_016" },
    );
  }

  /**
   * `POST /list/{id}/task` (clickup-api-writes.md §3.1), safe to retry: task names are not
   * unique, so after an unknown outcome the list's tasks (subtasks and closed ones included) are
   * read and the first one `opts.adopt` accepts (default: same name and same parent) is adopted;
   * none → the create is sent again.
   */
  async createTask(listId: string, input: NewCuTask, opts: CreateTaskOptions = {}): Promise<CuTask> {
    const parent = input.parent ?? null;
    const adopt = opts.adopt ?? ((t: CuTask) => t.name === input.name && (t.parentId ?? null) === parent);
    return this.safeCreate(
      "task",
      `/list/${enc(listId)}/task`,
      taskBody(input),
      decodeTask,
      async () => {
        for (let page = 0; ; page++) {
          const res = asObject(
            await this.request("GET", `/list/${enc(listId)}/task`, {
              query: { page, subtasks: true, include_closed: true },
            }),
          );
          const tasks = asArray(res.tasks).map(decodeTask);
          const found = tasks.find(adopt);
          if (found) return found;
          const last = typeof res.last_page === "boolean" ? res.last_page : tasks.length < 100;
          if (last || tasks.length === 0) return null;
        }
      },
      opts,
    );
  }

  /** `PUT /task/{id}` (clickup-api-writes.md §3.2): idempotent, retried like a read. */
  async updateTask(taskId: string, patch: CuTaskPatch): Promise<CuTask> {
    const body = await this.request("PUT", `/task/${enc(taskId)}`, {
      body: {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.dueDate !== undefined
          ? { due_date: patch.dueDate, due_date_time: patch.dueDate !== null && (patch.dueDateTime ?? false) }
          : {}),
        ...(patch.startDate !== undefined
          ? {
              start_date: patch.startDate,
              start_date_time: patch.startDate !== null && (patch.startDateTime ?? false),
            }
          : {}),
        ...(patch.timeEstimateMs !== undefined ? { time_estimate: patch.timeEstimateMs } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
      },
    });
    return decodeTask(body);
  }

  /** `POST /task/{id}/field/{field_id}` (clickup-api-writes.md §3.3): setting a value is idempotent. */
  async setCustomFieldValue(taskId: string, fieldId: string, value: unknown): Promise<void> {
    await this.request("POST", `/task/${enc(taskId)}/field/${enc(fieldId)}`, {
      body: { value },
      idempotent: true,
    });
  }

  async createWebhook(teamId: string, endpoint: string, events: string[] | "*"): Promise<CuWebhook> {
    const body = asObject(
      await this.request("POST", `/team/${enc(teamId)}/webhook`, { body: { endpoint, events } }),
    );
    return decodeWebhook({ ...asObject(body.webhook), id: body.id ?? asObject(body.webhook).id });
  }

  async getWebhooks(teamId: string): Promise<CuWebhook[]> {
    const body = await this.request("GET", `/team/${enc(teamId)}/webhook`);
    return asArray(asObject(body).webhooks).map(decodeWebhook);
  }

  async reactivateWebhook(webhookId: string, endpoint: string, events: string[] | "*"): Promise<void> {
    await this.request("PUT", `/webhook/${enc(webhookId)}`, { body: { endpoint, events, status: "active" } });
  }

  async deleteWebhook(webhookId: string): Promise<void> {
    await this.request("DELETE", `/webhook/${enc(webhookId)}`);
  }
}

const enc = encodeURIComponent;

/** The window of Get Time Entries (`GET /team/{id}/time_entries`). */
export interface TimeEntryQuery {
  startDate: number;
  endDate: number;
  assignees?: string[];
  taskId?: string;
  maxRetries?: number;
}

function timeEntryQuery(q: TimeEntryQuery): Query {
  return {
    start_date: q.startDate,
    end_date: q.endDate,
    assignee: q.assignees?.length ? q.assignees.join(",") : undefined,
    task_id: q.taskId,
  };
}

/**
 * Reads a 2xx body as a stream (`ClickUpClient.request`'s `consume`). Work on what was read goes
 * through `outsideTimeout`, so the request's timeout counts only the time spent waiting on ClickUp.
 * What it throws is a transport failure, retried like a cut-off body (`MalformedBodyError`: not
 * the JSON it should be), except a `ConsumerFailure`, whose cause — the consumer's own failure,
 * say writing a batch — is thrown as is.
 */
export type BodyConsumer<T> = (
  body: ReadableStream<Uint8Array>,
  outsideTimeout: <R>(work: () => Promise<R>) => Promise<R>,
) => Promise<T>;

/** A body that is not valid JSON, or that ended half-way. */
export class MalformedBodyError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "MalformedBodyError";
  }
}

/** A streaming consumer's own failure, carried out of `request` unretried. */
class ConsumerFailure {
  constructor(readonly cause: unknown) {}
}

/**
 * Parses a JSON body as it streams in (@streamparser/json), decoding each element of the array at
 * `path` (e.g. `$.data.*`) and handing them to `onBatch` by at most `batchSize`. One batch is
 * written while the next is parsed (parsing costs CPU here, writing mostly waits on the
 * database), never more: the reading waits for the batch in flight before handing over the next,
 * and the stream's backpressure holds the rest of the body at the socket. Each element is dropped
 * from the parser's tree once emitted (`keepStack: false`). A value at `path` whose parent is not
 * an array is ignored, like `asArray` does. Returns the number of elements.
 */
async function streamArrayItems<T>(
  body: ReadableStream<Uint8Array>,
  path: string,
  decode: (raw: unknown) => T,
  batchSize: number,
  onBatch: (batch: T[]) => Promise<void>,
): Promise<number> {
  const size = Math.max(1, Math.floor(batchSize));
  const parser = new JSONParser({ paths: [path], keepStack: false });
  let pending: T[] = [];
  let count = 0;
  parser.onValue = ({ value, parent }) => {
    if (Array.isArray(parent)) pending.push(decode(value));
  };
  let inFlight: Promise<void> | null = null;
  let failed: { error: unknown } | null = null;
  const settle = async () => {
    if (inFlight) await inFlight;
    inFlight = null;
    if (failed) throw new ConsumerFailure(failed.error);
  };
  const flush = async (all: boolean) => {
    while (pending.length >= size || (all && pending.length > 0)) {
      const batch = pending.length > size ? pending.splice(0, size) : pending;
      if (batch === pending) pending = [];
      count += batch.length;
      await settle();
      // Caught at once (no unhandled rejection while the next chunk is read), thrown by settle().
      inFlight = onBatch(batch).catch((error: unknown) => void (failed = { error }));
    }
  };
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      try {
        parser.write(value);
      } catch (err) {
        throw new MalformedBodyError(err);
      }
      await flush(false);
    }
    try {
      // A complete document ends the parser by itself; end() tells a cut-off one (or none) apart.
      if (!parser.isEnded) parser.end();
    } catch (err) {
      throw new MalformedBodyError(err);
    }
    await flush(true);
    await settle();
    return count;
  } catch (err) {
    // Stop the transfer of what is left (a failed batch, a malformed body); let the batch being
    // written finish before the request is over (its failure, if any, is the one reported).
    await reader.cancel().catch(() => undefined);
    await settle();
    throw err;
  } finally {
    reader.releaseLock();
  }
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function listBody(input: NewCuList): Json {
  return {
    name: input.name,
    ...(input.content ? { content: input.content } : {}),
    ...(input.dueDate != null ? { due_date: input.dueDate, due_date_time: input.dueDateTime ?? false } : {}),
    ...(input.priority != null ? { priority: input.priority } : {}),
    ...(input.status ? { status: input.status } : {}),
  };
}

function taskBody(input: NewCuTask): Json {
  return {
    name: input.name,
    ...(input.description ? { markdown_content: input.description } : {}),
    ...(input.customItemId != null ? { custom_item_id: input.customItemId } : {}),
    ...(input.assignees?.length ? { assignees: input.assignees.map(Number) } : {}),
    ...(input.tags?.length ? { tags: input.tags } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.timeEstimateMs != null ? { time_estimate: input.timeEstimateMs } : {}),
    ...(input.startDate != null
      ? { start_date: input.startDate, start_date_time: input.startDateTime ?? false }
      : {}),
    ...(input.dueDate != null ? { due_date: input.dueDate, due_date_time: input.dueDateTime ?? false } : {}),
    ...(input.parent ? { parent: input.parent } : {}),
    ...(input.customFields?.length ? { custom_fields: input.customFields } : {}),
  };
}

/** OAuth code exchange (clickup-api.md §1.2 step 4): POST /oauth/token → access_token. */
export async function exchangeOAuthCode(input: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): Promise<string> {
  const url = `${input.baseUrl.replace(/\/+$/, "")}/oauth/token`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), input.timeoutMs ?? 20_000);
  try {
    const res = await (input.fetch ?? fetch)(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        client_id: input.clientId,
        client_secret: input.clientSecret,
        code: input.code,
      }),
      signal: controller.signal,
    });
    const text = await res.text();
    let body: Json = {};
    try {
      body = asObject(JSON.parse(text));
    } catch {
      /* handled below */
    }
    const token = strOrNull(body.access_token);
    if (!res.ok || !token) {
      throw new ClickUpApiError(
        res.status,
        strOrNull(body.ECODE),
        strOrNull(body.err) ?? "Token exchange failed",
        "/oauth/token",
      );
    }
    return token;
  } finally {
    clearTimeout(timer);
  }
}

/** The consent page URL (clickup-api.md §1.2 step 2): the API base without `/api/v2`, plus `/api`. */
export function authorizeUrl(
  apiBaseUrl: string,
  clientId: string,
  redirectUri: string,
  state: string,
  loginHint?: string,
): string {
  const appBase =
    apiBaseUrl === "https://api.clickup.com/api/v2"
      ? "https://app.clickup.com"
      : apiBaseUrl.replace(/\/api\/v2\/?$/, "");
  const u = new URL(`${appBase}/api`);
  u.searchParams.set("client_id", clientId);
  u.searchParams.set("redirect_uri", redirectUri);
  u.searchParams.set("state", state);
  // Not a ClickUp parameter (ignored there); the simulator's consent page preselects this user.
  if (loginHint) u.searchParams.set("login_hint", loginHint);
  return u.toString();
}
