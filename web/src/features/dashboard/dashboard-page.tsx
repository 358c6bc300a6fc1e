import { lazy, startTransition, Suspense, useDeferredValue, useEffect, useState } from "react";
import { Link } from "react-router";
import { CalendarClock, FolderKanban, Link2 } from "lucide-react";
import { avatarLetter, MESSAGES } from "@domain/index";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ImpersonationBanner } from "@/features/impersonation/impersonation-bar";
import { cn } from "@/lib/cn";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { useDashboardSummary, useOrgId } from "./api";
import { MyWeek, MyWeekSkeleton } from "./my-week";
import { AnnouncementsPanel, MyProjectsPanel, OtherTasksPanel } from "./side-panels";
import { useLiveRefresh } from "./use-live-refresh";

/** The approvals inbox, fetched after the dashboard is drawn (its PO contract stays out of this chunk). */
const PurchaseOrderApprovalsCard = lazy(() =>
  import("@/features/purchase-orders/approvals-card").then((m) => ({
    default: m.PurchaseOrderApprovalsCard,
  })),
);

/*
 * What the dashboard shows only on request loads after it is drawn (issue 10 §4: a phone's first
 * load is bound by the bytes and the script it runs before the greeting paints): the timesheet and
 * the detail dialogs when first opened (the timesheet's code when the pointer or focus reaches its
 * button), the admin's "View as" picker (Radix Select) as soon as the page is up.
 */
const loadTimesheet = () => import("@/features/timesheet/timesheet-dialog");
const TimesheetDialog = lazy(() => loadTimesheet().then((m) => ({ default: m.TimesheetDialog })));
const TaskDetailDialog = lazy(() =>
  import("./detail-dialogs").then((m) => ({ default: m.TaskDetailDialog })),
);
const ProjectDetailDialog = lazy(() =>
  import("./detail-dialogs").then((m) => ({ default: m.ProjectDetailDialog })),
);
const ImpersonationPicker = lazy(() =>
  import("@/features/impersonation/impersonation-picker").then((m) => ({ default: m.ImpersonationPicker })),
);

/**
 * The page in stages (issue 10 §4), each rendered once the one before has painted: 0 the greeting
 * and the two figures, 1 the week, 2 the panels. The greeting, the page's largest text, no longer
 * waits for dozens of task cards to be built and laid out, and no stage is one long task for a
 * phone: each renders as a transition React splits into short slices. Skeletons hold the places of
 * what is still to come, so nothing moves.
 */
function useStages(ready: boolean, last: number): number {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (!ready || stage >= last) return;
    const next = () => startTransition(() => setStage(stage + 1));
    // A timeout queued by an animation frame runs once that frame is painted; the plain timeout is
    // there for a tab in the background, where frames wait.
    let timeout = 0;
    const frame = requestAnimationFrame(() => {
      clearTimeout(timeout);
      timeout = window.setTimeout(next, 0);
    });
    timeout = window.setTimeout(next, 100);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }, [ready, stage, last]);
  return stage;
}

/** The personal dashboard (spec §2) of the signed-in user, or of the member an admin views as. */
export function DashboardPage() {
  const org = useOrgId();
  useLiveRefresh(org);
  const summary = useDashboardSummary();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [timesheetOpen, setTimesheetOpen] = useState(false);
  const taskDialog = useOpenedOnce(taskId !== null);
  const projectDialog = useOpenedOnce(folderId !== null);
  const timesheetDialog = useOpenedOnce(timesheetOpen);

  /*
   * The summary's answer arrives as an urgent update; the page it reveals is rendered as a deferred
   * one (the skeleton stays meanwhile), which React splits into short slices instead of one long
   * task that blocks input (issue 10 §4: Total Blocking Time).
   */
  const data = useDeferredValue(summary.data);
  const stage = useStages(Boolean(data), 2);

  if (summary.isPending || !org) return <DashboardSkeleton />;
  if (summary.isError) {
    return (
      <Frame>
        <p className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-sm text-destructive">
          The dashboard could not be loaded. Refresh the page to try again.
        </p>
      </Frame>
    );
  }
  if (!data) return <DashboardSkeleton />;
  const s = data;
  const impersonating = s.impersonation.active;
  const controls = impersonating ? (
    <ImpersonationBanner name={s.impersonation.user?.displayName ?? "this member"} />
  ) : s.canImpersonate ? (
    <div className="flex justify-end">
      {/* The picker's size while its code loads: the page below does not move when it arrives. */}
      <Suspense fallback={<div aria-hidden className="h-8 w-[14.5rem]" />}>
        <ImpersonationPicker />
      </Suspense>
    </div>
  ) : null;

  if (!s.connected) {
    return (
      <Frame>
        {controls}
        <div className="flex flex-col items-center justify-center rounded-xl border bg-card px-6 py-16 text-center shadow-sm">
          <Link2 aria-hidden className="mb-3 size-8 text-muted-foreground" />
          <h1 className="text-xl font-semibold">{MESSAGES.dashboard.connectHeading}</h1>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">{MESSAGES.dashboard.connectText}</p>
          {impersonating ? null : (
            <Button asChild className="mt-4">
              <Link to="/settings">{MESSAGES.dashboard.goToSettings}</Link>
            </Button>
          )}
        </div>
      </Frame>
    );
  }

  const username = s.username ?? "";
  const bookedDisabled = !s.canLogTime;
  return (
    <Frame>
      {controls}
      <header className="flex items-center gap-3">
        <div
          aria-hidden
          data-testid="greeting-avatar"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        >
          {avatarLetter(s.username)}
        </div>
        <h1 className="text-2xl font-semibold tracking-tight" data-testid="greeting">
          {MESSAGES.dashboard.greeting(username)}
        </h1>
      </header>

      <div className="grid grid-cols-2 gap-3 sm:max-w-xl">
        <div className="rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <FolderKanban aria-hidden className="size-4" /> Assigned Projects
          </div>
          <div data-testid="assigned-projects" className="mt-1 text-2xl font-semibold tabular-nums">
            {s.assignedProjectsCount}
          </div>
        </div>
        <button
          type="button"
          data-testid="booked-today"
          disabled={bookedDisabled}
          onClick={() => setTimesheetOpen(true)}
          onPointerEnter={bookedDisabled ? undefined : () => void loadTimesheet()}
          onFocus={bookedDisabled ? undefined : () => void loadTimesheet()}
          title={
            bookedDisabled ? "Time logging is disabled while impersonating" : "Open the weekly timesheet"
          }
          className={cn(
            "rounded-xl border bg-card p-4 text-left shadow-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            bookedDisabled ? "cursor-not-allowed opacity-60" : "hover:bg-accent",
          )}
        >
          <div className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <CalendarClock aria-hidden className="size-4" /> Booked Today
          </div>
          <div
            data-testid="booked-today-percent"
            className={cn(
              "mt-1 text-2xl font-semibold tabular-nums",
              s.bookedToday.percent > 100 && "text-destructive",
            )}
          >
            {s.bookedToday.percent}%
          </div>
        </button>
      </div>

      {stage >= 1 ? <MyWeek today={s.today} onOpenTask={setTaskId} /> : <MyWeekSkeleton />}

      {impersonating || stage < 2 ? null : (
        <Suspense fallback={null}>
          <PurchaseOrderApprovalsCard today={s.today} />
        </Suspense>
      )}

      {stage >= 2 ? (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-3 [&>*]:min-w-0">
          <MyProjectsPanel onOpenProject={setFolderId} />
          <OtherTasksPanel today={s.today} onOpenTask={setTaskId} />
          <AnnouncementsPanel />
        </div>
      ) : (
        <PanelsSkeleton />
      )}

      {taskDialog ? (
        <Suspense fallback={null}>
          <TaskDetailDialog taskId={taskId} onClose={() => setTaskId(null)} />
        </Suspense>
      ) : null}
      {projectDialog ? (
        <Suspense fallback={null}>
          <ProjectDetailDialog folderId={folderId} onClose={() => setFolderId(null)} />
        </Suspense>
      ) : null}
      {s.canLogTime && timesheetDialog ? (
        <Suspense fallback={null}>
          <TimesheetDialog open={timesheetOpen} onClose={() => setTimesheetOpen(false)} today={s.today} />
        </Suspense>
      ) : null}
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6 md:px-8">{children}</div>;
}

function DashboardSkeleton() {
  return (
    <Frame>
      <div data-testid="dashboard-skeleton" className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-full" />
        <Skeleton className="h-7 w-48" />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:max-w-xl">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <MyWeekSkeleton />
      <PanelsSkeleton />
    </Frame>
  );
}

/** The three panels while they load. */
function PanelsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Skeleton className="h-40" />
      <Skeleton className="h-40" />
      <Skeleton className="h-40" />
    </div>
  );
}
