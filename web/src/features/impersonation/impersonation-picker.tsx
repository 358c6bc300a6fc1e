import { useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useOrgId } from "@/features/dashboard/api";
import { apiFetch } from "@/lib/api";
import {
  workspaceUsersResponseSchema,
  type WorkspaceUsersResponse,
} from "../../../../server/modules/impersonation/contract";
import { useImpersonationMutations } from "./impersonation-bar";

/*
 * Its own module: the dashboard loads it after it is drawn (dashboard-page.tsx), so the Select it
 * is built on (Radix Select, floating-ui: ~15 KiB compressed) is not on the first load's path.
 */

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
