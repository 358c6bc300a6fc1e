import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatDetailDay } from "@domain/index";
import { formatMoney } from "@domain/money";
import type { VendorBillAction } from "@domain/vendor-bills";
import { Badge } from "@/components/ui/badge";
import { Fact, Figure, HistoryStep } from "@/components/document-parts";
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
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { Page } from "@/features/app-shell/page";
import { Money } from "@/features/budgets/status-badge";
import { budgetLineLabel } from "@/features/purchase-orders/figures";
import { InputField } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import { useAppToday, useVendorBill, useVendorBillStep, type BillStep, type VendorBillDetail } from "./api";
import { VendorBillStatusBadge } from "./status-badge";
import { DocumentUnavailable } from "@/features/app-shell/document-unavailable";

const ACTION_LABEL: Record<VendorBillAction, string> = {
  approve: "Approve",
  pay: "Record payment",
  void: "Void bill",
};
const ACTION_DONE: Record<VendorBillAction, string> = {
  approve: "approved",
  pay: "paid",
  void: "voided",
};

/** /finance/bills/:billId — a vendor bill: vendor, PO, budget, lines, dates, status and its allowed steps. */
export function VendorBillPage() {
  const { billId = "" } = useParams();
  const bill = useVendorBill(billId);

  if (!bill.isSuccess)
    return (
      <DocumentUnavailable
        query={bill}
        title="Vendor bill"
        noun="bill"
        listHref="/finance/bills"
        listLabel="Back to vendor bills"
      />
    );
  return <BillView bill={bill.data} />;
}

function BillView({ bill }: { bill: VendorBillDetail }) {
  const [asking, setAsking] = useState<VendorBillAction | null>(null);
  const currency = bill.currency;
  const overdue = bill.daysPastDue !== null && bill.daysPastDue > 0;

  return (
    <Page
      title={bill.displayNumber}
      description={`${bill.vendorName} · invoice ${bill.invoiceNumber}`}
      actions={
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bill actions">
          {bill.allowedActions.map((action) => (
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
        </div>
      }
    >
      <div className="space-y-8">
        <section aria-label="Bill details" className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <Fact label="Status">
              <VendorBillStatusBadge status={bill.status} />
            </Fact>
            <Fact label="Vendor">{bill.vendor.name}</Fact>
            <Fact label="Purchase order">
              {bill.purchaseOrderId ? (
                <Link
                  to={`/finance/purchase-orders/${encodeURIComponent(bill.purchaseOrderId)}`}
                  className="font-medium hover:underline"
                >
                  {bill.purchaseOrderNumber}
                </Link>
              ) : (
                "None"
              )}
              {bill.withoutPo ? (
                <Badge variant="outline" className="ml-1" data-testid="without-po">
                  Lines without PO
                </Badge>
              ) : null}
            </Fact>
            <Fact label="Budget" className="col-span-2 sm:col-span-1 lg:col-span-2">
              <Link
                to={`/finance/budgets/${encodeURIComponent(bill.budgetId)}`}
                className="font-medium break-words hover:underline"
              >
                {bill.budgetName}
              </Link>
              <span className="block text-xs text-muted-foreground">
                {bill.projectName ?? "Unknown project"}
              </span>
            </Fact>
            <Fact label="Bill date">{formatDetailDay(bill.billDate)}</Fact>
            <Fact label="Due date">
              <span data-testid="bill-due">{formatDetailDay(bill.dueDate)}</span>
              <span className={cn("block text-xs", overdue ? "text-destructive" : "text-muted-foreground")}>
                {bill.daysPastDue === null
                  ? `${bill.vendor.paymentTermsDays} days' terms`
                  : overdue
                    ? `${bill.daysPastDue} day${bill.daysPastDue === 1 ? "" : "s"} overdue`
                    : `${bill.vendor.paymentTermsDays} days' terms`}
              </span>
            </Fact>
            {bill.paymentDate ? <Fact label="Paid on">{formatDetailDay(bill.paymentDate)}</Fact> : null}
          </dl>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" role="group" aria-label="Figures">
            <Figure label="Amount" value={<Money value={bill.amountMinor} currency={currency} />} />
            {bill.approval.unapprovedMinor > 0 ? (
              <Figure
                label="Beyond the PO"
                value={<Money value={bill.approval.unapprovedMinor} currency={currency} />}
              />
            ) : null}
          </div>
          {bill.status === "received" && bill.approval.needsAuthority ? (
            <p className="rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
              {formatMoney(bill.approval.unapprovedMinor, currency)} of this bill is not covered by its
              purchase order ({formatMoney(bill.approval.overPoMinor, currency)} over the PO,{" "}
              {formatMoney(bill.approval.withoutPoMinor, currency)} without one): approving it needs an admin,
              the owner or a member within their purchasing limit.
            </p>
          ) : null}
        </section>

        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="bill-lines-heading" className="min-w-0 space-y-2">
            <h2 id="bill-lines-heading" className="text-lg font-semibold">
              Lines
            </h2>
            <ul className="divide-y rounded-xl border bg-card" aria-label="Bill lines">
              {bill.lines.map((line) => (
                <li
                  key={line.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 text-sm"
                  data-testid="bill-line"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="font-medium break-words">
                      {budgetLineLabel({
                        section: line.section,
                        number: line.budgetLineNumber,
                        description: line.budgetLineDescription,
                      })}
                      {line.withoutPo ? (
                        <Badge variant="outline" className="ml-1">
                          No PO
                        </Badge>
                      ) : null}
                    </p>
                    {line.description !== line.budgetLineDescription ? (
                      <p className="text-xs break-words text-muted-foreground">{line.description}</p>
                    ) : null}
                    {line.poLineAmountMinor !== null ? (
                      <p className="text-xs text-muted-foreground">
                        PO line <Money value={line.poLineAmountMinor} currency={currency} />, of which{" "}
                        <Money value={line.poLineRemainingMinor ?? 0} currency={currency} /> not on other
                        bills
                      </p>
                    ) : null}
                  </div>
                  <span className="font-medium tabular-nums" data-col="amount">
                    <Money value={line.amountMinor} currency={currency} />
                  </span>
                </li>
              ))}
              <li className="flex justify-between gap-4 bg-muted/30 p-3 text-sm font-medium">
                <span>Total</span>
                <span data-testid="bill-total">
                  <Money value={bill.amountMinor} currency={currency} />
                </span>
              </li>
            </ul>
            {bill.notes ? (
              <div className="rounded-xl border bg-card p-3 text-sm">
                <h3 className="mb-1 text-xs font-medium text-muted-foreground">Notes</h3>
                <p className="whitespace-pre-wrap">{bill.notes}</p>
              </div>
            ) : null}
          </section>

          <section aria-labelledby="bill-history-heading" className="space-y-2">
            <h2 id="bill-history-heading" className="text-lg font-semibold">
              History
            </h2>
            <ol className="space-y-1.5 rounded-xl border bg-card p-3 text-sm" data-testid="bill-history">
              <HistoryStep what="Entered" who={bill.createdBy} when={bill.createdAt} />
              {bill.approvedAt ? (
                <HistoryStep what="Approved" who={bill.approvedBy} when={bill.approvedAt} />
              ) : null}
              {bill.paidAt ? (
                <HistoryStep
                  what={`Paid${bill.paymentDate ? ` on ${formatDetailDay(bill.paymentDate)}` : ""}`}
                  who={bill.paidBy}
                  when={bill.paidAt}
                />
              ) : null}
              {bill.voidedAt ? (
                <HistoryStep
                  what={`Voided${bill.voidReason ? `: ${bill.voidReason}` : ""}`}
                  who={bill.voidedBy}
                  when={bill.voidedAt}
                />
              ) : null}
            </ol>
          </section>
        </div>
      </div>
      <StepDialog bill={bill} action={asking} onClose={() => setAsking(null)} />
    </Page>
  );
}

const QUESTION: Record<VendorBillAction, (bill: VendorBillDetail, amount: string) => string> = {
  approve: (bill, amount) =>
    `${bill.displayNumber} (${amount}) from ${bill.vendorName} is approved: it becomes actual cost on the budget's lines and no longer counts as committed on its PO.`,
  pay: (bill, amount) => `${bill.displayNumber} (${amount}) is recorded as paid to ${bill.vendorName}.`,
  void: (bill) =>
    `${bill.displayNumber} is void: it keeps its number and nothing of it counts on the budget or the PO.`,
};

/** Confirm one step (pay asks for the payment date, void for a reason); the API's refusal is a toast. */
function StepDialog({
  bill,
  action,
  onClose,
}: {
  bill: VendorBillDetail;
  action: VendorBillAction | null;
  onClose: () => void;
}) {
  const step = useVendorBillStep(bill.id);
  const today = useAppToday();
  const [paymentDate, setPaymentDate] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [dateError, setDateError] = useState<string | undefined>(undefined);
  const date = paymentDate ?? today ?? "";

  const finish = () => {
    setPaymentDate(null);
    setReason("");
    setDateError(undefined);
    onClose();
  };
  const close = () => (step.isPending ? undefined : finish());

  const confirm = () => {
    if (!action || step.isPending) return;
    let body: BillStep;
    if (action === "pay") {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        setDateError("enter the day the vendor was paid");
        return;
      }
      body = { action, paymentDate: date };
    } else if (action === "void") {
      body = { action, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    } else {
      body = { action };
    }
    step.mutate(
      { step: body, baseVersion: bill.version },
      {
        onSuccess: (next) => {
          toast.success(`${next.displayNumber} ${ACTION_DONE[action]}`, { description: next.vendorName });
          finish();
        },
        onError: (error) => {
          toast.error(`Could not ${ACTION_LABEL[action].toLowerCase()}`, { description: error.message });
          finish();
        },
      },
    );
  };

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
                {ACTION_LABEL[action]} {bill.displayNumber}?
              </DialogTitle>
              <DialogDescription>
                {QUESTION[action](bill, formatMoney(bill.amountMinor, bill.currency))}
              </DialogDescription>
            </DialogHeader>
            {action === "pay" ? (
              <InputField
                id="bill-payment-date"
                label="Payment date"
                type="date"
                min={bill.billDate}
                value={date}
                error={dateError}
                onChange={(e) => setPaymentDate(e.target.value)}
              />
            ) : null}
            {action === "void" ? (
              <div className="space-y-1.5">
                <Label htmlFor="bill-void-reason">Reason</Label>
                <Textarea
                  id="bill-void-reason"
                  rows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
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
