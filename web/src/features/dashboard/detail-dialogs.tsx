import { useState } from "react";
import { ExternalLink } from "lucide-react";
import {
  formatEstimateMinutes,
  formatDetailDay,
  formatEstimateOrNone,
  formatHours,
  formatListDay,
  formatMoney,
  isFinishedStatus,
  itemTypeLabel,
} from "@domain/index";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useProjectDetail, useTaskDetail, type ProjectItem } from "./api";
import { StatusPill } from "@/components/status-pill";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Loading() {
  return (
    <div className="flex flex-col gap-2">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-5 w-3/4" />
    </div>
  );
}

/** Task detail (spec §2): status, project, due date, time estimates, up to 5 more fields, ClickUp link. */
export function TaskDetailDialog({ taskId, onClose }: { taskId: string | null; onClose: () => void }) {
  const detail = useTaskDetail(taskId);
  const task = detail.data?.task;
  return (
    <Dialog open={taskId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{task?.name ?? "Task"}</DialogTitle>
          <DialogDescription>
            {task ? itemTypeLabel(task.customItemId) : "Loading task details"}
          </DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <Loading />
        ) : detail.isError || !task ? (
          <p className="text-sm text-destructive">This task could not be loaded.</p>
        ) : (
          <>
            <dl className="divide-y">
              <Row label="Status">
                <StatusPill status={task.status.status} rule="dashboard" />
              </Row>
              <Row label="Project">{task.folderName}</Row>
              <Row label="Due date">{task.dueDate ? formatDetailDay(task.dueDate) : "No due date"}</Row>
              {task.startDate ? <Row label="Start date">{formatDetailDay(task.startDate)}</Row> : null}
              <Row label="Time estimate">{formatEstimateOrNone(task.timeEstimateMinutes)}</Row>
              {task.timeSpentMinutes > 0 ? (
                <Row label="Time tracked in ClickUp">{formatEstimateMinutes(task.timeSpentMinutes)}</Row>
              ) : null}
              <Row label="Hours logged">{formatHours(task.hoursLogged)}</Row>
              {task.hoursPerDayEstimate !== null ? (
                <Row label="Hours per day">{formatHours(task.hoursPerDayEstimate)}</Row>
              ) : null}
              {detail.data.additionalFields.map((f) => (
                <Row key={f.id || f.name} label={f.name}>
                  {f.money ? formatMoney(f.money.amountMinor, f.money.currency) : f.text}
                </Row>
              ))}
            </dl>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <a href={task.url} target="_blank" rel="noreferrer">
                Open in ClickUp <ExternalLink />
              </a>
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** `today`: a day of the week the dialog shows; dates in another year show theirs. */
function ItemRows({ items, today }: { items: ProjectItem[]; today: string }) {
  return (
    <ul className="divide-y rounded-md border">
      {items.map((i) => (
        <li key={i.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
          <a href={i.url} target="_blank" rel="noreferrer" className="min-w-0 truncate hover:underline">
            {i.name}
          </a>
          <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
            {i.dueDate ? formatListDay(i.dueDate, today) : "No due date"}
            <StatusPill status={i.status.status} rule="dashboard" />
          </span>
        </li>
      ))}
    </ul>
  );
}

function ItemList({
  title,
  items,
  empty,
  today,
  testId,
}: {
  title: string;
  items: ProjectItem[];
  empty: string;
  today: string;
  testId?: string;
}) {
  return (
    <section data-testid={testId}>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ItemRows items={items} today={today} />
      )}
    </section>
  );
}

/**
 * The viewed person's revisions the spec §4 outstanding rule selects: rounds (1033) under an
 * asset (1009), neither archived nor 'not started' — the rows the My Projects count counts. The
 * rule keeps finished rounds; the open ones are listed, the finished ones counted and shown on
 * request, so nothing marked Complete sits in a list of outstanding work unannounced.
 */
function OutstandingRevisions({ items, today }: { items: ProjectItem[]; today: string }) {
  const [showFinished, setShowFinished] = useState(false);
  const open = items.filter((i) => !isFinishedStatus(i.status.status));
  const finished = items.filter((i) => isFinishedStatus(i.status.status));
  return (
    <section data-testid="outstanding-revisions">
      <h3 className="mb-1 text-sm font-semibold">Outstanding revisions</h3>
      {open.length === 0 ? (
        <p className="text-sm text-muted-foreground">No outstanding revisions.</p>
      ) : (
        <ItemRows items={open} today={today} />
      )}
      {finished.length > 0 ? (
        <div className="mt-2">
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            aria-expanded={showFinished}
            onClick={() => setShowFinished((v) => !v)}
          >
            {showFinished ? "Hide" : "Show"} {finished.length} finished{" "}
            {finished.length === 1 ? "round" : "rounds"} on live assets
          </Button>
          {showFinished ? <ItemRows items={finished} today={today} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Project detail (spec §2): milestones due this week, and the viewed person's outstanding
 * revisions and open assignments — the rows the project's My Projects count counts — with the
 * ClickUp folder link.
 */
export function ProjectDetailDialog({ folderId, onClose }: { folderId: string | null; onClose: () => void }) {
  const detail = useProjectDetail(folderId);
  const p = detail.data;
  return (
    <Dialog open={folderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{p?.projectName ?? "Project"}</DialogTitle>
          <DialogDescription>{p?.spaceName ?? "Milestones this week and open revisions"}</DialogDescription>
        </DialogHeader>
        {detail.isPending ? (
          <Loading />
        ) : detail.isError || !p ? (
          <p className="text-sm text-destructive">This project could not be loaded.</p>
        ) : (
          <div className="flex flex-col gap-4">
            <ItemList
              title="Milestones due this week"
              items={p.milestones}
              empty="No milestones due this week."
              today={p.weekStart}
            />
            <OutstandingRevisions items={p.revisions} today={p.weekStart} />
            <ItemList
              title="Open assignments"
              items={p.assignments}
              empty="No open assignments."
              today={p.weekStart}
              testId="open-assignments"
            />
            {p.url ? (
              <Button asChild variant="outline" className="w-full sm:w-auto">
                <a href={p.url} target="_blank" rel="noreferrer">
                  Open folder in ClickUp <ExternalLink />
                </a>
              </Button>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
