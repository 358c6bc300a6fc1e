import { createPrng, type Prng } from "./prng";

/**
 * Fault injection switched on by tests. All random decisions use a PRNG reseeded on every
 * `set()`, so a given configuration produces the same failures in the same order each run.
 */
export interface FaultConfig {
  /** PRNG seed for this configuration (default: the simulator seed). */
  seed?: number;
  /** Probability that an API request fails with a 5xx before it is handled. */
  error5xxRate?: number;
  /** Statuses to pick from for injected 5xx errors (default 500, 502, 503). */
  error5xxStatuses?: number[];
  /** Extra latency (ms) added to every matching API request. */
  slowMs?: number;
  /** Probability that a response body is cut off mid-JSON (the request itself is applied). */
  malformedRate?: number;
  /** The next n matching API requests fail (before being handled). */
  failNextRequests?: number;
  /** Status for `failNextRequests` (default 500; 429 gives the rate-limit body). */
  failNextStatus?: number;
  /** Only API paths (below the mount point, e.g. "/api/v2/team/1/task") matching this are affected. */
  match?: string | RegExp;
  /** Only these HTTP methods are affected (e.g. ["POST"] to fail creates but not the reads that check them). */
  methods?: string[];
  /**
   * "Apply then fail": the next n matching requests are handled (the write happens, webhooks
   * fire) but the response is lost: replaced by `applyThenFailStatus`, or the connection hangs.
   * This is what a timed-out create looks like from the client.
   */
  applyThenFailNext?: number;
  /** Probability of an apply-then-fail on each matching request. */
  applyThenFailRate?: number;
  /** A 5xx status (default 502), or "hang": no answer until the client gives up (or `hangMs`, then 504). */
  applyThenFailStatus?: number | "hang";
  /** Longest hang (ms) before the simulator answers 504 itself (default 30 000). */
  hangMs?: number;
  /** Drop webhook deliveries: `true` for all, or a probability. */
  dropWebhooks?: boolean | number;
  /** Probability that a webhook delivery is sent twice (ClickUp does not promise exactly-once). */
  duplicateWebhookRate?: number;
  /** Delay before each webhook delivery attempt (ms). */
  webhookDelayMs?: number;
}

export interface RequestFault {
  /** Status to fail with before running the handler, or null. */
  failStatus: number | null;
  slowMs: number;
  malformed: boolean;
  /** Run the handler, then lose its response: a status to answer instead, or "hang". */
  applyThenFail: { status: number | "hang"; hangMs: number } | null;
}

export interface WebhookFault {
  drop: boolean;
  duplicate: boolean;
  delayMs: number;
}

export class Faults {
  private config: FaultConfig = {};
  private prng: Prng;
  private remainingFailures = 0;
  private remainingApplyThenFail = 0;

  constructor(private readonly defaultSeed: number) {
    this.prng = createPrng(defaultSeed ^ 0xfa17);
  }

  /** Replace the active fault configuration (and restart its random sequence). */
  set(config: FaultConfig): void {
    this.config = { ...config };
    this.prng = createPrng((config.seed ?? this.defaultSeed) ^ 0xfa17);
    this.remainingFailures = config.failNextRequests ?? 0;
    this.remainingApplyThenFail = config.applyThenFailNext ?? 0;
  }

  clear(): void {
    this.set({});
  }

  get current(): Readonly<FaultConfig> & { remainingFailures: number; remainingApplyThenFail: number } {
    return {
      ...this.config,
      remainingFailures: this.remainingFailures,
      remainingApplyThenFail: this.remainingApplyThenFail,
    };
  }

  private matches(path: string, method: string | undefined): boolean {
    const { match, methods } = this.config;
    if (methods && method && !methods.some((m) => m.toUpperCase() === method.toUpperCase())) return false;
    if (match === undefined) return true;
    return typeof match === "string" ? path.includes(match) : match.test(path);
  }

  forRequest(path: string, method?: string): RequestFault {
    const none: RequestFault = { failStatus: null, slowMs: 0, malformed: false, applyThenFail: null };
    if (!this.matches(path, method)) return none;
    const c = this.config;
    const fault: RequestFault = { ...none, slowMs: c.slowMs ?? 0 };
    if (this.remainingFailures > 0) {
      this.remainingFailures--;
      fault.failStatus = c.failNextStatus ?? 500;
      return fault;
    }
    if (c.error5xxRate && this.prng.chance(c.error5xxRate)) {
      fault.failStatus = this.prng.pick(c.error5xxStatuses?.length ? c.error5xxStatuses : [500, 502, 503]);
      return fault;
    }
    let lose = false;
    if (this.remainingApplyThenFail > 0) {
      this.remainingApplyThenFail--;
      lose = true;
    } else if (c.applyThenFailRate && this.prng.chance(c.applyThenFailRate)) lose = true;
    if (lose) {
      fault.applyThenFail = { status: c.applyThenFailStatus ?? 502, hangMs: c.hangMs ?? 30_000 };
      return fault;
    }
    if (c.malformedRate && this.prng.chance(c.malformedRate)) fault.malformed = true;
    return fault;
  }

  forWebhook(): WebhookFault {
    const c = this.config;
    const drop =
      c.dropWebhooks === true || (typeof c.dropWebhooks === "number" && this.prng.chance(c.dropWebhooks));
    const duplicate = !drop && !!c.duplicateWebhookRate && this.prng.chance(c.duplicateWebhookRate);
    return { drop, duplicate, delayMs: c.webhookDelayMs ?? 0 };
  }
}
