import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";

/**
 * Live refresh: while mounted, listen to /api/live (server-sent events fed by Postgres
 * LISTEN/NOTIFY, so a sync on any instance reaches us) and invalidate this workspace's
 * dashboard, timesheet and project queries when its data changes. EventSource reconnects by itself.
 */
export function useLiveRefresh(org: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!org || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/live");
    const onChange = () => {
      for (const root of ["dashboard", "timesheet", "projects"]) {
        void queryClient.invalidateQueries({ queryKey: [root, org] });
      }
    };
    source.addEventListener("workspace-changed", onChange);
    return () => {
      source.removeEventListener("workspace-changed", onChange);
      source.close();
    };
  }, [org, queryClient]);
}
