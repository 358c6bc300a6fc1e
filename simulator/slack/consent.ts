import type { SlackState } from "./state";

/** One authorization request as the consent page receives it. */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  /** The `state` the app put in the authorize URL (the app signs it; the simulator does not). */
  state: string | null;
}

/**
 * Which simulated workspaces (and, optionally, people) the consent page offers for one request;
 * `refuse` shows the message instead of the page and issues no code. Same idea as the ClickUp
 * simulator's consent policy (simulator/clickup/consent.ts).
 */
export type ConsentDecision =
  | { kind: "any" }
  | { kind: "only"; teamIds: readonly string[]; userIds?: readonly string[] }
  | { kind: "refuse"; message: string };

export type ConsentPolicy = (
  request: ConsentRequest,
  state: SlackState,
) => ConsentDecision | Promise<ConsentDecision>;

/** Anyone may approve for any workspace: tests and the standalone development simulator. */
export const OPEN_CONSENT: ConsentPolicy = () => ({ kind: "any" });

export function teamAllowed(decision: ConsentDecision, teamId: string): boolean {
  if (decision.kind === "any") return true;
  if (decision.kind === "refuse") return false;
  return decision.teamIds.includes(teamId);
}

export function userAllowed(decision: ConsentDecision, userId: string): boolean {
  if (decision.kind === "any") return true;
  if (decision.kind === "refuse") return false;
  return decision.userIds === undefined || decision.userIds.includes(userId);
}
