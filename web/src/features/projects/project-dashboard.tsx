import { useState } from "react";
import { AlertTriangle, CalendarClock, CheckCircle2, ListTodo, Users } from "lucide-react";
import { clampPercent, formatListDay, MESSAGES, sortTeamMembers, type TaskPriority } from "@domain/index";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import {
  useProject,
  useProjectSummary,
  useProjectTeam,
  useProjectUserTasks,
  type ProjectHeader,
} from "./api";
import { StatusPill } from "@/components/status-pill";

/** The project dashboard (index and /dashboard): summary, upcoming milestones, team, a person's tasks. */
export function ProjectDashboard({
  projectId,
  project,
  mobile = false,
}: {
  projectId: string;
  project?: ProjectHeader;
  mobile?: boolean;
}) {
  const header = useProject(projectId);
  const summary = useProjectSummary(projectId);
  const team = useProjectTeam(projectId);
  const [mode, setMode] = useState<"mine" | "team">("mine");
  const [chosen, setChosen] = useState<string | null>(null);
  const p = project ?? header.data;
  const today = Date.now();

  const members = team.data?.members ?? [];
  const shown = mobile ? sortTeamMembers(members) : sortTeamMembers(members, members.length);
  const teamPick = chosen ?? shown[0]?.id ?? null;
  const assignee = mode === "mine" ? "me" : (teamPick ?? "me");
  const chosenName =
    mode === "mine" ? "My Tasks" : (members.find((m) => m.id === teamPick)?.name ?? "All Team");

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {mobile && p ? <DateProgress project={p} /> : null}

      <section aria-label="Task summary" className="grid grid-cols-3 gap-3 lg:col-span-3">
        {summary.isError ? (
          <p className="col-span-3 text-sm text-destructive">{MESSAGES.project.taskSummaryFailed}</p>
        ) : (
          <>
            <Stat icon={ListTodo} label="Total tasks" value={summary.data?.totalTasks} testId="total-tasks" />
            <Stat
              icon={CheckCircle2}
              label="Completed"
              value={summary.data?.completedTasks}
              testId="completed-tasks"
            />
            <Stat
              icon={AlertTriangle}
              label="Overdue"
              value={summary.data?.overdueTasks}
              testId="overdue-tasks"
              tone={summary.data?.overdueTasks ? "text-destructive" : undefined}
            />
          </>
        )}
      </section>

      <div className="space-y-4 lg:col-span-2">
        <Card title="Team Members" icon={Users} testId="team-members">
          {team.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : team.isError ? (
            <p className="text-sm text-destructive">{MESSAGES.project.teamMembersFailed}</p>
          ) : shown.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nobody is assigned to this project&apos;s tasks yet.
            </p>
          ) : (
            <ul className="divide-y">
              {shown.map((m) => (
                <li key={m.id}>
                  <button
                    type="button"
                    onClick={() => {
                      setMode("team");
                      setChosen(m.id);
                    }}
                    className={cn(
                      "flex w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-muted/50",
                      mode === "team" && teamPick === m.id && "bg-accent",
                    )}
                  >
                    <span
                      aria-hidden
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
                    >
                      {m.name.slice(0, 1).toUpperCase()}
                    </span>
                    <span className="min-w-0 flex-1 truncate text-sm font-medium">{m.name}</span>
                    <span className="rounded-md bg-blue-100 px-1.5 py-0.5 text-xs text-blue-800">
                      {m.activeTasks} active
                    </span>
                    {m.overdueTasks > 0 ? (
                      <span className="rounded-md bg-red-100 px-1.5 py-0.5 text-xs text-red-800">
                        {m.overdueTasks} overdue
                      </span>
                    ) : null}
                    {!mobile ? (
                      <span className="hidden rounded-md bg-green-100 px-1.5 py-0.5 text-xs text-green-800 sm:inline">
                        {m.completedTasks} completed
                      </span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card
          title={chosenName}
          icon={ListTodo}
          testId="person-tasks"
          action={
            <div role="group" aria-label="Whose tasks" className="flex rounded-md bg-muted p-0.5 text-xs">
              {(
                [
                  ["mine", "My Tasks"],
                  ["team", "All Team"],
                ] as const
              ).map(([value, label]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={mode === value}
                  onClick={() => setMode(value)}
                  className={cn(
                    "rounded px-2.5 py-1 text-muted-foreground",
                    mode === value && "bg-background font-medium text-foreground shadow-xs",
                  )}
                >
                  {label}
                </button>
              ))}
            </div>
          }
        >
          <PersonTasks projectId={projectId} assignee={assignee} />
        </Card>
      </div>

      <Card
        title="Upcoming Milestones"
        subtitle={MESSAGES.project.nextSevenDays}
        icon={CalendarClock}
        testId="milestones"
      >
        {summary.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : summary.data && summary.data.upcomingMilestones.length > 0 ? (
          <ul className="space-y-2">
            {summary.data.upcomingMilestones.map((m) => (
              <li
                key={m.id}
                className="flex items-center justify-between gap-2 rounded-md border p-2 text-sm"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{m.name}</p>
                  <p className="text-xs text-muted-foreground capitalize">{m.type}</p>
                </div>
                <div className="text-right text-xs whitespace-nowrap">
                  <p>{formatListDay(m.dueDate, today)}</p>
                  <p className="text-muted-foreground">
                    {m.daysUntilDue === 0
                      ? "Today"
                      : m.daysUntilDue === 1
                        ? "Tomorrow"
                        : `In ${m.daysUntilDue} days`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No milestones in the next 7 days.</p>
        )}
      </Card>
    </div>
  );
}

const PRIORITY_CLASS: Record<TaskPriority, string> = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-800",
  low: "bg-gray-100 text-gray-700",
};

function PersonTasks({ projectId, assignee }: { projectId: string; assignee: string }) {
  const tasks = useProjectUserTasks(projectId, assignee);
  const today = Date.now();
  if (tasks.isPending) return <Skeleton className="h-24 w-full" />;
  if (tasks.isError) return <p className="text-sm text-destructive">{MESSAGES.project.tasksFailed}</p>;
  if (assignee === "me" && tasks.data.assigneeId === null) {
    return (
      <p className="text-sm text-muted-foreground">
        Connect your ClickUp account in Settings to see the tasks assigned to you.
      </p>
    );
  }
  if (tasks.data.tasks.length === 0) {
    return <p className="text-sm text-muted-foreground">{MESSAGES.project.noActiveTasks}</p>;
  }
  return (
    <ul className="divide-y">
      {tasks.data.tasks.map((t) => (
        <li key={t.id} className="flex items-center gap-3 py-2 text-sm" data-testid="user-task">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{t.name}</p>
            <div className="mt-0.5 flex items-center gap-2 text-xs text-muted-foreground">
              <StatusPill status={t.status} rule="project" />
              {t.customId ? <span className="font-mono">{t.customId}</span> : null}
            </div>
          </div>
          <div className="text-right text-xs whitespace-nowrap">
            <span className={cn("rounded px-1.5 py-0.5 capitalize", PRIORITY_CLASS[t.priority])}>
              {t.priority}
            </span>
            <p className={cn("mt-1", t.isOverdue ? "font-medium text-destructive" : "text-muted-foreground")}>
              {t.dueDate
                ? t.isOverdue
                  ? `Overdue · ${formatListDay(t.dueDate, today)}`
                  : formatListDay(t.dueDate, today)
                : "No due date"}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function DateProgress({ project: p }: { project: ProjectHeader }) {
  const today = Date.now();
  return (
    <section aria-label="Progress" className="rounded-xl border bg-card p-3">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{formatListDay(p.startDate, today)}</span>
        <span className="font-medium text-foreground">{p.percentComplete}%</span>
        <span>{formatListDay(p.endDate, today)}</span>
      </div>
      <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full bg-primary" style={{ width: `${clampPercent(p.percentComplete)}%` }} />
      </div>
    </section>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  testId,
  tone,
}: {
  icon: typeof Users;
  label: string;
  value: number | undefined;
  testId: string;
  tone?: string;
}) {
  return (
    <div className="rounded-xl border bg-card p-3 md:p-4">
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden className="size-3.5" /> {label}
      </p>
      <p className={cn("mt-1 text-2xl font-semibold tabular-nums", tone)} data-testid={testId}>
        {value ?? "–"}
      </p>
    </div>
  );
}

function Card({
  title,
  subtitle,
  icon: Icon,
  action,
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  icon: typeof Users;
  action?: React.ReactNode;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} data-testid={testId} className="rounded-xl border bg-card p-4">
      <header className="mb-3 flex items-center justify-between gap-2">
        <div>
          <h2 className="flex items-center gap-2 font-semibold">
            <Icon aria-hidden className="size-4 text-muted-foreground" /> {title}
          </h2>
          {subtitle ? <p className="text-xs text-muted-foreground">{subtitle}</p> : null}
        </div>
        {action}
      </header>
      {children}
    </section>
  );
}
