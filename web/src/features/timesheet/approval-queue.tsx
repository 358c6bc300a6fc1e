import { useId, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Link } from "react-router";
import {
  formatDateTime,
  formatHours,
  msToHours,
  TIMESHEET_COMMENT_MAX,
  timesheetCommentRefusal,
} from "@domain/index";
import { DateRangeFilter, FilterSelect, ListBody, ListTable } from "@/components/document-list";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Pager } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useReportOptions } from "@/features/reports/api";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { useListUrlState } from "@/lib/list-url-state";
import { useReviewWeek, useWeekQueue, type QueuedWeek, type ReviewAction } from "./api";
import { QUEUE_STATUS_OPTIONS, queueApiQuery, queueRange, weekRangeText } from "./approval";
import { LockedChanges } from "./locked-changes";
import { WeekStatusBadge } from "./week-status-badge";

/*
 * Timesheet approval (/reporting/timesheet-approval; PRODUCT.md → Timesheet approval): the weeks
 * people submitted, with filters (status, person, weeks from–to) and page in the URL; a Slack
 * link's ?week= preselects that week. Approve, Reject (with a comment) and Reopen (confirmed) are
 * offered only as the server lists them for each week, and send the version the reviewer saw.
 * Below, the changes made in ClickUp to approved weeks.
 */

const hours = (ms: number) => formatHours(msToHours(ms));

const ACTION_TEXT: Record<ReviewAction, { button: string; done: string; failed: string }> = {
  approve: { button: "Approve", done: "Week approved", failed: "Could not approve the week" },
  reject: { button: "Reject", done: "Week rejected", failed: "Could not reject the week" },
  reopen: { button: "Reopen", done: "Week reopened", failed: "Could not reopen the week" },
};

export function ApprovalQueuePage() {
  const { params, update } = useListUrlState();
  const query = queueApiQuery(params);
  const queue = useWeekQueue(query);
  const people = useReportOptions();
  const data = queue.data;
  const status = params.get("status") ?? "submitted";
  const person = params.get("person") ?? "";
  const { from, to } = queueRange(params);
  const filtered = Boolean(params.get("status") || person || from || to);
  const [dialog, setDialog] = useState<{ week: QueuedWeek; action: "reject" | "reopen" } | null>(null);
  const review = useReviewWeek();

  const act = (week: QueuedWeek, action: ReviewAction, comment?: string, onDone?: () => void) =>
    review.mutate(
      { week, action, comment },
      {
        onSuccess: () => {
          toast.success(ACTION_TEXT[action].done, {
            description: `${week.personName}, ${weekRangeText(week.weekStart)}`,
          });
          onDone?.();
        },
        onError: (error) => toast.error(ACTION_TEXT[action].failed, { description: error.message }),
      },
    );
  const busy = review.isPending ? review.variables : undefined;
  const onAction = (week: QueuedWeek, action: ReviewAction) =>
    action === "approve" ? act(week, action) : setDialog({ week, action });
  /** A range edit replaces the ?week= link's range with explicit days. */
  const setRange = (key: "from" | "to", value: string | null) =>
    update({ from, to, week: null, [key]: value });

  return (
    <Page
      title="Timesheet approval"
      description="Weeks people submitted: approve them, or reject with a comment."
    >
      <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm text-muted-foreground">
        <Link to="/reporting" className="hover:underline">
          Reports
        </Link>{" "}
        / Timesheet approval
      </nav>
      <div className="space-y-4">
        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
            <select
              aria-label="Status"
              className={SELECT_CLASS}
              value={status}
              onChange={(e) => update({ status: e.target.value === "submitted" ? null : e.target.value })}
            >
              {QUEUE_STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <FilterSelect
              label="Person"
              allLabel="Everyone"
              value={person}
              options={(people.data?.people ?? []).map((p) => ({ value: p.id, label: p.name }))}
              onChange={(v) => update({ person: v })}
            />
            <DateRangeFilter
              fromLabel="Weeks from"
              toLabel="Weeks to"
              from={from}
              to={to}
              onFrom={(v) => setRange("from", v)}
              onTo={(v) => setRange("to", v)}
            />
          </div>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {data ? `${data.total} ${data.total === 1 ? "week" : "weeks"}` : null}
          </p>
        </div>

        <ListBody
          query={queue}
          total={data?.total}
          filtered={filtered}
          errorTitle="Could not load the weeks"
          noMatchTitle="No weeks match"
          empty={
            <EmptyState title="No weeks waiting for approval">
              A week appears here once its person submits it from the Weekly Timesheet.
            </EmptyState>
          }
        >
          {data ? (
            <>
              <ListTable label="Timesheet weeks" dimmed={queue.isPlaceholderData}>
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Person
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Week
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Hours
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Status
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Submitted
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      ClickUp changes
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((w) => (
                    <tr
                      key={`${w.clickupUserId}|${w.weekStart}`}
                      className="border-b last:border-0 hover:bg-muted/30"
                      data-testid="approval-row"
                      data-week={w.weekStart}
                      data-person={w.clickupUserId}
                    >
                      <th scope="row" className="max-w-48 px-3 py-2 text-left font-medium">
                        <span className="block truncate">{w.personName}</span>
                      </th>
                      <td className="px-3 py-2 whitespace-nowrap">{weekRangeText(w.weekStart)}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {hours(w.totalMs)}
                        <span className="block text-xs text-muted-foreground">
                          {hours(w.billableMs)} billable
                        </span>
                      </td>
                      <td className="px-3 py-2">
                        <WeekStatusBadge status={w.status} />
                        <ReviewNote week={w} />
                      </td>
                      <td className="px-3 py-2 text-xs">
                        <Submitted week={w} />
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        <ChangesCount count={w.openChanges} />
                      </td>
                      <td className="px-3 py-2">
                        <Actions week={w} busy={busy} onAction={onAction} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ListTable>
              <ul className="space-y-2 md:hidden" aria-label="Timesheet weeks">
                {data.items.map((w) => (
                  <li
                    key={`${w.clickupUserId}|${w.weekStart}`}
                    className="rounded-xl border bg-card p-3 shadow-xs"
                    data-testid="approval-card"
                    data-week={w.weekStart}
                    data-person={w.clickupUserId}
                  >
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="truncate font-medium">{w.personName}</p>
                        <p className="text-xs text-muted-foreground">{weekRangeText(w.weekStart)}</p>
                      </div>
                      <WeekStatusBadge status={w.status} />
                    </div>
                    <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
                      <div>
                        <dt className="text-muted-foreground">Hours</dt>
                        <dd className="tabular-nums">{hours(w.totalMs)}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground">Billable</dt>
                        <dd className="tabular-nums">{hours(w.billableMs)}</dd>
                      </div>
                      <div>
                        <dt className="text-muted-foreground">ClickUp changes</dt>
                        <dd className="tabular-nums">
                          <ChangesCount count={w.openChanges} />
                        </dd>
                      </div>
                    </dl>
                    <div className="mt-2 text-xs">
                      <Submitted week={w} label />
                      <ReviewNote week={w} />
                    </div>
                    <Actions week={w} busy={busy} onAction={onAction} className="mt-2 justify-start" />
                  </li>
                ))}
              </ul>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(next) => update({ page: String(next) }, false)}
              />
            </>
          ) : null}
        </ListBody>

        <LockedChanges />
      </div>
      <ReviewDialog
        target={dialog}
        pending={review.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(comment) => {
          if (dialog) act(dialog.week, dialog.action, comment, () => setDialog(null));
        }}
      />
    </Page>
  );
}

/** When the week was submitted, and by whom when the server knows. */
function Submitted({ week, label = false }: { week: QueuedWeek; label?: boolean }) {
  if (!week.submittedAt) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="block">
      {label ? <span className="text-muted-foreground">Submitted </span> : null}
      {formatDateTime(week.submittedAt)}
      {week.submittedByName ? (
        <span className="block text-muted-foreground">by {week.submittedByName}</span>
      ) : null}
    </span>
  );
}

/** Who decided and their comment, under the status. */
function ReviewNote({ week }: { week: QueuedWeek }) {
  if (!week.decidedByName && !week.comment) return null;
  return (
    <span className="mt-1 block max-w-64 text-xs text-muted-foreground">
      {week.decidedByName ? `${week.status === "open" ? "Reopened" : "By"} ${week.decidedByName}` : null}
      {week.comment ? (
        <span className="block text-foreground [overflow-wrap:anywhere]" data-testid="approval-comment">
          “{week.comment}”
        </span>
      ) : null}
    </span>
  );
}

function ChangesCount({ count }: { count: number }) {
  return count > 0 ? (
    <span className="font-medium text-amber-800 dark:text-amber-300">
      {count}
      <span className="sr-only"> {count === 1 ? "change" : "changes"} in ClickUp since approval</span>
    </span>
  ) : (
    <span className="text-muted-foreground">0</span>
  );
}

function Actions({
  week,
  busy,
  onAction,
  className,
}: {
  week: QueuedWeek;
  busy: { week: QueuedWeek; action: ReviewAction } | undefined;
  onAction: (week: QueuedWeek, action: ReviewAction) => void;
  className?: string;
}) {
  const actions = week.actions.filter((a): a is ReviewAction => a in ACTION_TEXT);
  if (actions.length === 0) return null;
  const mine = busy?.week.clickupUserId === week.clickupUserId && busy.week.weekStart === week.weekStart;
  return (
    <div className={`flex flex-wrap justify-end gap-1.5 ${className ?? ""}`}>
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === "approve" ? "default" : "outline"}
          disabled={Boolean(busy)}
          aria-label={`${ACTION_TEXT[action].button} ${week.personName}, ${weekRangeText(week.weekStart)}`}
          onClick={() => onAction(week, action)}
        >
          {mine && busy?.action === action ? <Spinner className="size-4" /> : null}
          {ACTION_TEXT[action].button}
        </Button>
      ))}
    </div>
  );
}

/** The comment as the reviewer types it: required to reject (domain rule), at most 1000 characters. */
function commentSchema(action: "reject" | "reopen") {
  return z.object({
    comment: z.string().superRefine((value, ctx) => {
      const refusal = timesheetCommentRefusal(action, value);
      if (refusal) ctx.addIssue({ code: "custom", message: refusal });
    }),
  });
}

/** Reject (a comment is required) or Reopen (confirmed; a comment is optional). */
function ReviewDialog({
  target,
  pending,
  onClose,
  onConfirm,
}: {
  target: { week: QueuedWeek; action: "reject" | "reopen" } | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (comment: string | undefined) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        {target ? (
          <ReviewForm
            key={`${target.week.clickupUserId}|${target.week.weekStart}|${target.action}`}
            week={target.week}
            action={target.action}
            pending={pending}
            onCancel={onClose}
            onConfirm={onConfirm}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewForm({
  week,
  action,
  pending,
  onCancel,
  onConfirm,
}: {
  week: QueuedWeek;
  action: "reject" | "reopen";
  pending: boolean;
  onCancel: () => void;
  onConfirm: (comment: string | undefined) => void;
}) {
  const id = useId();
  const form = useForm<{ comment: string }>({
    resolver: zodResolver(commentSchema(action)),
    defaultValues: { comment: "" },
  });
  const error = form.formState.errors.comment?.message;
  const reject = action === "reject";
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => onConfirm(values.comment.trim() || undefined))}
      className="flex flex-col gap-4"
    >
      <DialogHeader className="text-left">
        <DialogTitle>{reject ? "Reject this week?" : "Reopen this week?"}</DialogTitle>
        <DialogDescription>
          {week.personName}, {weekRangeText(week.weekStart)}.{" "}
          {reject
            ? "The person sees your comment, changes the hours and submits the week again."
            : "The week is unlocked: its person can change the hours and submit it again."}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-comment`}>{reject ? "What should change?" : "Comment (optional)"}</Label>
        <Textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={TIMESHEET_COMMENT_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-required={reject || undefined}
          {...form.register("comment")}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter className="flex-row justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant={reject ? "destructive" : "default"} disabled={pending}>
          {pending ? <Spinner className="size-4" /> : null}
          {reject ? "Reject week" : "Reopen week"}
        </Button>
      </DialogFooter>
    </form>
  );
}
