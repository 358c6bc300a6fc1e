import type { Context } from "hono";
import type { SlackAuth } from "./auth";
import type { ConsentPolicy } from "./consent";
import type { SlackFaults } from "./faults";
import type { SlackRateLimiter } from "./rate-limit";
import type { SlackState } from "./state";
import type { SlackStats } from "./stats";

/** Per-request variables set by the simulator's middleware. */
export type SlackEnv = {
  Variables: {
    /** Origin plus mount prefix, e.g. "http://localhost:3000/__sim/slack". */
    baseUrl: string;
    /** Mount prefix only ("" when mounted at the root). */
    mountPath: string;
  };
};

export type SlackCtx = Context<SlackEnv>;

/** Everything route handlers need. */
export interface SlackServices {
  state: SlackState;
  auth: SlackAuth;
  consent: ConsentPolicy;
  faults: SlackFaults;
  stats: SlackStats;
  rateLimiter: SlackRateLimiter;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
