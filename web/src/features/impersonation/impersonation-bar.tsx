import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye, X } from "lucide-react";
import { MESSAGES } from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import { useOrgId } from "@/features/dashboard/api";
import { ApiError, apiFetch } from "@/lib/api";
import {
  impersonationStateSchema,
  workspaceUsersResponseSchema,
  type WorkspaceUsersResponse,
} from "../../../../server/modules/impersonation/contract";

function useImpersonationMutations() {
  const org = useOrgId();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ["dashboard", org] });
    void queryClient.invalidateQueries({ queryKey: ["timesheet", org] });
  };
  const onError = (err: unknown) =>
    toast.error("Error", {
      description: err instanceof ApiError ? err.message : "Could not change the view",
    });
  const start = useMutation({
    mutationFn: (userId: string) =>
      apiFetch("/api/impersonation", impersonationStateSchema, { method: "POST", json: { userId } }),
    onSuccess: refresh,
    onError,
  });
  const stop = useMutation({
    mutationFn: () => apiFetch("/api/impersonation", impersonationStateSchema, { method: "DELETE" }),
    onSuccess: refresh,
    onError,
  });
  return { start, stop };
}

/** The admin's picker (spec §2): workspace users ordered by username; a failed list is only logged (§8). */
export function ImpersonationPicker() {
  const org = useOrgId();
  const users = useQuery({
    queryKey: ["impersonation", org, "users"],
    queryFn: async () => {
      try {
        return await apiFetch("/api/impersonation/users", workspaceUsersResponseSchema);
      } catch (err) {
        console.error("Failed to load workspace users", err);
        return { users: [] } satisfies WorkspaceUsersResponse;
      }
    },
    enabled: Boolean(org),
  });
  const { start } = useImpersonationMutations();
  const candidates = (users.data?.users ?? []).filter((u) => u.canImpersonate);
  return (
    <div className="flex items-center gap-2">
      <Eye aria-hidden className="size-4 text-muted-foreground" />
      <Select
        value=""
        onValueChange={(id) => start.mutate(id)}
        disabled={start.isPending || candidates.length === 0}
      >
        <SelectTrigger
          aria-label="View dashboard as"
          className="h-8 w-[13rem]"
          data-testid="impersonation-picker"
        >
          <SelectValue
            placeholder={candidates.length === 0 && !users.isPending ? "No members to view as" : "View as…"}
          />
        </SelectTrigger>
        <SelectContent>
          {candidates.map((u) => (
            <SelectItem key={u.id} value={u.id}>
              {u.username ?? u.displayName}
              <span className="ml-1 text-xs text-muted-foreground">{u.email}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** The orange banner while impersonating (spec §2) with 'Impersonated View' and 'Stop Impersonating'. */
export function ImpersonationBanner({ name }: { name: string }) {
  const { stop } = useImpersonationMutations();
  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-orange-300 bg-orange-100 px-4 py-2 text-orange-900"
    >
      <div className="flex items-center gap-2 text-sm">
        <Badge className="border-orange-400 bg-orange-500 text-white">
          {MESSAGES.dashboard.impersonatedView}
        </Badge>
        <span>
          Viewing the dashboard of <strong>{name}</strong>. Time logging is disabled.
        </span>
      </div>
      <Button
        size="sm"
        variant="outline"
        className="border-orange-400 bg-white/70 hover:bg-white"
        onClick={() => stop.mutate()}
        disabled={stop.isPending}
      >
        <X /> {MESSAGES.dashboard.stopImpersonating}
      </Button>
    </div>
  );
}
