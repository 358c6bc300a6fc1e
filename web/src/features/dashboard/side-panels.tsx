import { useState } from "react";
import { Link } from "react-router";
import { ChevronDown } from "lucide-react";
import {
  formatListDay,
  isOverdue,
  isFinishedStatus,
  MESSAGES,
  projectBadgeVariant,
  showProjectCount,
} from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useMyProjects, useOtherTasks } from "./api";
import { StatusPill } from "@/components/status-pill";

function PanelTitle({ children }: { children: string }) {
  return <h2 className="text-sm font-semibold tracking-wide text-muted-foreground">{children}</h2>;
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-2 pt-2">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-2/3" />
    </div>
  );
}

/**
 * MY PROJECTS (spec §2, §9): collapsible, at most 10, Needs Work first; opens the project detail.
 * When more projects have work for the person than the 10 shown, '+N more' says so and links to
 * All Projects (so the list agrees with the Assigned Projects count beside it).
 */
export function MyProjectsPanel({ onOpenProject }: { onOpenProject: (folderId: string) => void }) {
  const [open, setOpen] = useState(true);
  const projects = useMyProjects();
  return (
    <Collapsible
      open={open}
      onOpenChange={setOpen}
      className="min-w-0 rounded-xl border bg-card p-4 shadow-sm"
    >
      <CollapsibleTrigger className="flex w-full items-center justify-between rounded-md text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
        <PanelTitle>MY PROJECTS</PanelTitle>
        <ChevronDown
          aria-hidden
          className={cn("size-4 text-muted-foreground transition-transform", !open && "-rotate-90")}
        />
      </CollapsibleTrigger>
      <CollapsibleContent>
        {projects.isPending ? (
          <ListSkeleton />
        ) : projects.isError ? (
          <p className="pt-3 text-sm text-destructive">Could not load your projects.</p>
        ) : projects.data.projects.length === 0 ? (
          <p className="pt-3 text-sm text-muted-foreground">No projects with work assigned to you.</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y">
            {projects.data.projects.map((p) => (
              <li key={p.folderId}>
                <button
                  type="button"
                  data-testid="project-row"
                  onClick={() => onOpenProject(p.folderId)}
                  className="flex w-full items-center justify-between gap-2 rounded-md px-1 py-2 text-left text-sm hover:bg-accent"
                >
                  <span className="min-w-0 truncate font-medium">{p.projectName}</span>
                  <span className="flex shrink-0 items-center gap-1.5">
                    {p.urgentCount > 0 ? (
                      <span className="text-xs font-medium text-destructive" title="Due within 2 days">
                        {p.urgentCount} urgent
                      </span>
                    ) : null}
                    {showProjectCount(p) ? (
                      <span
                        data-testid="project-count"
                        className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground"
                        title="Outstanding revisions and open assignments"
                      >
                        {p.activityCount + p.assignmentCount}
                      </span>
                    ) : null}
                    <Badge variant={projectBadgeVariant(p.status, p.urgentCount)}>{p.status}</Badge>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {projects.data && projects.data.total > projects.data.projects.length ? (
          <p data-testid="my-projects-more" className="mt-1 px-1 text-xs text-muted-foreground">
            +{projects.data.total - projects.data.projects.length} more ·{" "}
            <Link to="/projects" className="font-medium text-foreground underline-offset-4 hover:underline">
              All Projects
            </Link>
          </p>
        ) : null}
      </CollapsibleContent>
    </Collapsible>
  );
}

/** OTHER TASKS (spec §9): at most 7, by due date with undated last. */
export function OtherTasksPanel({
  today,
  onOpenTask,
}: {
  today: string;
  onOpenTask: (taskId: string) => void;
}) {
  const other = useOtherTasks();
  return (
    <section className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
      <PanelTitle>OTHER TASKS</PanelTitle>
      {other.isPending ? (
        <ListSkeleton />
      ) : other.isError ? (
        <p className="pt-3 text-sm text-destructive">Could not load your tasks.</p>
      ) : other.data.tasks.length === 0 ? (
        <p className="pt-3 text-sm text-muted-foreground">No other open tasks.</p>
      ) : (
        <ul className="mt-2 flex flex-col divide-y">
          {other.data.tasks.map((t) => {
            const overdue = isOverdue(t.dueDate, today) && !isFinishedStatus(t.status);
            return (
              <li key={t.id}>
                <button
                  type="button"
                  data-testid="other-task"
                  onClick={() => onOpenTask(t.id)}
                  className="flex w-full flex-col gap-0.5 rounded-md px-1 py-2 text-left text-sm hover:bg-accent"
                >
                  <span className="truncate font-medium">{t.name}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <span className="truncate">{t.folderName}</span>
                    <span className={cn(overdue && "font-medium text-destructive")}>
                      {t.dueDate ? formatListDay(t.dueDate, today) : "No due date"}
                    </span>
                    <StatusPill status={t.status.status} rule="dashboard" />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** COMPANY ANNOUNCEMENTS (spec §2): always empty. */
export function AnnouncementsPanel() {
  return (
    <section className="min-w-0 rounded-xl border bg-card p-4 shadow-sm">
      <PanelTitle>COMPANY ANNOUNCEMENTS</PanelTitle>
      <p className="pt-3 text-sm text-muted-foreground">{MESSAGES.dashboard.noAnnouncements}</p>
    </section>
  );
}
