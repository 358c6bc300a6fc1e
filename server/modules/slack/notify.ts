import { displayName, formatDetailDay, formatHours } from "@domain/format";
import { formatMoney } from "@domain/money";
import type { AppDeps } from "../../context";
import { transaction, type Executor } from "../../db/executor";
import { enqueueSlackDelivery } from "../../jobs/slack-notifications";
import type { RequestContext } from "../../request-context";
import type { BudgetDetail } from "../budgets/contract";
import type { InvoiceListItem } from "../client-invoices/contract";
import type { PurchaseOrderDetail } from "../purchase-orders/contract";
import type { WorkloadPerson } from "../workload/contract";
import type { SlackNotificationKind } from "./contract";
import { firstFailedSyncRunSinceSuccess, getSlackConnection, insertNotification } from "./repo";

/** Slack's mrkdwn escapes only these three (slack-api.md §8). */
export function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface SlackMessage {
  text: string;
  blocks: unknown[];
}

type NotifyDeps = Pick<AppDeps, "config" | "database" | "logger" | "secrets" | "now"> &
  Partial<Pick<AppDeps, "jobs">>;

/** What raising a notification needs of its caller: a RequestContext, or a job's deps and workspace. */
export interface NotifyContext {
  organizationId: string;
  deps: NotifyDeps;
}

/** The key a notification is recorded under: its kind, then the event's own key. */
export function notificationKey(kind: SlackNotificationKind, eventKey: string): string {
  return `${kind}:${eventKey}`;
}

/**
 * Record one event's notification and queue its delivery, in the caller's transaction: nothing is
 * posted if that transaction rolls back, and an event key already recorded is not recorded again.
 * Nothing is recorded when Slack is not connected, has no channel, or this kind is switched off.
 */
export async function queueSlackNotification(
  tx: Executor,
  ctx: NotifyContext,
  n: { kind: SlackNotificationKind; eventKey: string; message: SlackMessage },
): Promise<boolean> {
  const conn = await getSlackConnection(tx, ctx.organizationId);
  if (!conn || conn.status !== "active" || !conn.channel_id || conn.disabled_kinds.includes(n.kind))
    return false;
  const eventKey = notificationKey(n.kind, n.eventKey);
  const fresh = await insertNotification(tx, {
    organizationId: ctx.organizationId,
    eventKey,
    kind: n.kind,
    channelId: conn.channel_id,
    text: n.message.text,
    blocks: n.message.blocks,
    now: ctx.deps.now(),
  });
  if (fresh) await enqueueSlackDelivery(tx, ctx.deps, { organizationId: ctx.organizationId, eventKey });
  return fresh;
}

/** A section of mrkdwn with one link button (every message leads to its screen). */
function buttonSection(mrkdwn: string, button: { actionId: string; label: string; url: string }) {
  return {
    type: "section",
    text: { type: "mrkdwn", text: mrkdwn },
    accessory: {
      type: "button",
      action_id: button.actionId,
      text: { type: "plain_text", text: button.label },
      url: button.url,
    },
  };
}

/** The small grey line under a message. */
function contextLine(mrkdwn: string) {
  return { type: "context", elements: [{ type: "mrkdwn", text: mrkdwn }] };
}

/** "PO waiting for your approval": the text (also the notification and screen-reader fallback) and its blocks. */
export function poApprovalMessage(po: PurchaseOrderDetail, publicUrl: string): SlackMessage {
  const url = `${publicUrl}/finance/purchase-orders/${encodeURIComponent(po.id)}`;
  const amount = formatMoney(po.amountMinor, po.currency);
  const by = po.submittedBy?.name ?? "someone";
  const text = `${po.displayNumber} to ${po.vendorName} for ${amount} is waiting for your approval (submitted by ${by}).`;
  return {
    text,
    blocks: [
      buttonSection(
        `*<${url}|${slackEscape(po.displayNumber)}>* to ${slackEscape(po.vendorName)} for *${slackEscape(amount)}* is waiting for your approval`,
        { actionId: "open_purchase_order", label: "Review PO", url },
      ),
      contextLine(
        slackEscape(`Submitted by ${by} · ${po.budgetName}${po.projectName ? ` · ${po.projectName}` : ""}`),
      ),
    ],
  };
}

/** A PO was submitted for approval (transitionPurchaseOrder): one notification per submission. */
export function notifyPurchaseOrderSubmitted(tx: Executor, ctx: RequestContext, po: PurchaseOrderDetail) {
  return queueSlackNotification(tx, ctx, {
    kind: "po_approval",
    eventKey: `${po.id}:v${po.version}`,
    message: poApprovalMessage(po, ctx.deps.config.publicUrl),
  });
}

// ---- Budget submitted or approved ----

export type BudgetNotifiedTransition = "submit" | "approve";

/** The budget as people name it: its name, and which change order when it is not the original bid. */
function budgetLabel(budget: BudgetDetail): string {
  const n = budget.revision.number;
  return n === 0 ? budget.name : `${budget.name} (change order ${n})`;
}

/**
 * "Budget submitted or approved": the text and blocks of a budget's latest revision just
 * submitted or approved by `by` (its grand bid total in the budget's currency).
 */
export function budgetTransitionMessage(
  budget: BudgetDetail,
  transition: BudgetNotifiedTransition,
  by: string,
  publicUrl: string,
): SlackMessage {
  const url = `${publicUrl}/finance/budgets/${encodeURIComponent(budget.id)}`;
  const label = budgetLabel(budget);
  const amount = formatMoney(budget.revision.grandTotalMinor, budget.currency);
  const project = budget.projectName ? ` for ${budget.projectName}` : "";
  const what = transition === "submit" ? "was submitted for approval" : "was approved";
  const text = `${label}${project} ${what} by ${by} (${amount}).`;
  return {
    text,
    blocks: [
      buttonSection(
        `*<${url}|${slackEscape(label)}>*${slackEscape(project)} ${what} by ${slackEscape(by)} (*${slackEscape(amount)}*)`,
        { actionId: "open_budget", label: transition === "submit" ? "Review budget" : "Open budget", url },
      ),
      contextLine(
        slackEscape(
          [budget.clientName, budget.projectName, budget.bidType === "firm" ? "Firm bid" : "Cost-plus bid"]
            .filter(Boolean)
            .join(" · "),
        ),
      ),
    ],
  };
}

/**
 * A budget revision was submitted or approved (transitionBudget), in its transaction. The key is
 * the revision and its version after the step: a retried request is refused by the lifecycle
 * before it gets here, a resubmission after a return (or a change order) is a new event.
 */
export function notifyBudgetTransition(
  tx: Executor,
  ctx: RequestContext,
  budget: BudgetDetail,
  transition: BudgetNotifiedTransition,
) {
  return queueSlackNotification(tx, ctx, {
    kind: "budget",
    eventKey: `${budget.id}:${transition}:r${budget.revision.number}v${budget.revision.version}`,
    message: budgetTransitionMessage(budget, transition, displayName(ctx.user), ctx.deps.config.publicUrl),
  });
}

// ---- Timesheet week submitted or rejected ----

/** The week as people name it: "the week of Mon, Nov 23, 2026". */
function weekLabel(weekStart: string): string {
  return `the week of ${formatDetailDay(weekStart)}`;
}

/**
 * "Timesheet week submitted or rejected": a person submitted their week (reviewers open the
 * approval queue), or a reviewer rejected it with a comment (the person opens their timesheet).
 */
export function timesheetWeekMessage(
  week: {
    action: "submit" | "reject";
    personName: string;
    weekStart: string;
    comment: string | null;
    actorName: string;
  },
  publicUrl: string,
): SlackMessage {
  const when = weekLabel(week.weekStart);
  if (week.action === "submit") {
    const url = `${publicUrl}/reporting/timesheet-approval?week=${week.weekStart}`;
    const text = `${week.personName} submitted ${when} for approval.`;
    return {
      text,
      blocks: [
        buttonSection(`*${slackEscape(week.personName)}* submitted ${slackEscape(when)} for approval`, {
          actionId: "open_timesheet_approval",
          label: "Review week",
          url,
        }),
      ],
    };
  }
  const url = `${publicUrl}/dashboard`;
  const text = `${week.actorName} rejected ${week.personName}'s timesheet for ${when}: ${week.comment ?? ""}`;
  return {
    text,
    blocks: [
      buttonSection(
        `*${slackEscape(week.actorName)}* rejected *${slackEscape(week.personName)}*'s timesheet for ${slackEscape(when)}`,
        { actionId: "open_timesheet", label: "Open timesheet", url },
      ),
      contextLine(slackEscape(`“${week.comment ?? ""}”`)),
    ],
  };
}

/**
 * A week was submitted or rejected (changeOwnWeek, reviewWeek), in its transaction: keyed by the
 * week and its version after the step, so each submission and each rejection posts once.
 */
export function notifyTimesheetWeek(
  tx: Executor,
  ctx: RequestContext,
  week: {
    action: "submit" | "reject";
    clickupUserId: string;
    personName: string;
    weekStart: string;
    version: number;
    comment: string | null;
    actorName: string | null;
  },
) {
  return queueSlackNotification(tx, ctx, {
    kind: "timesheet",
    eventKey: `${week.clickupUserId}:${week.weekStart}:${week.action}:v${week.version}`,
    message: timesheetWeekMessage(
      { ...week, actorName: week.actorName ?? displayName(ctx.user) },
      ctx.deps.config.publicUrl,
    ),
  });
}

// ---- ClickUp sync failing ----

/** "ClickUp sync failing": the reason as Settings → ClickUp sync shows it (the run's error). */
export function clickUpSyncFailingMessage(reason: string, publicUrl: string): SlackMessage {
  const url = `${publicUrl}/settings?tab=clickup#sync`;
  const text = `ClickUp sync is failing: ${reason}`;
  return {
    text,
    blocks: [
      buttonSection(`*ClickUp sync is failing:* ${slackEscape(reason)}`, {
        actionId: "open_sync_settings",
        label: "Open sync settings",
        url,
      }),
      contextLine("Agency Hub keeps retrying; this is posted once until a sync succeeds again."),
    ],
  };
}

type SyncNotifyDeps = Omit<NotifyDeps, "now"> & Partial<Pick<AppDeps, "now">>;

/**
 * A sync run of `kind` failed (already recorded in sync_runs): one notification per failing
 * streak, keyed by the first failed run of that kind since its last success — a retry or the
 * next scheduled run failing again posts nothing, a failure after a success posts again. Runs in
 * its own transaction; a failure to record it is logged, never thrown into the sync.
 */
export async function notifyClickUpSyncFailed(
  deps: SyncNotifyDeps,
  organizationId: string,
  run: { id: string; kind: string; error: string },
): Promise<boolean> {
  const ctx: NotifyContext = { organizationId, deps: { ...deps, now: deps.now ?? (() => new Date()) } };
  try {
    return await transaction(deps.database, async (tx) => {
      const first = (await firstFailedSyncRunSinceSuccess(tx, organizationId, run.kind)) ?? run.id;
      return queueSlackNotification(tx, ctx, {
        kind: "clickup_sync",
        eventKey: `${organizationId}:${run.kind}:${first}`,
        message: clickUpSyncFailingMessage(run.error, deps.config.publicUrl),
      });
    });
  } catch (err) {
    deps.logger.error(
      { err, organizationId, runId: run.id },
      "could not record the sync-failing notification",
    );
    return false;
  }
}

// ---- Invoice overdue ----

/** "Invoice overdue": an invoice still owed past its due date (domain isInvoiceOverdue). */
export function invoiceOverdueMessage(invoice: InvoiceListItem, publicUrl: string): SlackMessage {
  const url = `${publicUrl}/finance/invoices/${encodeURIComponent(invoice.id)}`;
  const owed = formatMoney(invoice.outstandingMinor, invoice.currency);
  const days = `${invoice.daysOverdue} ${invoice.daysOverdue === 1 ? "day" : "days"}`;
  const text = `${invoice.displayNumber} to ${invoice.clientName} is overdue: ${owed} was due on ${formatDetailDay(invoice.dueDate)} (${days} ago).`;
  return {
    text,
    blocks: [
      buttonSection(
        `*<${url}|${slackEscape(invoice.displayNumber)}>* to ${slackEscape(invoice.clientName)} is overdue: *${slackEscape(owed)}* was due on ${formatDetailDay(invoice.dueDate)}`,
        { actionId: "open_invoice", label: "Open invoice", url },
      ),
      contextLine(
        slackEscape([`${days} overdue`, invoice.projectName, invoice.budgetName].filter(Boolean).join(" · ")),
      ),
    ],
  };
}

/** An invoice found overdue: once per due date (a new due date that passes is a new event). */
export function notifyInvoiceOverdue(tx: Executor, ctx: NotifyContext, invoice: InvoiceListItem) {
  return queueSlackNotification(tx, ctx, {
    kind: "invoice_overdue",
    eventKey: `${invoice.id}:${invoice.dueDate}`,
    message: invoiceOverdueMessage(invoice, ctx.deps.config.publicUrl),
  });
}

// ---- Monday digest of people booked over capacity this week ----

/** One person of the digest: the workload's week totals (minutes) of someone booked over capacity. */
function overLine(p: WorkloadPerson): string {
  const { booked, capacity } = p.totals;
  return `${p.name}: ${formatHours(booked / 60)} booked of ${formatHours(capacity / 60)} (${formatHours((booked - capacity) / 60)} over)`;
}

/**
 * "Monday digest of people booked over capacity this week": the people of the workload whose
 * confirmed booked minutes of the week (`from` … `to`) exceed their capacity, most over first.
 */
export function capacityDigestMessage(
  over: readonly WorkloadPerson[],
  from: string,
  to: string,
  publicUrl: string,
): SlackMessage {
  const url = `${publicUrl}/workload?from=${from}&to=${to}`;
  const who = over.length === 1 ? "1 person is" : `${over.length} people are`;
  const week = `the week of ${formatDetailDay(from)}`;
  const lines = over.map(overLine);
  const text = `${who} booked over capacity in ${week}: ${lines.join("; ")}.`;
  return {
    text,
    blocks: [
      buttonSection(`*${who} booked over capacity* in ${slackEscape(week)}`, {
        actionId: "open_workload",
        label: "Open workload",
        url,
      }),
      {
        type: "section",
        text: { type: "mrkdwn", text: lines.map((l) => `• ${slackEscape(l)}`).join("\n") },
      },
    ],
  };
}

/** The week's digest: once per workspace and week (keyed by the week's first day). */
export function notifyCapacityDigest(
  tx: Executor,
  ctx: NotifyContext,
  week: { from: string; to: string },
  over: readonly WorkloadPerson[],
) {
  return queueSlackNotification(tx, ctx, {
    kind: "capacity_digest",
    eventKey: week.from,
    message: capacityDigestMessage(over, week.from, week.to, ctx.deps.config.publicUrl),
  });
}
