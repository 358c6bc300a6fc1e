import { useState } from "react";
import { useNavigate } from "react-router";
import { DEFAULT_DEPOSIT_BP, INVOICE_KIND_LABEL, INVOICE_KINDS, type InvoiceKind } from "@domain/invoices";
import { basisPointsToPercentText, parsePercent } from "@domain/money";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { Money } from "@/features/budgets/status-badge";
import { useBudgetRevision, useOrderableBudgets } from "@/features/purchase-orders/api";
import { budgetLineLabel } from "@/features/purchase-orders/figures";
import { FieldError, InputField, SelectField } from "@/features/settings/form-fields";
import { useAppToday } from "@/features/vendor-bills/api";
import { ApiError } from "@/lib/api";
import {
  invoiceHref,
  useClientList,
  useCreateInvoice,
  useInvoiceProposal,
  type CreateInvoice,
  type ProposeInvoice,
} from "./api";
import { InvoiceLines } from "./invoice-page";

/**
 * New invoice: an approved budget, the kind — a deposit (a percentage of the approved estimate,
 * 75 % unless changed), a progress invoice (a percentage, or chosen budget lines) or the final
 * one (actuals less what was invoiced) — whose lines and total the API proposes before anything
 * is created; the client (the project's by default), the client's PO number, the issue and due
 * dates. An invoice above what is left to bill is refused unless the override is ticked, and the
 * override is offered only once the API has refused for that reason.
 */
export function NewInvoiceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New invoice</DialogTitle>
          <DialogDescription>
            Bill a client from an approved budget. The proposed lines and total are shown before the draft is
            created; it is sent from its own page.
          </DialogDescription>
        </DialogHeader>
        {open ? <InvoiceForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Errors = Partial<
  Record<
    "budgetId" | "percentBp" | "lineKeys" | "clientId" | "clientPoNumber" | "issueDate" | "dueDate" | "lines",
    string
  >
>;
const FIELDS: readonly (keyof Errors)[] = [
  "budgetId",
  "percentBp",
  "lineKeys",
  "clientId",
  "clientPoNumber",
  "issueDate",
  "dueDate",
  "lines",
];

function InvoiceForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const today = useAppToday();
  const budgets = useOrderableBudgets();
  const clients = useClientList("archived=active&sort=name&dir=asc&pageSize=200");
  const [budgetId, setBudgetId] = useState("");
  const [kind, setKind] = useState<InvoiceKind>("deposit");
  const [progressBy, setProgressBy] = useState<"percent" | "lines">("percent");
  const [percent, setPercent] = useState(basisPointsToPercentText(DEFAULT_DEPOSIT_BP));
  const [lineKeys, setLineKeys] = useState<string[]>([]);
  const [clientId, setClientId] = useState("");
  const [clientPoNumber, setClientPoNumber] = useState("");
  const [issueDate, setIssueDate] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState("");
  const [overrideOffered, setOverrideOffered] = useState(false);
  const [override, setOverride] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const chosen = budgets.budgets.find((b) => b.id === budgetId);
  const working = useBudgetRevision(
    budgetId,
    chosen?.workingRevisionNumber ?? null,
    kind === "progress" && progressBy === "lines" && chosen !== undefined,
  );
  const issue = issueDate ?? today ?? "";

  // The basis the API proposes from: null while it is incomplete (nothing is asked).
  const percentBp = parsePercent(percent);
  const percentError =
    kind === "final" || (kind === "progress" && progressBy === "lines")
      ? undefined
      : percentBp === null || percentBp <= 0 || percentBp > 10_000
        ? "enter a percentage above 0 and at most 100"
        : undefined;
  let basis: ProposeInvoice | null = null;
  if (budgetId) {
    if (kind === "final") basis = { budgetId, kind };
    else if (kind === "progress" && progressBy === "lines")
      basis = lineKeys.length > 0 ? { budgetId, kind, lineKeys } : null;
    else if (!percentError && percentBp !== null) basis = { budgetId, kind, percentBp };
  }
  const proposal = useInvoiceProposal(basis);
  const proposed = basis ? proposal.data : undefined;

  const resetOverride = () => {
    setOverrideOffered(false);
    setOverride(false);
    setServerError(null);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const next: Errors = {};
    if (!budgetId) next.budgetId = "choose an approved budget";
    if (percentError) next.percentBp = percentError;
    if (kind === "progress" && progressBy === "lines" && lineKeys.length === 0)
      next.lineKeys = "choose at least one budget line";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(issue)) next.issueDate = "enter the issue date";
    if (dueDate && issue && dueDate < issue) next.dueDate = "must not be before the issue date";
    setErrors(next);
    setServerError(null);
    if (Object.keys(next).length > 0 || !basis) return;
    const body: CreateInvoice = {
      ...basis,
      ...(clientId ? { clientId } : {}),
      ...(clientPoNumber.trim() ? { clientPoNumber: clientPoNumber.trim() } : {}),
      issueDate: issue,
      ...(dueDate ? { dueDate } : {}),
      ...(override ? { overrideLeftToBill: true } : {}),
    };
    create.mutate(body, {
      onSuccess: (invoice) => {
        toast.success(`${invoice.displayNumber} created`, {
          description: `${INVOICE_KIND_LABEL[invoice.kind]} invoice · ${invoice.clientName}`,
        });
        onDone();
        void navigate(invoiceHref(invoice.id));
      },
      onError: (error) => {
        const placed: Errors = {};
        let leftToBill = false;
        if (error instanceof ApiError) {
          for (const f of error.fields ?? []) {
            const head = (f.field.split(".")[0] ?? f.field) as keyof Errors;
            if (f.field === "overrideLeftToBill") leftToBill = true;
            else if (FIELDS.includes(head)) placed[head] = f.message;
          }
        }
        if (leftToBill) setOverrideOffered(true);
        setErrors(placed);
        setServerError(error.message);
      },
    });
  };

  const lines = working.data?.lines ?? [];
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New invoice">
      <SelectField
        id="invoice-budget"
        label="Budget"
        error={errors.budgetId}
        disabled={budgets.isPending}
        value={budgetId}
        onChange={(e) => {
          setBudgetId(e.target.value);
          setLineKeys([]);
          resetOverride();
        }}
      >
        <option value="">{budgets.isPending ? "Loading budgets…" : "Choose an approved budget"}</option>
        {budgets.budgets.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name} · {b.projectName ?? "Unknown project"}
          </option>
        ))}
      </SelectField>

      <fieldset className="min-w-0 space-y-2">
        <legend className="text-sm font-medium">Kind</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2" role="radiogroup" aria-label="Kind">
          {INVOICE_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="invoice-kind"
                value={k}
                className="size-4 accent-primary"
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  if (k === "deposit") setPercent(basisPointsToPercentText(DEFAULT_DEPOSIT_BP));
                  resetOverride();
                }}
              />
              {INVOICE_KIND_LABEL[k]}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">
          {kind === "deposit"
            ? "A share of the approved estimate, asked up front (75 % unless you change it)."
            : kind === "progress"
              ? "A share of the approved estimate, or the estimates of chosen budget lines."
              : "The actuals — time at client rates and re-billed costs with markup — less what was invoiced."}
        </p>
      </fieldset>

      {kind === "progress" ? (
        <SelectField
          id="invoice-progress-by"
          label="Bill"
          value={progressBy}
          onChange={(e) => {
            setProgressBy(e.target.value === "lines" ? "lines" : "percent");
            resetOverride();
          }}
        >
          <option value="percent">A percentage of the estimate</option>
          <option value="lines">Chosen budget lines</option>
        </SelectField>
      ) : null}
      {kind !== "final" && !(kind === "progress" && progressBy === "lines") ? (
        <InputField
          id="invoice-percent"
          label="Percentage of the estimate (%)"
          inputMode="decimal"
          autoComplete="off"
          fieldClassName="sm:w-64"
          value={percent}
          error={errors.percentBp ?? (percent ? percentError : undefined)}
          onChange={(e) => {
            setPercent(e.target.value);
            resetOverride();
          }}
        />
      ) : null}
      {kind === "progress" && progressBy === "lines" ? (
        <fieldset
          className="min-w-0 space-y-2"
          aria-describedby={errors.lineKeys ? "invoice-lines-error" : undefined}
        >
          <legend className="text-sm font-medium">Budget lines to bill</legend>
          {!budgetId ? (
            <p className="text-sm text-muted-foreground">Choose a budget first.</p>
          ) : working.isPending ? (
            <p className="text-sm text-muted-foreground">Loading the budget&apos;s lines…</p>
          ) : (
            <ul className="max-h-60 divide-y overflow-y-auto rounded-lg border" aria-label="Budget lines">
              {lines.map((l, i) => (
                <li key={l.key} className="px-3 py-2" data-testid="invoice-line-option">
                  <label htmlFor={`invoice-line-${i}`} className="flex items-start gap-2 text-sm">
                    <input
                      id={`invoice-line-${i}`}
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                      checked={lineKeys.includes(l.key)}
                      onChange={(e) => {
                        setLineKeys((all) =>
                          e.target.checked ? [...all, l.key] : all.filter((key) => key !== l.key),
                        );
                        resetOverride();
                      }}
                    />
                    <span className="min-w-0 flex-1 break-words">
                      {budgetLineLabel({ section: l.section, number: l.number, description: l.description })}
                    </span>
                    <Money value={l.estimateMinor} currency={working.data?.currency ?? "USD"} />
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldError id="invoice-lines" message={errors.lineKeys} />
        </fieldset>
      ) : null}

      {basis ? (
        <section aria-label="Proposed invoice" className="space-y-2" data-testid="invoice-proposal">
          {proposal.isError ? (
            <FormError message={proposal.error.message} />
          ) : !proposed ? (
            <p className="text-sm text-muted-foreground">Working out the invoice…</p>
          ) : (
            <>
              <dl className="grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
                <Fig label="Approved estimate" testId="proposal-estimate">
                  <Money value={proposed.estimateMinor} currency={proposed.currency} />
                </Fig>
                <Fig label="Invoiced so far">
                  <Money value={proposed.invoicedMinor} currency={proposed.currency} />
                </Fig>
                <Fig label="Left to bill">
                  <Money value={proposed.leftToBillMinor} currency={proposed.currency} />
                </Fig>
                <Fig label="Client">{proposed.clientName ?? "None on the project"}</Fig>
              </dl>
              <InvoiceLines lines={proposed.lines} currency={proposed.currency} total={proposed.totalMinor} />
              {proposed.unpricedMinutes > 0 ? (
                <p className="text-xs text-muted-foreground">
                  {Math.floor(proposed.unpricedMinutes / 60)} h {proposed.unpricedMinutes % 60} min of time
                  has no client rate and is left off.
                </p>
              ) : null}
              {proposed.refusal ? (
                <p className="rounded-lg border border-warning/40 bg-warning/10 p-2 text-sm">
                  {proposed.refusal}
                </p>
              ) : null}
            </>
          )}
        </section>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="invoice-client"
          label="Client"
          error={errors.clientId}
          value={clientId}
          onChange={(e) => setClientId(e.target.value)}
        >
          <option value="">
            The project&apos;s client{proposed?.clientName ? ` (${proposed.clientName})` : ""}
          </option>
          {(clients.data?.items ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <InputField
          id="invoice-client-po"
          label="Client's PO number"
          autoComplete="off"
          maxLength={100}
          value={clientPoNumber}
          error={errors.clientPoNumber}
          onChange={(e) => setClientPoNumber(e.target.value)}
        />
        <InputField
          id="invoice-issue-date"
          label="Issue date"
          type="date"
          value={issue}
          error={errors.issueDate}
          onChange={(e) => setIssueDate(e.target.value)}
        />
        <InputField
          id="invoice-due-date"
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
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create invoice"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function Fig({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border bg-card p-2" data-testid={testId}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate font-medium">{children}</dd>
    </div>
  );
}
