import type { SimState } from "./state";

/** One authorization request as the consent page receives it. */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  /** The `state` the app put in the authorize URL (the app signs it; the simulator does not). */
  state: string | null;
}

/**
 * Who may sign in on the consent page for one request, and which workspaces they may tick.
 * `any` is ClickUp's own behaviour as far as the simulator can tell (whoever is signed in);
 * `refuse` shows the message instead of the page and issues no code.
 */
export type ConsentDecision =
  | { kind: "any" }
  | { kind: "only"; userIds: readonly number[]; teamIds?: readonly string[] }
  | { kind: "refuse"; message: string };

/**
 * Decides, per request, which simulated users the consent page offers. The simulator has no
 * ClickUp login, so a host that lets other people reach it (the app's embedded simulator) must
 * bind each request to the accounts its caller owns; the decision is enforced again on the POST.
 */
export type ConsentPolicy = (
  request: ConsentRequest,
  state: SimState,
) => ConsentDecision | Promise<ConsentDecision>;

/** Anyone may sign in as anyone: tests and the standalone development simulator. */
export const OPEN_CONSENT: ConsentPolicy = () => ({ kind: "any" });

export function userAllowed(decision: ConsentDecision, userId: number): boolean {
  if (decision.kind === "any") return true;
  if (decision.kind === "refuse") return false;
  return decision.userIds.includes(userId);
}

export function teamAllowed(decision: ConsentDecision, teamId: string): boolean {
  if (decision.kind === "any") return true;
  if (decision.kind === "refuse") return false;
  return decision.teamIds === undefined || decision.teamIds.includes(teamId);
}
