import { useState } from "react";
import { Download } from "lucide-react";
import { Link, useParams } from "react-router";
import { formatDateTime, formatDetailDay } from "@domain/index";
import { INVOICE_KIND_LABEL } from "@domain/invoices";
import { formatMoney, minorToDecimalString } from "@domain/money";
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
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { Page } from "@/features/app-shell/page";
import { Money } from "@/features/budgets/status-badge";
import { parseAmount } from "@/features/purchase-orders/figures";
import { InputField } from "@/features/settings/form-fields";
import { useAppToday } from "@/features/vendor-bills/api";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { invoicePdfHref, useInvoice, useInvoiceStep, type InvoiceDetail, type InvoiceStep } from "./api";
import { InvoiceStatusBadge, OverdueBadge } from "./status-badge";
import { DocumentUnavailable } from "@/features/app-shell/document-unavailable";

type Action = InvoiceDetail["allowedActions"][number];

const ACTION_LABEL: Record<Action, string> = {
  send: "Send to client",
  pay: "Record payment",
  void: "Void invoice",
};

/** /finance/invoices/:invoiceId — a client invoice: client, job, lines, payments and its allowed steps. */
export function InvoicePage() {
  const { invoiceId = "" } = useParams();
  const invoice = useInvoice(invoiceId);

  if (!invoice.isSuccess)
    return (
      <DocumentUnavailable
        query={invoice}
        title="Invoice"
        noun="invoice"
        listHref="/finance/invoices"
        listLabel="Back to invoices"
      />
    );
  return <InvoiceView invoice={invoice.data} />;
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const [asking, setAsking] = useState<Action | null>(null);
  const currency = invoice.currency;

  return (
    <Page
      title={invoice.displayNumber}
      description={`${INVOICE_KIND_LABEL[invoice.kind]} invoice · ${invoice.clientName}`}
      actions={
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Invoice actions">
          {invoice.allowedActions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === "void" ? "outline" : "default"}
              className={cn(action === "void" && "text-destructive")}
              onClick={() => setAsking(action)}
            >
              {ACTION_LABEL[action]}
            </Button>
          ))}
          <Button asChild size="sm" variant="outline">
            <a href={invoicePdfHref(invoice.id)} download>
              <Download aria-hidden /> Download PDF
            </a>
          </Button>
        </div>
      }
    >
      <div className="space-y-8">
        <section aria-label="Invoice details" className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <Fact label="Status">
              <span className="flex flex-wrap gap-1">
                <InvoiceStatusBadge status={invoice.status} />
                {invoice.overdue ? <OverdueBadge days={invoice.daysOverdue} /> : null}
              </span>
            </Fact>
            <Fact label="Client">
              <span className="break-words">{invoice.client.name}</span>
              {invoice.client.email ? (
                <span className="block text-xs break-all text-muted-foreground">{invoice.client.email}</span>
              ) : null}
            </Fact>
            <Fact label="Client PO number">{invoice.clientPoNumber || "None"}</Fact>
            <Fact label="Project · Budget" className="col-span-2 sm:col-span-1 lg:col-span-2">
              <span className="block break-words">{invoice.projectName ?? "Unknown project"}</span>
              <Link
                to={`/finance/budgets/${encodeURIComponent(invoice.budgetId)}`}
                className="text-xs font-medium break-words hover:underline"
              >
                {invoice.budgetName}
              </Link>
            </Fact>
            <Fact label="Issued">{formatDetailDay(invoice.issueDate)}</Fact>
            <Fact label="Due">
              <span data-testid="invoice-due">{formatDetailDay(invoice.dueDate)}</span>
              <span className="block text-xs text-muted-foreground">
                {invoice.client.paymentTermsDays} days&apos; terms
              </span>
            </Fact>
            {invoice.sentAt ? (
              <Fact label="Sent">
                {formatDateTime(invoice.sentAt)}
                {invoice.sentTo ? (
                  <span className="block text-xs break-all text-muted-foreground">to {invoice.sentTo}</span>
                ) : null}
              </Fact>
            ) : null}
          </dl>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" role="group" aria-label="Figures">
            <Figure label="Total" value={<Money value={invoice.totalMinor} currency={currency} />} />
            <Figure label="Paid" value={<Money value={invoice.paidMinor} currency={currency} />} />
            <Figure
              label="Outstanding"
              value={<Money value={invoice.outstandingMinor} currency={currency} />}
              alert={invoice.overdue}
            />
          </div>
          {invoice.overLeftToBill ? (
            <p className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
              This invoice was issued above what was left to bill on the job (override confirmed).
            </p>
          ) : null}
          {invoice.status === "void" ? (
            <p className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
              Void{invoice.voidReason ? `: ${invoice.voidReason}` : ""}. It keeps its number and bills
              nothing.
            </p>
          ) : null}
        </section>

        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="invoice-lines-heading" className="min-w-0 space-y-2">
            <h2 id="invoice-lines-heading" className="text-lg font-semibold">
              Lines
            </h2>
            <InvoiceLines lines={invoice.lines} currency={currency} total={invoice.totalMinor} />
            {invoice.notes ? (
              <div className="rounded-xl border bg-card p-3 text-sm">
                <h3 className="mb-1 text-xs font-medium text-muted-foreground">Notes</h3>
                <p className="whitespace-pre-wrap">{invoice.notes}</p>
              </div>
            ) : null}
          </section>

          <section aria-labelledby="invoice-payments-heading" className="min-w-0 space-y-2">
            <h2 id="invoice-payments-heading" className="text-lg font-semibold">
              Payments
            </h2>
            {invoice.payments.length === 0 ? (
              <p className="rounded-xl border bg-card p-3 text-sm text-muted-foreground">
                No payment recorded yet.
              </p>
            ) : (
              <ol className="divide-y rounded-xl border bg-card text-sm" data-testid="invoice-payments">
                {invoice.payments.map((p) => (
                  <li key={p.id} className="flex justify-between gap-3 p-3" data-testid="invoice-payment">
                    <span className="min-w-0">
                      <span className="block font-medium">{formatDetailDay(p.paidOn)}</span>
                      <span className="block text-xs break-words text-muted-foreground">
                        {p.reference ? `${p.reference} · ` : ""}
                        {p.recordedBy ? p.recordedBy.name : "Recorded"}
                      </span>
                    </span>
                    <Money value={p.amountMinor} currency={currency} className="font-medium" />
                  </li>
                ))}
              </ol>
            )}
            <h2 className="pt-2 text-lg font-semibold">History</h2>
            <ol className="space-y-1.5 rounded-xl border bg-card p-3 text-sm" data-testid="invoice-history">
              <HistoryStep what="Created" who={invoice.createdBy} when={invoice.createdAt} />
              {invoice.sentAt ? (
                <HistoryStep
                  what={`Sent${invoice.sentTo ? ` to ${invoice.sentTo}` : ""}`}
                  who={invoice.sentBy}
                  when={invoice.sentAt}
                />
              ) : null}
              {invoice.paidAt ? <HistoryStep what="Paid in full" who={null} when={invoice.paidAt} /> : null}
              {invoice.voidedAt ? (
                <HistoryStep
                  what={`Voided${invoice.voidReason ? `: ${invoice.voidReason}` : ""}`}
                  who={invoice.voidedBy}
                  when={invoice.voidedAt}
                />
              ) : null}
            </ol>
          </section>
        </div>
      </div>
      <StepDialog invoice={invoice} action={asking} onClose={() => setAsking(null)} />
    </Page>
  );
}

/** Time as hours and minutes: 5_400_000 ms → "1 h 30 min" (whole minutes). */
function hoursText(durationMs: number): string {
  const minutes = Math.round(durationMs / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** An invoice's lines (or a proposal's) with their total. */
export function InvoiceLines({
  lines,
  currency,
  total,
}: {
  lines: InvoiceDetail["lines"];
  currency: string;
  total: number;
}) {
  return (
    <ul className="divide-y rounded-xl border bg-card" aria-label="Invoice lines">
      {lines.map((line, i) => (
        <li
          key={`${line.kind}-${line.budgetLineKey ?? ""}-${i}`}
          className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 text-sm"
          data-testid="invoice-line"
        >
          <div className="min-w-0 flex-1 basis-48">
            <p className="break-words">{line.description}</p>
            {line.durationMs !== null && line.rateMinor !== null ? (
              <p className="text-xs text-muted-foreground">
                {hoursText(line.durationMs)} × <Money value={line.rateMinor} currency={currency} />
                /h
              </p>
            ) : null}
            {line.markupMinor !== null && line.costMinor !== null ? (
              <p className="text-xs text-muted-foreground">
                Cost <Money value={line.costMinor} currency={currency} /> + markup{" "}
                <Money value={line.markupMinor} currency={currency} />
              </p>
            ) : null}
          </div>
          <Money value={line.amountMinor} currency={currency} className="font-medium" />
        </li>
      ))}
      <li className="flex justify-between gap-4 bg-muted/30 p-3 text-sm font-medium">
        <span>Total</span>
        <span data-testid="invoice-total">
          <Money value={total} currency={currency} />
        </span>
      </li>
    </ul>
  );
}

/**
 * Confirm one step: send asks for the recipient (the client's e-mail first), record payment for
 * the amount (what is outstanding first) and the day, void for the reason. The API's refusal
 * (400, 403, 409) is shown in the dialog and as a toast.
 */
function StepDialog({
  invoice,
  action,
  onClose,
}: {
  invoice: InvoiceDetail;
  action: Action | null;
  onClose: () => void;
}) {
  const step = useInvoiceStep(invoice.id);
  const today = useAppToday();
  const currency = invoice.currency;
  const [to, setTo] = useState<string | null>(null);
  const [amount, setAmount] = useState<string | null>(null);
  const [paidOn, setPaidOn] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const recipient = to ?? invoice.client.email;
  const amountValue = amount ?? minorToDecimalString(invoice.outstandingMinor, currency);
  const day = paidOn ?? today ?? "";

  const finish = () => {
    setTo(null);
    setAmount(null);
    setPaidOn(null);
    setReason("");
    setErrors({});
    setServerError(null);
    onClose();
  };
  const close = () => (step.isPending ? undefined : finish());

  const confirm = () => {
    if (!action || step.isPending) return;
    const next: Record<string, string> = {};
    let body: InvoiceStep | null = null;
    if (action === "send") {
      if (!recipient.trim()) next.to = "enter the e-mail address to send it to";
      else body = { action, to: recipient.trim(), baseVersion: invoice.version };
    } else if (action === "pay") {
      const parsed = parseAmount(amountValue, currency);
      if (!parsed.ok) next.amountMinor = parsed.message;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) next.paidOn = "enter the day the money arrived";
      if (parsed.ok && !next.paidOn) body = { action, amountMinor: parsed.minor, paidOn: day };
    } else {
      if (!reason.trim()) next.reason = "say why the invoice is voided";
      else body = { action, reason: reason.trim(), baseVersion: invoice.version };
    }
    setErrors(next);
    setServerError(null);
    if (!body) return;
    step.mutate(body, {
      onSuccess: (updated) => {
        const done =
          action === "send"
            ? `${updated.displayNumber} sent to ${updated.sentTo ?? recipient}`
            : action === "pay"
              ? updated.status === "paid"
                ? `${updated.displayNumber} paid in full`
                : `Payment recorded on ${updated.displayNumber}`
              : `${updated.displayNumber} voided`;
        toast.success(done, {
          description:
            action === "pay"
              ? `Outstanding ${formatMoney(updated.outstandingMinor, updated.currency)}`
              : updated.clientName,
        });
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

  const total = formatMoney(invoice.totalMinor, currency);
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
                {ACTION_LABEL[action]} {invoice.displayNumber}?
              </DialogTitle>
              <DialogDescription>
                {action === "send"
                  ? `${invoice.displayNumber} (${total}) is e-mailed as a PDF to the client and marked sent; it can no longer be edited.`
                  : action === "pay"
                    ? `A payment from ${invoice.clientName} on ${invoice.displayNumber}: ${formatMoney(invoice.outstandingMinor, currency)} is outstanding of ${total}.`
                    : `${invoice.displayNumber} is void: it keeps its number and bills nothing.`}
              </DialogDescription>
            </DialogHeader>
            {action === "send" ? (
              <InputField
                id="invoice-send-to"
                label="Recipient e-mail"
                type="email"
                autoComplete="off"
                value={recipient}
                error={errors.to}
                onChange={(e) => setTo(e.target.value)}
              />
            ) : null}
            {action === "pay" ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <InputField
                  id="invoice-payment-amount"
                  label={`Amount (${currency})`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amountValue}
                  error={errors.amountMinor}
                  onChange={(e) => setAmount(e.target.value)}
                />
                <InputField
                  id="invoice-payment-date"
                  label="Paid on"
                  type="date"
                  value={day}
                  error={errors.paidOn}
                  onChange={(e) => setPaidOn(e.target.value)}
                />
              </div>
            ) : null}
            {action === "void" ? (
              <div className="space-y-1.5">
                <Label htmlFor="invoice-void-reason">Reason</Label>
                <Textarea
                  id="invoice-void-reason"
                  rows={2}
                  maxLength={500}
                  value={reason}
                  aria-invalid={errors.reason ? true : undefined}
                  aria-describedby={errors.reason ? "invoice-void-reason-error" : undefined}
                  onChange={(e) => setReason(e.target.value)}
                />
                {errors.reason ? (
                  <p id="invoice-void-reason-error" className="text-sm text-destructive">
                    {errors.reason}
                  </p>
                ) : null}
              </div>
            ) : null}
            {serverError ? (
              <p role="alert" className="text-sm text-destructive" data-testid="step-error">
                {serverError}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" autoFocus onClick={close} disabled={step.isPending}>
                {action === "void" ? "Keep it" : "Cancel"}
              </Button>
              <Button
                type="submit"
                variant={action === "void" ? "destructive" : "default"}
                disabled={step.isPending}
              >
                {step.isPending ? "Working..." : ACTION_LABEL[action]}
              </Button>
            </DialogFooter>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
