import { z } from "zod";
import type { Role } from "./permissions";

/**
 * Workspace name (spec §5): required and trimmed. Returns the trimmed name, or `null` for an empty
 * one — in which case creation does nothing.
 */
export function normalizeWorkspaceName(name: string | null | undefined): string | null {
  const trimmed = (name ?? "").trim();
  return trimmed === "" ? null : trimmed;
}

/** Server-side schema of a workspace name: trimmed, at least one character. */
export const workspaceNameSchema = z.string().trim().min(1);

/** A membership as listed for the user menu (spec §3 user_organizations with organization). */
export interface WorkspaceMembership {
  organizationId: string;
  role: Role;
  /** Membership creation time; the fallback workspace is the earliest. */
  createdAt: Date | string | number;
}

/**
 * The current workspace (spec §4): the remembered one if the user still belongs to it, else the
 * first membership ordered by creation (earliest `createdAt`, ties by input order); `null` when
 * the user has none (the route gate then sends them to /setup).
 */
export function pickCurrentWorkspace<M extends WorkspaceMembership>(
  memberships: readonly M[],
  rememberedId: string | null | undefined,
): M | null {
  const remembered = rememberedId ? memberships.find((m) => m.organizationId === rememberedId) : undefined;
  if (remembered) return remembered;
  let earliest: M | null = null;
  let earliestMs = Number.POSITIVE_INFINITY;
  for (const membership of memberships) {
    const raw = membership.createdAt;
    const ms = raw instanceof Date ? raw.getTime() : typeof raw === "number" ? raw : Date.parse(raw);
    const key = Number.isFinite(ms) ? ms : Number.POSITIVE_INFINITY;
    if (earliest === null || key < earliestMs) {
      earliest = membership;
      earliestMs = key;
    }
  }
  return earliest;
}

export type RouteGateDecision = "loading" | "redirect-auth" | "redirect-setup" | "allow";

/**
 * The protected route gate (spec §2): a spinner while loading; no user → /auth; a user without
 * organizations → /setup; otherwise the page.
 */
export function protectedRouteDecision(state: {
  loading: boolean;
  hasUser: boolean;
  organizationCount: number;
}): RouteGateDecision {
  if (state.loading) return "loading";
  if (!state.hasUser) return "redirect-auth";
  if (state.organizationCount < 1) return "redirect-setup";
  return "allow";
}
