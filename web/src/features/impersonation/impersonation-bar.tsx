import { useMutation, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { MESSAGES } from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { useOrgId } from "@/features/dashboard/api";
import { ApiError, apiFetch } from "@/lib/api";
import { impersonationStateSchema } from "../../../../server/modules/impersonation/contract";

/** Start and stop viewing as a member; both refresh what the view shows. */
export function useImpersonationMutations() {
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
