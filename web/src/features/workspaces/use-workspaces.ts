import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { MESSAGES } from "@domain/messages";
import { normalizeWorkspaceName } from "@domain/workspace";
import { toast } from "@/components/ui/toaster";
import { guardForm } from "@/features/auth/auth-api";
import { sessionQueryKey } from "@/features/session/use-session";
import { ApiError, apiFetch, apiSend } from "@/lib/api";
import { meResponseSchema } from "../../../../server/modules/session/contract";
import { workspaceSchema } from "./api";

/** Drop every cached query but the session: data of one workspace must never show in another. */
function resetWorkspaceData(queryClient: ReturnType<typeof useQueryClient>) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
}

/** Switch the current workspace (remembered on the server); toast 'Organization switched' / 'Switched to {name}'. */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) =>
      apiFetch("/api/me/current-workspace", meResponseSchema, { method: "PUT", json: { organizationId } }),
    onSuccess: (session, organizationId) => {
      resetWorkspaceData(queryClient);
      queryClient.setQueryData(sessionQueryKey, session);
      const name = session.organizations.find((o) => o.id === organizationId)?.name ?? "";
      const t = MESSAGES.organizationSwitched(name);
      toast.success(t.title, { description: t.description });
    },
    onError: () => {
      toast.error(MESSAGES.organizationsLoadFailed.title, {
        description: MESSAGES.organizationsLoadFailed.description,
      });
    },
  });
}

/**
 * Create a workspace (spec §5): trimmed, an empty name does nothing, one creation at a time.
 * Toasts 'Success' / 'Organization created successfully' or 'Error' / 'Failed to create organization'.
 */
export function useCreateWorkspace(options: { onCreated?: (id: string) => void } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (rawName: string) => {
      const name = normalizeWorkspaceName(rawName);
      if (!name) return null;
      guardForm("create-workspace", { name });
      // Read leniently: an answer without an id is the spec's 'no data' case, not a shape error.
      const created = await apiFetch(
        "/api/workspaces",
        workspaceSchema.pick({ id: true }).partial().nullable(),
        {
          method: "POST",
          json: { name },
        },
      );
      if (!created?.id) throw new Error(MESSAGES.organizationNoData);
      return { id: created.id };
    },
    onSuccess: async (created) => {
      if (!created) return;
      resetWorkspaceData(queryClient);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success(MESSAGES.organizationCreated.title, {
        description: MESSAGES.organizationCreated.description,
      });
      options.onCreated?.(created.id);
      void navigate("/");
    },
    onError: (err) => {
      const description =
        err instanceof Error && err.message === MESSAGES.organizationNoData
          ? MESSAGES.organizationNoData
          : err instanceof ApiError && err.status === 400
            ? err.message
            : MESSAGES.organizationCreateFailed.description;
      toast.error(MESSAGES.organizationCreateFailed.title, { description });
    },
  });
}

/** Global sign-out (spec §4, §8): ends every session, ignores 401/403/404, clears caches, goes to /auth. */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiSend("/api/auth/sign-out", { method: "POST", json: {} });
      } catch (err) {
        if (!(err instanceof ApiError && [401, 403, 404].includes(err.status))) throw err;
      }
    },
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      void navigate("/auth", { replace: true });
    },
  });
}
