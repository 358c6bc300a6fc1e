import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, apiFetch } from "@/lib/api";
import { isPublicPath } from "@/lib/public-paths";
import { probablySignedIn, rememberSignedIn } from "@/lib/signed-in-hint";
import type { MeResponse } from "../../../../server/modules/session/contract";

export type { MeResponse } from "../../../../server/modules/session/contract";
export { probablySignedIn } from "@/lib/signed-in-hint";

/** One of the signed-in user's workspaces, with their role in it. */
export type SessionWorkspace = MeResponse["organizations"][number];

export const sessionQueryKey = ["session"] as const;

/**
 * On the screens signed-out visitors are expected on (lib/public-paths.ts: the landing page,
 * sign-in, legal pages, invitations) a browser not known to be signed in asks better-auth first
 * (200 null, no console 401). Any other screen asks /api/me at once — one round trip less before
 * a dashboard — and a 401 there sends to /auth.
 */
function askBetterAuthFirst(): boolean {
  return !probablySignedIn() && isPublicPath(globalThis.location?.pathname ?? "");
}

async function fetchSession(): Promise<MeResponse | null> {
  const schemas = import("./session-schemas");
  if (askBetterAuthFirst()) {
    const { authSessionSchema } = await schemas;
    if (!(await apiFetch("/api/auth/get-session", authSessionSchema))) return null;
  }
  try {
    const me = await apiFetch("/api/me", (await schemas).meResponseSchema);
    rememberSignedIn(true);
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      rememberSignedIn(false);
      return null;
    }
    throw err;
  }
}

/** The session query (main.tsx starts it before the first screen's code has loaded). */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSession,
  staleTime: 5 * 60 * 1000,
});

/** The signed-in user and their workspaces; null when signed out. */
export function useSession() {
  const query = useQuery(sessionQuery);
  // Signing out sets the session to null without asking the server: forget the hint too.
  useEffect(() => {
    if (query.data === null) rememberSignedIn(false);
  }, [query.data]);
  return query;
}

export function currentWorkspace(session: MeResponse | null | undefined): SessionWorkspace | undefined {
  if (!session) return undefined;
  return (
    session.organizations.find((o) => o.id === session.currentOrganizationId) ?? session.organizations[0]
  );
}
