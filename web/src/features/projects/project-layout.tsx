import { RefreshCw } from "lucide-react";
import { NavLink, Outlet, useLocation, useNavigate, useParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { SaveAsTemplateButton } from "@/features/templates/save-as-template";
import { cn } from "@/lib/cn";
import { projectKeys, useProject } from "./api";
import { ProjectDashboard } from "./project-dashboard";
import { ProjectHealth } from "./project-health";
import { ProjectHeaderCard } from "./project-header-card";
import { ProjectNotFound } from "./project-not-found";
import { ProjectTimeReport } from "./project-time-report";
import { useIsMobile } from "./use-is-mobile";

const DESKTOP_TABS = [
  { to: "dashboard", label: "Dashboard" },
  { to: "calendar", label: "Timeline" },
  { to: "time-report", label: "Time Report" },
  { to: "reports", label: "Health" },
];

export type MobileView = "dashboard" | "table" | "timeline";

/**
 * The mobile view a path selects (spec §2): calendar, dashboard and time-report map to the
 * timeline (Time) view, reports to the table; the index is the dashboard.
 */
export function mobileViewForPath(pathname: string, projectId: string): MobileView {
  const base = `/projects/${encodeURIComponent(projectId)}`;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\/+|\/+$/g, "") : "";
  if (rest === "reports") return "table";
  if (rest === "calendar" || rest === "dashboard" || rest === "time-report") return "timeline";
  return "dashboard";
}

const MOBILE_TABS: { view: MobileView; label: string; to: string }[] = [
  { view: "dashboard", label: "Dashboard", to: "" },
  { view: "table", label: "Table", to: "reports" },
  { view: "timeline", label: "Time", to: "time-report" },
];

/** /projects/:projectId — header card, then the child route (desktop tabs) or the mobile views. */
export function ProjectLayout() {
  const { projectId = "" } = useParams();
  const project = useProject(projectId);
  const isMobile = useIsMobile();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const org = currentWorkspace(useSession().data)?.id;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: projectKeys.project(org, projectId) });

  if (project.isPending) {
    return (
      <div className="mx-auto w-full max-w-7xl space-y-4 px-4 py-6 md:px-8" aria-busy="true">
        <Skeleton className="h-44 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (project.isError) {
    return <ProjectNotFound onRetry={() => void project.refetch()} />;
  }

  const view = mobileViewForPath(location.pathname, projectId);
  const base = `/projects/${encodeURIComponent(projectId)}`;

  return (
    <div className="mx-auto w-full max-w-7xl px-3 py-4 md:px-8 md:py-6">
      <ProjectHeaderCard
        project={project.data}
        actions={<SaveAsTemplateButton folderId={project.data.folderId} projectName={project.data.name} />}
      />
      {isMobile ? (
        <>
          <div className="mt-4 flex items-center gap-2">
            <div role="tablist" aria-label="Project views" className="flex flex-1 rounded-lg bg-muted p-1">
              {MOBILE_TABS.map((tab) => (
                <button
                  key={tab.view}
                  type="button"
                  role="tab"
                  aria-selected={view === tab.view}
                  onClick={() => void navigate(tab.to ? `${base}/${tab.to}` : base)}
                  className={cn(
                    "flex-1 rounded-md px-2 py-1.5 text-sm text-muted-foreground",
                    view === tab.view && "bg-background font-medium text-foreground shadow-xs",
                  )}
                >
                  {tab.label}
                </button>
              ))}
            </div>
            <Button variant="outline" size="icon" aria-label="Refresh" onClick={refresh}>
              <RefreshCw className={cn(project.isFetching && "animate-spin")} />
            </Button>
          </div>
          <div className="mt-4">
            {view === "dashboard" ? (
              <ProjectDashboard projectId={projectId} project={project.data} mobile />
            ) : view === "table" ? (
              <ProjectHealth projectId={projectId} />
            ) : location.pathname.endsWith("/calendar") ? (
              <Outlet />
            ) : (
              <ProjectTimeReport projectId={projectId} />
            )}
          </div>
        </>
      ) : (
        <>
          <nav aria-label="Project views" className="mt-6 flex items-center gap-1 border-b">
            {DESKTOP_TABS.map((t) => (
              <NavLink
                key={t.to}
                to={t.to}
                className={({ isActive }) =>
                  cn(
                    "-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground",
                    (isActive || (t.to === "dashboard" && location.pathname.replace(/\/$/, "") === base)) &&
                      "border-primary font-medium text-foreground",
                  )
                }
              >
                {t.label}
              </NavLink>
            ))}
            <Button variant="ghost" size="sm" className="mb-1 ml-auto" onClick={refresh}>
              <RefreshCw aria-hidden className={cn(project.isFetching && "animate-spin")} /> Refresh
            </Button>
          </nav>
          <div className="mt-6">
            <Outlet />
          </div>
        </>
      )}
    </div>
  );
}
