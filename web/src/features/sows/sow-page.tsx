import { useMemo, useState } from "react";
import { Download, RefreshCw } from "lucide-react";
import { Link, useParams, useSearchParams } from "react-router";
import { formatDateTime, formatDetailDay } from "@domain/index";
import { basisPointsToPercentText, formatMoney, minorToDecimalString, parseMoney } from "@domain/money";
import { SOW_STATUS_LABEL, proposeInvoiceRefusal } from "@domain/sows";
import { Button } from "@/components/ui/button";
import { Fact, Figure, HistoryStep } from "@/components/document-parts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { DocumentUnavailable } from "@/features/app-shell/document-unavailable";
import { Page } from "@/features/app-shell/page";
import { useBudgetList } from "@/features/budgets/api";
import { Money } from "@/features/budgets/status-badge";
import { invoiceHref } from "@/features/invoices/api";
import { InvoiceStatusBadge } from "@/features/invoices/status-badge";
import { InputField, SelectField } from "@/features/settings/form-fields";
import { useAppToday } from "@/features/vendor-bills/api";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import {
  sowPdfHref,
  useProposeSowInvoice,
  useSow,
  useSowStep,
  type SowDetail,
  type SowScheduleEntry,
  type SowStep,
  type UpdateSow,
} from "./api";
import { checkSchedule, scheduleRows, type ScheduleRow } from "./schedule";
import { ScheduleEditor } from "./schedule-editor";
import { SowStatusBadge } from "./status-badge";

type Action = "send" | "sign" | "new_version";

const ACTION_LABEL: Record<Action, string> = {
  send: "Send to client",
  sign: "Mark signed",
  new_version: "New version",
};

/** /finance/sows/:sowId[?version=n] — a statement of work: its current version, or an older one read-only. */
export function SowPage() {
  const { sowId = "" } = useParams();
  const [search] = useSearchParams();
  const asked = Number(search.get("version"));
  const version = Number.isInteger(asked) && asked >= 1 ? asked : null;
  const sow = useSow(sowId, version);

  if (!sow.isSuccess)
    return (
      <DocumentUnavailable
        query={sow}
        title="Statement of work"
        noun="statement of work"
        listHref="/finance/sows"
        listLabel="Back to statements of work"
      />
    );
  // A new row version (a save, a step, someone else's change) starts the page's edits afresh.
  return <SowView key={`${sow.data.id}:${sow.data.shownVersion}:${sow.data.rowVersion}`} sow={sow.data} />;
}

interface Draft {
  title: string;
  budgetId: string;
  scope: string;
  terms: string;
  fee: string;
  excluded: string[];
  rows: ScheduleRow[];
}

function draftOf(sow: SowDetail): Draft {
  return {
    title: sow.title,
    budgetId: sow.budgetId ?? "",
    scope: sow.scope,
    terms: sow.terms,
    fee: minorToDecimalString(sow.shownFeeMinor, sow.currency),
    excluded: sow.deliverables.filter((d) => !d.included).map((d) => d.taskId),
    rows: scheduleRows(sow.schedule, sow.currency),
  };
}

function SowView({ sow }: { sow: SowDetail }) {
  const [, setSearch] = useSearchParams();
  const [asking, setAsking] = useState<Action | null>(null);
  const [invoicing, setInvoicing] = useState<SowScheduleEntry | null>(null);
  const current = sow.shownVersion === sow.version;
  const editable = current && sow.allowedActions.includes("edit");
  const currency = sow.currency;
  const initial = useMemo(() => draftOf(sow), [sow]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const step = useSowStep(sow.id);
  const dirty = editable && JSON.stringify(draft) !== JSON.stringify(initial);

  const feeMinor = parseMoney(draft.fee, currency);
  const feeError = !draft.fee.trim()
    ? "enter the fee"
    : feeMinor === null
      ? `must be an amount in ${currency}`
      : feeMinor < 0
        ? "must not be negative"
        : undefined;
  const check = checkSchedule(draft.rows, feeError ? null : feeMinor, currency);
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerError(null);
  };

  const fail = (what: string, error: Error) => {
    const placed: Record<string, string> = {};
    const rowsPlaced: Record<number, string> = {};
    if (error instanceof ApiError) {
      for (const f of error.fields ?? []) {
        const [head = f.field, index] = f.field.split(".");
        if (head === "schedule" && index !== undefined && /^\d+$/.test(index))
          rowsPlaced[Number(index)] ??= f.message;
        else placed[head] ??= f.message;
      }
    }
    setErrors(placed);
    setRowErrors(rowsPlaced);
    setServerError(error.message);
    toast.error(`Could not ${what}`, { description: error.message });
  };

  const save = () => {
    if (step.isPending) return;
    const next: Record<string, string> = {};
    if (!draft.title.trim()) next.title = "must not be empty";
    if (feeError) next.feeMinor = feeError;
    setErrors(next);
    setRowErrors({});
    if (Object.keys(next).length > 0 || !check.result || feeMinor === null) {
      setServerError("Fix the fields marked above before saving.");
      return;
    }
    if (!check.result.ok) {
      setServerError(`The schedule ${check.result.issues[0]?.message ?? "does not add up to the fee"}.`);
      return;
    }
    const body: UpdateSow = {
      title: draft.title.trim(),
      budgetId: draft.budgetId || null,
      scope: draft.scope,
      terms: draft.terms,
      feeMinor,
      schedule: check.entries ?? [],
      deliverables: sow.deliverables.map((d) => ({
        taskId: d.taskId,
        included: !draft.excluded.includes(d.taskId),
      })),
      baseRowVersion: sow.rowVersion,
    };
    setServerError(null);
    step.mutate(
      { action: "update", body },
      {
        onSuccess: (saved) => toast.success(`${saved.displayNumber} saved`, { description: saved.title }),
        onError: (error) => fail("save the statement of work", error),
      },
    );
  };

  const refresh = () => {
    if (step.isPending) return;
    step.mutate(
      { action: "refresh", baseRowVersion: sow.rowVersion },
      {
        onSuccess: (fresh) =>
          toast.success("Deliverables read from ClickUp", {
            description: `${fresh.deliverables.length} deliverable task${fresh.deliverables.length === 1 ? "" : "s"}`,
          }),
        onError: (error) => fail("refresh the deliverables", error),
      },
    );
  };

  const showVersion = (v: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v === sow.version) next.delete("version");
        else next.set("version", String(v));
        return next;
      },
      { replace: false },
    );

  const actions = current
    ? (["send", "sign", "new_version"] as const).filter((a) => sow.allowedActions.includes(a))
    : [];
  const invoiceable = current && sow.allowedActions.includes("propose_invoice");
  const invoiceRefusal =
    current && sow.status === "signed" && !sow.budgetId
      ? proposeInvoiceRefusal({ status: sow.status, hasBudget: false, invoicedAs: null })
      : null;
  const invoicedMinor = sow.schedule.reduce((s, e) => s + (e.invoice?.totalMinor ?? 0), 0);

  return (
    <Page
      title={sow.displayNumber}
      description={`${sow.title} · ${sow.clientName}`}
      actions={
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="SOW actions">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === "new_version" ? "outline" : "default"}
              disabled={dirty}
              title={dirty ? "Save or discard your changes first" : undefined}
              onClick={() => setAsking(action)}
            >
              {ACTION_LABEL[action]}
            </Button>
          ))}
          <Button asChild size="sm" variant="outline">
            <a href={sowPdfHref(sow.id, current ? null : sow.shownVersion)} download>
              <Download aria-hidden /> Download PDF
            </a>
          </Button>
        </div>
      }
    >
      <div className="space-y-8">
        <section aria-label="SOW details" className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              id="sow-version"
              label="Version"
              fieldClassName="w-full sm:w-72"
              value={String(sow.shownVersion)}
              onChange={(e) => showVersion(Number(e.target.value))}
            >
              {sow.versions
                .slice()
                .sort((a, b) => b.version - a.version)
                .map((v) => (
                  <option key={v.version} value={v.version}>
                    Version {v.version} · {SOW_STATUS_LABEL[v.status]}
                    {v.version === sow.version ? " (current)" : ""}
                  </option>
                ))}
            </SelectField>
            {dirty ? (
              <p className="text-sm text-muted-foreground" data-testid="unsaved">
                Unsaved changes
              </p>
            ) : null}
          </div>
          {!current ? (
            <p
              className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
              data-testid="older-version"
            >
              You are reading version {sow.shownVersion} ({SOW_STATUS_LABEL[sow.shownStatus].toLowerCase()}),
              kept as it was. It cannot be changed.{" "}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => showVersion(sow.version)}
              >
                Show the current version ({sow.version})
              </button>
            </p>
          ) : null}
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <Fact label="Status">
              <SowStatusBadge status={sow.shownStatus} />
            </Fact>
            <Fact label="Client">
              <span className="break-words">{sow.client.name}</span>
              {sow.client.email ? (
                <span className="block text-xs break-all text-muted-foreground">{sow.client.email}</span>
              ) : null}
            </Fact>
            <Fact label="Project · Budget" className="col-span-2 sm:col-span-1 lg:col-span-2">
              <span className="block break-words">{sow.projectName ?? "Unknown project"}</span>
              {sow.budgetId ? (
                <Link
                  to={`/finance/budgets/${encodeURIComponent(sow.budgetId)}`}
                  className="text-xs font-medium break-words hover:underline"
                >
                  {sow.budgetName}
                </Link>
              ) : (
                <span className="text-xs text-muted-foreground">No budget</span>
              )}
            </Fact>
            <Fact label="Date">{formatDetailDay(sow.date)}</Fact>
            {sow.signedOn ? (
              <Fact label="Signed">
                {formatDetailDay(sow.signedOn)}
                <span className="block text-xs break-words text-muted-foreground">
                  {sow.signedByName ? `by ${sow.signedByName}` : ""}
                  {sow.signedVersion !== null ? ` · version ${sow.signedVersion}` : ""}
                </span>
              </Fact>
            ) : sow.sentAt ? (
              <Fact label="Sent">
                {formatDateTime(sow.sentAt)}
                {sow.sentTo ? (
                  <span className="block text-xs break-all text-muted-foreground">to {sow.sentTo}</span>
                ) : null}
              </Fact>
            ) : null}
          </dl>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" role="group" aria-label="Figures">
            <Figure label="Fee" value={<Money value={sow.shownFeeMinor} currency={currency} />} />
            <Figure label="Scheduled" value={<Money value={sow.scheduleTotalMinor} currency={currency} />} />
            <Figure label="Invoiced" value={<Money value={invoicedMinor} currency={currency} />} />
          </div>
        </section>

        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <div className="min-w-0 space-y-6">
            {editable ? (
              <form
                className="space-y-6"
                noValidate
                aria-label="Edit the draft"
                onSubmit={(e) => {
                  e.preventDefault();
                  save();
                }}
              >
                <div className="grid gap-3 sm:grid-cols-2">
                  <InputField
                    id="sow-title-edit"
                    label="Title"
                    maxLength={200}
                    autoComplete="off"
                    value={draft.title}
                    error={errors.title}
                    onChange={(e) => change({ title: e.target.value })}
                  />
                  <BudgetSelect
                    projectId={sow.projectId}
                    value={draft.budgetId}
                    current={sow.budgetId ? { id: sow.budgetId, name: sow.budgetName ?? sow.budgetId } : null}
                    error={errors.budgetId}
                    onChange={(budgetId) => change({ budgetId })}
                  />
                </div>
                <section aria-labelledby="sow-scope-heading" className="space-y-2">
                  <h2 id="sow-scope-heading" className="text-lg font-semibold">
                    Scope
                  </h2>
                  <Textarea
                    id="sow-scope"
                    aria-label="Scope"
                    rows={6}
                    maxLength={20_000}
                    placeholder="What the agency will do, what is out of scope, assumptions…"
                    value={draft.scope}
                    aria-invalid={errors.scope ? true : undefined}
                    onChange={(e) => change({ scope: e.target.value })}
                  />
                  {errors.scope ? <p className="text-sm text-destructive">{errors.scope}</p> : null}
                </section>
                <Deliverables
                  sow={sow}
                  excluded={draft.excluded}
                  onToggle={(taskId, included) =>
                    change({
                      excluded: included
                        ? draft.excluded.filter((id) => id !== taskId)
                        : [...draft.excluded, taskId],
                    })
                  }
                  refresh={
                    sow.allowedActions.includes("refresh_deliverables")
                      ? { onClick: refresh, disabled: dirty || step.isPending }
                      : null
                  }
                />
                <section aria-labelledby="sow-schedule-heading" className="space-y-3">
                  <h2 id="sow-schedule-heading" className="text-lg font-semibold">
                    Fee and payment schedule
                  </h2>
                  <InputField
                    id="sow-fee"
                    label={`Fee (${currency})`}
                    inputMode="decimal"
                    autoComplete="off"
                    fieldClassName="sm:w-64"
                    className="text-right tabular-nums"
                    value={draft.fee}
                    error={errors.feeMinor ?? (draft.fee ? feeError : undefined)}
                    onChange={(e) => change({ fee: e.target.value })}
                  />
                  <ScheduleEditor
                    rows={draft.rows}
                    onChange={(rows) => change({ rows })}
                    check={check}
                    currency={currency}
                    serverErrors={rowErrors}
                  />
                  {errors.schedule ? <p className="text-sm text-destructive">{errors.schedule}</p> : null}
                </section>
                <section aria-labelledby="sow-terms-heading" className="space-y-2">
                  <h2 id="sow-terms-heading" className="text-lg font-semibold">
                    Terms
                  </h2>
                  <Textarea
                    id="sow-terms"
                    aria-label="Terms"
                    rows={4}
                    maxLength={20_000}
                    placeholder="Payment terms, revisions included, usage…"
                    value={draft.terms}
                    onChange={(e) => change({ terms: e.target.value })}
                  />
                </section>
                {serverError ? (
                  <p role="alert" className="text-sm text-destructive" data-testid="save-error">
                    {serverError}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2 border-t pt-4">
                  <Button type="submit" disabled={!dirty || step.isPending}>
                    {step.isPending ? "Saving..." : "Save changes"}
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    disabled={!dirty || step.isPending}
                    onClick={() => {
                      setDraft(initial);
                      setErrors({});
                      setRowErrors({});
                      setServerError(null);
                    }}
                  >
                    Discard changes
                  </Button>
                </div>
              </form>
            ) : (
              <>
                <section aria-labelledby="sow-scope-heading" className="space-y-2">
                  <h2 id="sow-scope-heading" className="text-lg font-semibold">
                    Scope
                  </h2>
                  <div className="rounded-xl border bg-card p-3 text-sm" data-testid="sow-scope">
                    {sow.scope ? (
                      <p className="break-words whitespace-pre-wrap">{sow.scope}</p>
                    ) : (
                      <p className="text-muted-foreground">No scope written.</p>
                    )}
                  </div>
                </section>
                <Deliverables sow={sow} excluded={null} onToggle={null} refresh={null} />
                <section aria-labelledby="sow-schedule-heading" className="space-y-2">
                  <h2 id="sow-schedule-heading" className="text-lg font-semibold">
                    Payment schedule
                  </h2>
                  <ScheduleTable sow={sow} onInvoice={invoiceable ? (entry) => setInvoicing(entry) : null} />
                  {invoiceRefusal ? <p className="text-sm text-muted-foreground">{invoiceRefusal}</p> : null}
                </section>
                {sow.terms ? (
                  <section aria-labelledby="sow-terms-heading" className="space-y-2">
                    <h2 id="sow-terms-heading" className="text-lg font-semibold">
                      Terms
                    </h2>
                    <p className="rounded-xl border bg-card p-3 text-sm break-words whitespace-pre-wrap">
                      {sow.terms}
                    </p>
                  </section>
                ) : null}
              </>
            )}
          </div>

          <section aria-labelledby="sow-versions-heading" className="min-w-0 space-y-2">
            <h2 id="sow-versions-heading" className="text-lg font-semibold">
              Versions
            </h2>
            <ol className="divide-y rounded-xl border bg-card text-sm" data-testid="sow-versions">
              {sow.versions
                .slice()
                .sort((a, b) => b.version - a.version)
                .map((v) => (
                  <li
                    key={v.version}
                    className={cn("space-y-1 p-3", v.version === sow.shownVersion && "bg-muted/40")}
                    data-testid="sow-version"
                  >
                    <div className="flex items-center justify-between gap-2">
                      <button
                        type="button"
                        className="font-medium hover:underline"
                        aria-current={v.version === sow.shownVersion ? "page" : undefined}
                        onClick={() => showVersion(v.version)}
                      >
                        Version {v.version}
                      </button>
                      <SowStatusBadge status={v.status} />
                    </div>
                    <p className="text-xs text-muted-foreground">
                      Fee <Money value={v.feeMinor} currency={currency} /> · {formatDateTime(v.createdAt)}
                      {v.createdBy ? ` · ${v.createdBy.name}` : ""}
                    </p>
                    {v.reason ? <p className="text-xs break-words">{v.reason}</p> : null}
                    {v.sentAt ? (
                      <p className="text-xs text-muted-foreground">Sent {formatDateTime(v.sentAt)}</p>
                    ) : null}
                    {v.signedOn ? (
                      <p className="text-xs text-muted-foreground">Signed {formatDetailDay(v.signedOn)}</p>
                    ) : null}
                  </li>
                ))}
            </ol>
            <h2 className="pt-2 text-lg font-semibold">History</h2>
            <ol className="space-y-1.5 rounded-xl border bg-card p-3 text-sm" data-testid="sow-history">
              <HistoryStep what="Created" who={sow.createdBy} when={sow.createdAt} />
              {sow.sentAt ? (
                <HistoryStep
                  what={`Sent${sow.sentTo ? ` to ${sow.sentTo}` : ""}`}
                  who={sow.sentBy}
                  when={sow.sentAt}
                />
              ) : null}
              {sow.signedOn ? (
                <HistoryStep
                  what={`Signed${sow.signedByName ? ` by ${sow.signedByName}` : ""}`}
                  who={sow.signedRecordedBy}
                  when={sow.signedOn}
                  day
                />
              ) : null}
            </ol>
          </section>
        </div>
      </div>
      <StepDialog sow={sow} action={asking} onClose={() => setAsking(null)} />
      <InvoiceDialog sow={sow} entry={invoicing} onClose={() => setInvoicing(null)} />
    </Page>
  );
}

/** The budgets of the SOW's project to choose from (invoices are proposed into it). */
function BudgetSelect({
  projectId,
  value,
  current,
  error,
  onChange,
}: {
  projectId: string;
  value: string;
  current: { id: string; name: string } | null;
  error: string | undefined;
  onChange: (budgetId: string) => void;
}) {
  const budgets = useBudgetList(`projectId=${encodeURIComponent(projectId)}&sort=name&dir=asc&pageSize=200`);
  const items = (budgets.data?.items ?? []).filter((b) => b.projectId === projectId);
  return (
    <SelectField
      id="sow-budget-edit"
      label="Budget"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">No budget</option>
      {current && !items.some((b) => b.id === current.id) ? (
        <option value={current.id}>{current.name}</option>
      ) : null}
      {items.map((b) => (
        <option key={b.id} value={b.id}>
          {b.name} · {b.currency}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The project's deliverable tasks (ClickUp type 2) as read into this version, with their due
 * dates; a draft includes or leaves out each one and can read them again from ClickUp.
 */
function Deliverables({
  sow,
  excluded,
  onToggle,
  refresh,
}: {
  sow: SowDetail;
  excluded: string[] | null;
  onToggle: ((taskId: string, included: boolean) => void) | null;
  refresh: { onClick: () => void; disabled: boolean } | null;
}) {
  const shown = onToggle ? sow.deliverables : sow.deliverables.filter((d) => d.included);
  const left = onToggle ? 0 : sow.deliverables.length - shown.length;
  return (
    <section aria-labelledby="sow-deliverables-heading" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sow-deliverables-heading" className="text-lg font-semibold">
          Deliverables
        </h2>
        {refresh ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={refresh.disabled}
            title={refresh.disabled ? "Save or discard your changes first" : undefined}
            onClick={refresh.onClick}
          >
            <RefreshCw aria-hidden /> Refresh from ClickUp
          </Button>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl border bg-card p-3 text-sm text-muted-foreground">
          {sow.deliverables.length === 0
            ? "The project has no deliverable tasks in ClickUp."
            : "No deliverable is included."}
        </p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card text-sm" aria-label="Deliverables">
          {shown.map((d, i) => {
            const included = excluded ? !excluded.includes(d.taskId) : d.included;
            const dueText = d.dueDate ? `Due ${formatDetailDay(d.dueDate)}` : "No due date";
            return (
              <li key={d.taskId} className="p-3" data-testid="sow-deliverable" data-included={included}>
                {onToggle ? (
                  <label htmlFor={`sow-deliverable-${i}`} className="flex items-start gap-2">
                    <input
                      id={`sow-deliverable-${i}`}
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={included}
                      onChange={(e) => onToggle(d.taskId, e.target.checked)}
                    />
                    <span
                      className={cn(
                        "min-w-0 flex-1 break-words",
                        !included && "text-muted-foreground line-through",
                      )}
                    >
                      {d.name}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">{dueText}</span>
                  </label>
                ) : (
                  <div className="flex items-start justify-between gap-2">
                    <span className="min-w-0 break-words">{d.name}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">{dueText}</span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">
        {sow.deliverablesReadAt ? `Read from ClickUp ${formatDateTime(sow.deliverablesReadAt)}` : ""}
        {left > 0 ? `${sow.deliverablesReadAt ? " · " : ""}${left} left out` : ""}
      </p>
    </section>
  );
}

/** A saved schedule: each payment, when it is due, its amount, and the invoice made from it. */
function ScheduleTable({
  sow,
  onInvoice,
}: {
  sow: SowDetail;
  onInvoice: ((entry: SowScheduleEntry) => void) | null;
}) {
  const currency = sow.currency;
  if (sow.schedule.length === 0)
    return (
      <p className="rounded-xl border bg-card p-3 text-sm text-muted-foreground">No payment schedule.</p>
    );
  return (
    <ul className="divide-y rounded-xl border bg-card" aria-label="Payment schedule">
      {sow.schedule.map((e) => (
        <li
          key={e.id}
          className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-3 text-sm"
          data-testid="schedule-entry"
        >
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-medium break-words">{e.label}</p>
            <p className="text-xs break-words text-muted-foreground">
              {e.dueOn ? `Due ${formatDetailDay(e.dueOn)}` : e.milestone ? e.milestone : "No date"}
              {e.percentBp !== null ? ` · ${basisPointsToPercentText(e.percentBp)} % of the fee` : ""}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <Money value={e.amountMinor} currency={currency} className="font-medium" />
            {e.invoice ? (
              <span className="flex items-center gap-2 text-xs" data-testid="schedule-invoice">
                <Link to={invoiceHref(e.invoice.id)} className="font-medium hover:underline">
                  {e.invoice.displayNumber}
                </Link>
                <InvoiceStatusBadge status={e.invoice.status} />
              </span>
            ) : onInvoice ? (
              <Button type="button" size="sm" variant="outline" onClick={() => onInvoice(e)}>
                Create invoice
              </Button>
            ) : null}
          </div>
        </li>
      ))}
      <li className="flex justify-between gap-4 bg-muted/30 p-3 text-sm font-medium">
        <span>Total</span>
        <span data-testid="schedule-total">
          <Money value={sow.scheduleTotalMinor} currency={currency} />
        </span>
      </li>
    </ul>
  );
}

/**
 * Confirm one step: send asks for the recipient (the client's e-mail first) and a message, mark
 * signed for who signed and when, a new version for why. The API's refusal is shown in the
 * dialog and as a toast.
 */
function StepDialog({
  sow,
  action,
  onClose,
}: {
  sow: SowDetail;
  action: Action | null;
  onClose: () => void;
}) {
  const step = useSowStep(sow.id);
  const today = useAppToday();
  const [to, setTo] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [signer, setSigner] = useState("");
  const [signedOn, setSignedOn] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const recipient = to ?? sow.client.email;
  const day = signedOn ?? today ?? "";

  const finish = () => {
    setTo(null);
    setMessage("");
    setSigner("");
    setSignedOn(null);
    setReason("");
    setErrors({});
    setServerError(null);
    onClose();
  };
  const close = () => (step.isPending ? undefined : finish());

  const confirm = () => {
    if (!action || step.isPending) return;
    const next: Record<string, string> = {};
    let body: SowStep | null = null;
    if (action === "send") {
      if (!recipient.trim()) next.to = "enter the e-mail address to send it to";
      else
        body = {
          action,
          body: {
            to: recipient.trim(),
            ...(message.trim() ? { message: message.trim() } : {}),
            baseRowVersion: sow.rowVersion,
          },
        };
    } else if (action === "sign") {
      if (!signer.trim()) next.signedByName = "say who signed it";
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) next.signedOn = "enter the day it was signed";
      if (!next.signedByName && !next.signedOn)
        body = {
          action,
          body: { signedByName: signer.trim(), signedOn: day, baseRowVersion: sow.rowVersion },
        };
    } else {
      body = {
        action,
        body: { ...(reason.trim() ? { reason: reason.trim() } : {}), baseRowVersion: sow.rowVersion },
      };
    }
    setErrors(next);
    setServerError(null);
    if (!body) return;
    step.mutate(body, {
      onSuccess: (updated) => {
        const done =
          action === "send"
            ? `${updated.displayNumber} sent to ${updated.sentTo ?? recipient}`
            : action === "sign"
              ? `${updated.displayNumber} marked signed`
              : `${updated.displayNumber} version ${updated.version} started`;
        toast.success(done, { description: updated.title });
        finish();
      },
      onError: (error) => {
        const placed: Record<string, string> = {};
        if (error instanceof ApiError) {
          for (const f of error.fields ?? []) placed[f.field.split(".")[0] ?? f.field] = f.message;
        }
        setErrors(placed);
        setServerError(error.message);
        toast.error(`Could not ${ACTION_LABEL[action].toLowerCase()}`, { description: error.message });
      },
    });
  };

  const fee = formatMoney(sow.shownFeeMinor, sow.currency);
  return (
    <Dialog open={action !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="sm:max-w-md" role="alertdialog">
        {action ? (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              confirm();
            }}
          >
            <DialogHeader>
              <DialogTitle>
                {ACTION_LABEL[action]} {sow.displayNumber}?
              </DialogTitle>
              <DialogDescription>
                {action === "send"
                  ? `Version ${sow.version} of ${sow.displayNumber} (${fee}) is e-mailed to the client with the PDF attached and marked sent; it can no longer be edited.`
                  : action === "sign"
                    ? `Record that ${sow.clientName} signed version ${sow.version} of ${sow.displayNumber} (${fee}). Invoices can then be created from its payment schedule.`
                    : `Version ${sow.version + 1} starts as a draft copied from version ${sow.version}, which stays readable as it is.`}
              </DialogDescription>
            </DialogHeader>
            {action === "send" ? (
              <>
                <InputField
                  id="sow-send-to"
                  label="Recipient e-mail"
                  type="email"
                  autoComplete="off"
                  value={recipient}
                  error={errors.to}
                  onChange={(e) => setTo(e.target.value)}
                />
                <div className="space-y-1.5">
                  <Label htmlFor="sow-send-message">Message (optional)</Label>
                  <Textarea
                    id="sow-send-message"
                    rows={3}
                    maxLength={2000}
                    value={message}
                    onChange={(e) => setMessage(e.target.value)}
                  />
                </div>
              </>
            ) : null}
            {action === "sign" ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <InputField
                  id="sow-signer"
                  label="Signed by"
                  autoComplete="off"
                  maxLength={200}
                  value={signer}
                  error={errors.signedByName}
                  onChange={(e) => setSigner(e.target.value)}
                />
                <InputField
                  id="sow-signed-on"
                  label="Signed on"
                  type="date"
                  value={day}
                  error={errors.signedOn}
                  onChange={(e) => setSignedOn(e.target.value)}
                />
              </div>
            ) : null}
            {action === "new_version" ? (
              <div className="space-y-1.5">
                <Label htmlFor="sow-version-reason">Why it changes (optional)</Label>
                <Textarea
                  id="sow-version-reason"
                  rows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
            ) : null}
            {serverError ? (
              <p role="alert" className="text-sm text-destructive" data-testid="step-error">
                {serverError}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" autoFocus onClick={close} disabled={step.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={step.isPending}>
                {step.isPending ? "Working..." : ACTION_LABEL[action]}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Create a draft client invoice for one payment of a signed SOW: the issue date (today first)
 * and an optional due date (else the client's terms). Above what is left to bill on the budget
 * the API refuses; the override is offered only then.
 */
function InvoiceDialog({
  sow,
  entry,
  onClose,
}: {
  sow: SowDetail;
  entry: SowScheduleEntry | null;
  onClose: () => void;
}) {
  const propose = useProposeSowInvoice(sow.id);
  const today = useAppToday();
  const [issueDate, setIssueDate] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState("");
  const [overrideOffered, setOverrideOffered] = useState(false);
  const [override, setOverride] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const issue = issueDate ?? today ?? "";

  const finish = () => {
    setIssueDate(null);
    setDueDate("");
    setOverrideOffered(false);
    setOverride(false);
    setErrors({});
    setServerError(null);
    onClose();
  };
  const close = () => (propose.isPending ? undefined : finish());

  const confirm = () => {
    if (!entry || propose.isPending) return;
    const next: Record<string, string> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(issue)) next.issueDate = "enter the issue date";
    if (dueDate && issue && dueDate < issue) next.dueDate = "must not be before the issue date";
    setErrors(next);
    setServerError(null);
    if (Object.keys(next).length > 0) return;
    propose.mutate(
      {
        entryId: entry.id,
        body: {
          issueDate: issue,
          ...(dueDate ? { dueDate } : {}),
          ...(override ? { overrideLeftToBill: true } : {}),
        },
      },
      {
        onSuccess: ({ invoice }) => {
          toast.success(`${invoice.displayNumber} created`, {
            description: `${entry.label} · ${formatMoney(invoice.totalMinor, sow.currency)}`,
          });
          finish();
        },
        onError: (error) => {
          const placed: Record<string, string> = {};
          if (error instanceof ApiError) {
            for (const f of error.fields ?? []) {
              if (f.field === "overrideLeftToBill") setOverrideOffered(true);
              else placed[f.field.split(".")[0] ?? f.field] = f.message;
            }
          }
          setErrors(placed);
          setServerError(error.message);
        },
      },
    );
  };

  return (
    <Dialog open={entry !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="sm:max-w-md" role="alertdialog">
        {entry ? (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              confirm();
            }}
          >
            <DialogHeader>
              <DialogTitle>Create invoice for {entry.label}?</DialogTitle>
              <DialogDescription>
                A draft client invoice of {formatMoney(entry.amountMinor, sow.currency)} to {sow.clientName}{" "}
                on the budget {sow.budgetName ?? ""}; it is checked and sent from its own page.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-3 sm:grid-cols-2">
              <InputField
                id="sow-invoice-issue"
                label="Issue date"
                type="date"
                value={issue}
                error={errors.issueDate}
                onChange={(e) => setIssueDate(e.target.value)}
              />
              <InputField
                id="sow-invoice-due"
                label="Due date (blank: the client's terms)"
                type="date"
                min={issue || undefined}
                value={dueDate}
                error={errors.dueDate}
                onChange={(e) => setDueDate(e.target.value)}
              />
            </div>
            {overrideOffered ? (
              <label className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={override}
                  onChange={(e) => setOverride(e.target.checked)}
                />
                <span>Bill more than is left to bill on the job</span>
              </label>
            ) : null}
            {serverError ? <FormError message={serverError} /> : null}
            <DialogFooter>
              <Button type="button" variant="outline" autoFocus onClick={close} disabled={propose.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={propose.isPending}>
                {propose.isPending ? "Creating..." : "Create invoice"}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
