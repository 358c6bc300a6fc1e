import { useState } from "react";
import { Download, Pencil } from "lucide-react";
import { Link, useParams } from "react-router";
import { formatDetailDay } from "@domain/index";
import { formatMoney } from "@domain/money";
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
import { revisionName } from "@/features/budgets/figures";
import { Money } from "@/features/budgets/status-badge";
import { InputField } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import {
  purchaseOrderPath,
  usePurchaseOrder,
  usePurchaseOrderStep,
  type PoStep,
  type PurchaseOrderDetail,
} from "./api";
import { ACTION_DONE, ACTION_LABEL, budgetLineLabel, isPageAction, type PageAction } from "./figures";
import { PurchaseOrderForm } from "./purchase-order-form";
import { PurchaseOrderStatusBadge } from "./status-badge";
import { DocumentUnavailable } from "@/features/app-shell/document-unavailable";

/** /finance/purchase-orders/:poId — a PO: vendor, budget, lines, status, its allowed steps, PDF. */
export function PurchaseOrderPage() {
  const { poId = "" } = useParams();
  const po = usePurchaseOrder(poId);

  if (!po.isSuccess)
    return (
      <DocumentUnavailable
        query={po}
        title="Purchase order"
        noun="purchase order"
        listHref="/finance/purchase-orders"
        listLabel="Back to purchase orders"
      />
    );
  return <PurchaseOrderView po={po.data} />;
}

function PurchaseOrderView({ po }: { po: PurchaseOrderDetail }) {
  const [asking, setAsking] = useState<PageAction | null>(null);
  const [editing, setEditing] = useState(false);
  const actions = po.allowedActions.filter(isPageAction);
  const currency = po.currency;

  return (
    <Page
      title={po.displayNumber}
      description={[po.vendorName, po.description].filter(Boolean).join(" · ")}
      actions={
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Purchase order actions">
          {po.editable ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit
            </Button>
          ) : null}
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={
                action === "cancel" || action === "return" || action === "close" ? "outline" : "default"
              }
              className={cn(action === "cancel" && "text-destructive")}
              onClick={() => setAsking(action)}
            >
              {ACTION_LABEL[action]}
            </Button>
          ))}
        </div>
      }
    >
      <div className="space-y-8">
        <section aria-label="Purchase order details" className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <Fact label="Status">
              <PurchaseOrderStatusBadge status={po.status} />
            </Fact>
            <Fact label="Order date">{formatDetailDay(po.orderDate)}</Fact>
            <Fact label="Budget" className="col-span-2 sm:col-span-1 lg:col-span-2">
              <Link
                to={`/finance/budgets/${encodeURIComponent(po.budgetId)}?revision=${po.revisionNumber}`}
                className="font-medium break-words hover:underline"
              >
                {po.budgetName}
              </Link>
              <span className="block text-xs text-muted-foreground">{revisionName(po.revisionNumber)}</span>
            </Fact>
            <Fact label="Project">{po.projectName ?? "Unknown project"}</Fact>
            <Fact label="Client">{po.clientName ?? "—"}</Fact>
          </dl>
          <div className="grid grid-cols-3 gap-3" role="group" aria-label="Figures">
            <Figure label="Amount" value={<Money value={po.amountMinor} currency={currency} />} />
            <Figure label="Billed" value={<Money value={po.billedMinor} currency={currency} />} />
            <Figure label="Committed" value={<Money value={po.committedMinor} currency={currency} />} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <a href={`${purchaseOrderPath(po.id)}/export.pdf`} download>
                <Download aria-hidden /> Download PDF
              </a>
            </Button>
          </div>
        </section>

        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="po-lines-heading" className="min-w-0 space-y-2">
            <h2 id="po-lines-heading" className="text-lg font-semibold">
              Lines
            </h2>
            <ul className="divide-y rounded-xl border bg-card md:hidden" aria-label="Purchase order lines">
              {po.lines.map((line) => (
                <li key={line.id} className="space-y-2 p-3 text-sm" data-testid="po-line-card">
                  <div>
                    <p className="font-medium break-words">
                      {budgetLineLabel({
                        section: line.section,
                        number: line.budgetLineNumber,
                        description: line.budgetLineDescription,
                      })}
                    </p>
                    {line.description !== line.budgetLineDescription ? (
                      <p className="text-xs break-words text-muted-foreground">{line.description}</p>
                    ) : null}
                  </div>
                  <AmountsRow
                    amount={line.amountMinor}
                    billed={line.billedMinor}
                    committed={line.committedMinor}
                    currency={currency}
                  />
                </li>
              ))}
              <li className="space-y-2 bg-muted/30 p-3 text-sm">
                <p className="font-medium">Total</p>
                <AmountsRow
                  amount={po.amountMinor}
                  billed={po.billedMinor}
                  committed={po.committedMinor}
                  currency={currency}
                />
              </li>
            </ul>
            <div
              className="hidden overflow-x-auto rounded-xl border bg-card md:block"
              role="region"
              aria-label="Lines table"
              tabIndex={0}
            >
              <table className="w-full min-w-[36rem] text-sm" aria-label="Purchase order lines">
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Budget line
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Description
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Amount
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Billed
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Committed
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {po.lines.map((line) => (
                    <tr key={line.id} className="border-b last:border-0" data-testid="po-line">
                      <td className="px-3 py-2">
                        {budgetLineLabel({
                          section: line.section,
                          number: line.budgetLineNumber,
                          description: line.budgetLineDescription,
                        })}
                        {line.budgetLineNumber === null ? (
                          <span className="block text-xs text-muted-foreground">
                            Not in this revision any more
                          </span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2">{line.description}</td>
                      <td className="px-3 py-2 text-right" data-col="amount">
                        <Money value={line.amountMinor} currency={currency} />
                      </td>
                      <td className="px-3 py-2 text-right">
                        <Money value={line.billedMinor} currency={currency} />
                      </td>
                      <td className="px-3 py-2 text-right">
                        <Money value={line.committedMinor} currency={currency} />
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t bg-muted/30 font-medium">
                  <tr>
                    <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                      Total
                    </th>
                    <td className="px-3 py-2 text-right" data-testid="po-total">
                      <Money value={po.amountMinor} currency={currency} />
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Money value={po.billedMinor} currency={currency} />
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Money value={po.committedMinor} currency={currency} />
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
            {po.notes ? (
              <div className="rounded-xl border bg-card p-3 text-sm">
                <h3 className="mb-1 text-xs font-medium text-muted-foreground">Notes for the vendor</h3>
                <p className="whitespace-pre-wrap">{po.notes}</p>
              </div>
            ) : null}
          </section>

          <div className="space-y-6">
            <section aria-labelledby="po-vendor-heading" className="space-y-2">
              <h2 id="po-vendor-heading" className="text-lg font-semibold">
                Vendor
              </h2>
              <dl className="space-y-2 rounded-xl border bg-card p-3 text-sm">
                <Fact label="Name">
                  {po.vendor.name}
                  {po.vendor.archived ? <span className="text-muted-foreground"> (archived)</span> : null}
                </Fact>
                <Fact label="Contact">{po.vendor.contactName || "—"}</Fact>
                <Fact label="E-mail">
                  {po.vendor.email ? (
                    <a href={`mailto:${po.vendor.email}`} className="break-all hover:underline">
                      {po.vendor.email}
                    </a>
                  ) : (
                    "—"
                  )}
                </Fact>
                <Fact label="Tax id">{po.vendor.taxId || "—"}</Fact>
                <Fact label="Payment terms">{po.vendor.paymentTermsDays} days</Fact>
              </dl>
            </section>
            <section aria-labelledby="po-history-heading" className="space-y-2">
              <h2 id="po-history-heading" className="text-lg font-semibold">
                History
              </h2>
              <ol className="space-y-1.5 rounded-xl border bg-card p-3 text-sm" data-testid="po-history">
                <HistoryStep what="Created" who={po.createdBy} when={po.createdAt} />
                {po.submittedAt ? (
                  <HistoryStep what="Submitted" who={po.submittedBy} when={po.submittedAt} />
                ) : null}
                {po.approvedAt ? (
                  <HistoryStep what="Approved" who={po.approvedBy} when={po.approvedAt} />
                ) : null}
                {po.sentAt ? (
                  <HistoryStep
                    what={`Sent${po.sentTo ? ` to ${po.sentTo}` : ""}`}
                    who={po.sentBy}
                    when={po.sentAt}
                  />
                ) : null}
                {po.closedAt ? <HistoryStep what="Closed" who={null} when={po.closedAt} /> : null}
                {po.cancelledAt ? (
                  <HistoryStep
                    what={`Cancelled${po.cancelReason ? `: ${po.cancelReason}` : ""}`}
                    who={po.cancelledBy}
                    when={po.cancelledAt}
                  />
                ) : null}
              </ol>
            </section>
          </div>
        </div>
      </div>

      <StepDialog po={po} action={asking} onClose={() => setAsking(null)} />
      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Edit {po.displayNumber}</DialogTitle>
            <DialogDescription>
              A draft&apos;s vendor, date and lines can change until it is submitted for approval.
            </DialogDescription>
          </DialogHeader>
          {editing ? <PurchaseOrderForm po={po} onDone={() => setEditing(false)} /> : null}
        </DialogContent>
      </Dialog>
    </Page>
  );
}

function AmountsRow({
  amount,
  billed,
  committed,
  currency,
}: {
  amount: number;
  billed: number;
  committed: number;
  currency: string;
}) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-xs">
      <div>
        <dt className="text-muted-foreground">Amount</dt>
        <dd>
          <Money value={amount} currency={currency} />
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Billed</dt>
        <dd>
          <Money value={billed} currency={currency} />
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Committed</dt>
        <dd>
          <Money value={committed} currency={currency} />
        </dd>
      </div>
    </dl>
  );
}

const QUESTION: Record<PageAction, (po: PurchaseOrderDetail, amount: string) => string> = {
  submit: (po, amount) =>
    `${po.displayNumber} (${amount}) goes to an approver. It cannot be changed while it waits; an approver can return it to draft.`,
  return: (po) => `${po.displayNumber} goes back to draft so its vendor and lines can be changed.`,
  approve: (po, amount) =>
    `${po.displayNumber} (${amount}) to ${po.vendorName} is approved: its amount becomes committed cost on the budget's lines.`,
  send: (po) => `The PDF of ${po.displayNumber} is e-mailed to the vendor and the PO is marked sent.`,
  close: (po) => `${po.displayNumber} is fully billed. Closing it ends its life; nothing more can be billed.`,
  cancel: (po) =>
    `${po.displayNumber} is cancelled: it keeps its number, and whatever it committed on the budget is released.`,
};

/** Confirm one step (send asks for the recipient, cancel for a reason); the API's refusal is a toast. */
function StepDialog({
  po,
  action,
  onClose,
}: {
  po: PurchaseOrderDetail;
  action: PageAction | null;
  onClose: () => void;
}) {
  const step = usePurchaseOrderStep(po.id);
  const [to, setTo] = useState("");
  const [message, setMessage] = useState("");
  const [reason, setReason] = useState("");
  const open = action !== null;

  const finish = () => {
    setTo("");
    setMessage("");
    setReason("");
    onClose();
  };
  const close = () => (step.isPending ? undefined : finish());

  const confirm = () => {
    if (!action || step.isPending) return;
    let body: PoStep;
    if (action === "send") {
      body = {
        action,
        ...(to.trim() ? { to: to.trim() } : {}),
        ...(message.trim() ? { message: message.trim() } : {}),
      };
    } else if (action === "cancel") {
      body = { action, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    } else {
      body = { action };
    }
    step.mutate(
      { step: body, baseVersion: po.version },
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
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent className="sm:max-w-md" role="alertdialog">
        {action ? (
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              confirm();
            }}
          >
            <DialogHeader>
              <DialogTitle>
                {ACTION_LABEL[action]} {po.displayNumber}?
              </DialogTitle>
              <DialogDescription>
                {QUESTION[action](po, formatMoney(po.amountMinor, po.currency))}
              </DialogDescription>
            </DialogHeader>
            {action === "send" ? (
              <>
                <InputField
                  id="po-send-to"
                  label="Send to"
                  type="email"
                  placeholder={po.vendor.email || "vendor@example.com"}
                  value={to}
                  onChange={(e) => setTo(e.target.value)}
                />
                <p className="-mt-2 text-xs text-muted-foreground">
                  {po.vendor.email
                    ? `Empty: the vendor's e-mail, ${po.vendor.email}.`
                    : "The vendor has no e-mail: enter one."}
                </p>
                <div className="space-y-1.5">
                  <Label htmlFor="po-send-message">Message</Label>
                  <Textarea
                    id="po-send-message"
                    rows={3}
                    maxLength={2000}
                    value={message}
                    onChange={(e) => setMessage(e.target.value)}
                  />
                </div>
              </>
            ) : null}
            {action === "cancel" ? (
              <div className="space-y-1.5">
                <Label htmlFor="po-cancel-reason">Reason</Label>
                <Textarea
                  id="po-cancel-reason"
                  rows={2}
                  maxLength={500}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                />
              </div>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" autoFocus onClick={close} disabled={step.isPending}>
                {action === "cancel" ? "Keep it" : "Cancel"}
              </Button>
              <Button
                type="submit"
                variant={action === "cancel" ? "destructive" : "default"}
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
