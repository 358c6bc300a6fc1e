import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { sumMinorUnits } from "@domain/money";
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
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { Money } from "@/features/budgets/status-badge";
import { useOrgId } from "@/features/dashboard/api";
import {
  ACTIVE_VENDORS_QS,
  purchaseOrderKeys,
  useBudgetRevision,
  useOrderableBudgets,
  usePurchaseOrder,
  useVendorList,
} from "@/features/purchase-orders/api";
import { amountText, budgetLineLabel, parseAmount } from "@/features/purchase-orders/figures";
import { FieldError, fieldA11y, InputField, SelectField } from "@/features/settings/form-fields";
import { ApiError, apiFetch } from "@/lib/api";
import { purchaseOrderListResponseSchema } from "../../../../server/modules/purchase-orders/contract";
import { useAppToday, useCreateVendorBill, vendorBillHref, type VendorBillLineInput } from "./api";

/** The POs a bill can be entered against: the vendor's sent or partially billed ones. */
const BILLABLE_PO_STATUSES = "sent,partially_billed";

function useBillablePurchaseOrders(vendorId: string) {
  const org = useOrgId();
  const qs = `vendorId=${encodeURIComponent(vendorId)}&status=${BILLABLE_PO_STATUSES}&sort=number&dir=desc&pageSize=200`;
  return useQuery({
    queryKey: purchaseOrderKeys.list(org, qs),
    queryFn: () => apiFetch(`/api/purchase-orders?${qs}`, purchaseOrderListResponseSchema),
    enabled: Boolean(org) && Boolean(vendorId),
  });
}

/** One line the bill may have: a PO line (`poLineId`) or a budget line (`key`), ticked with an amount. */
interface LineRow {
  id: string;
  poLineId: string | null;
  key: string;
  label: string;
  /** What is left to bill on the PO line (null without a PO). */
  rest: number | null;
  checked: boolean;
  amount: string;
}

const NO_PO = "none";

/**
 * New bill: the vendor, then one of its sent or partially billed POs (the PO's lines, each
 * starting at what is still unbilled on it) or no PO (lines of an approved budget, flagged);
 * the vendor's invoice number, the bill date (today by the app's clock) and notes. The bill is
 * created received and opened.
 */
export function NewVendorBillDialog({
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
          <DialogTitle>New bill</DialogTitle>
          <DialogDescription>
            A vendor&apos;s invoice, entered against lines of its purchase order or, without one, against
            lines of an approved budget. It starts as received and is approved before it is paid.
          </DialogDescription>
        </DialogHeader>
        {open ? <BillForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type Errors = Partial<
  Record<"vendorId" | "purchaseOrderId" | "budgetId" | "invoiceNumber" | "billDate" | "lines", string>
>;

function BillForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateVendorBill();
  const today = useAppToday();
  const vendors = useVendorList(ACTIVE_VENDORS_QS);
  const [vendorId, setVendorId] = useState("");
  const [poChoice, setPoChoice] = useState("");
  const [budgetId, setBudgetId] = useState("");
  const [invoiceNumber, setInvoiceNumber] = useState("");
  const [billDate, setBillDate] = useState<string | null>(null);
  const [notes, setNotes] = useState("");
  const [rows, setRows] = useState<LineRow[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [amountErrors, setAmountErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const pos = useBillablePurchaseOrders(vendorId);
  const poId = poChoice !== NO_PO ? poChoice : "";
  const po = usePurchaseOrder(poId);
  const budgets = useOrderableBudgets();
  const chosenBudget = budgets.budgets.find((b) => b.id === budgetId);
  const working = useBudgetRevision(
    budgetId,
    chosenBudget?.workingRevisionNumber ?? null,
    poChoice === NO_PO && chosenBudget !== undefined,
  );
  const date = billDate ?? today ?? "";
  const currency = poId
    ? (po.data?.currency ?? "USD")
    : (working.data?.currency ?? chosenBudget?.currency ?? "USD");

  // The rows: the PO's lines (ticked where something is left to bill), or the budget's (unticked).
  const rowsKey = poId
    ? po.data
      ? `po:${po.data.id}`
      : ""
    : poChoice === NO_PO && working.data
      ? `b:${working.data.id}:${working.data.revision.number}`
      : "";
  useEffect(() => {
    if (rowsKey.startsWith("po:") && po.data) {
      setRows(
        po.data.lines.map((l) => {
          const rest = Math.max(0, l.amountMinor - l.billedMinor);
          return {
            id: l.id,
            poLineId: l.id,
            key: l.budgetLineKey,
            label: budgetLineLabel({
              section: l.section,
              number: l.budgetLineNumber,
              description: l.description || l.budgetLineDescription,
            }),
            rest,
            checked: rest > 0,
            amount: amountText(rest, po.data.currency),
          };
        }),
      );
    } else if (rowsKey.startsWith("b:") && working.data) {
      setRows(
        working.data.lines.map((l) => ({
          id: l.id,
          poLineId: null,
          key: l.key,
          label: budgetLineLabel({ section: l.section, number: l.number, description: l.description }),
          rest: null,
          checked: false,
          amount: "",
        })),
      );
    } else {
      setRows([]);
    }
    setAmountErrors({});
    // Rebuilt only when another PO or budget is loaded, never over the user's ticks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowsKey]);

  const setRow = (id: string, change: Partial<LineRow>) => {
    setRows((all) => all.map((r) => (r.id === id ? { ...r, ...change } : r)));
    // A changed line's old message no longer applies; it is checked again on submit.
    setAmountErrors(({ [id]: _gone, ...rest }) => rest);
  };

  const ticked = rows.filter((r) => r.checked);
  const total = sumMinorUnits(
    ticked.map((r) => parseAmount(r.amount, currency)).flatMap((p) => (p.ok ? [p.minor] : [])),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const next: Errors = {};
    const nextAmounts: Record<string, string> = {};
    if (!vendorId) next.vendorId = "choose a vendor";
    if (!poChoice) next.purchaseOrderId = "choose a purchase order, or no PO";
    if (poChoice === NO_PO && !budgetId) next.budgetId = "choose a budget";
    if (!invoiceNumber.trim()) next.invoiceNumber = "enter the vendor's invoice number";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) next.billDate = "enter the date on the invoice";
    const lines: VendorBillLineInput[] = [];
    for (const r of ticked) {
      const parsed = parseAmount(r.amount, currency);
      if (!parsed.ok) nextAmounts[r.id] = parsed.message;
      else
        lines.push(
          r.poLineId
            ? { purchaseOrderLineId: r.poLineId, amountMinor: parsed.minor }
            : { budgetLineKey: r.key, amountMinor: parsed.minor },
        );
    }
    if (poChoice && rows.length > 0 && ticked.length === 0) next.lines = "tick at least one line";
    setErrors(next);
    setAmountErrors(nextAmounts);
    setServerError(null);
    if (Object.keys(next).length > 0 || Object.keys(nextAmounts).length > 0 || lines.length === 0) return;
    create.mutate(
      {
        vendorId,
        ...(poId ? { purchaseOrderId: poId } : { budgetId }),
        invoiceNumber: invoiceNumber.trim(),
        billDate: date,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
        lines,
      },
      {
        onSuccess: (bill) => {
          toast.success(`${bill.displayNumber} entered`, {
            description: `${bill.vendorName} · ${bill.invoiceNumber}`,
          });
          onDone();
          void navigate(vendorBillHref(bill.id));
        },
        onError: (error) => {
          const placed: Errors = {};
          if (error instanceof ApiError) {
            for (const f of error.fields ?? []) {
              const head = (f.field.split(".")[0] ?? f.field) as keyof Errors;
              if (
                ["vendorId", "purchaseOrderId", "budgetId", "invoiceNumber", "billDate", "lines"].includes(
                  head,
                )
              )
                placed[head] = f.message;
            }
          }
          if (Object.keys(placed).length > 0) setErrors(placed);
          else setServerError(error.message);
        },
      },
    );
  };

  const poOptions = pos.data?.items ?? [];
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New bill">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="bill-vendor"
          label="Vendor"
          error={errors.vendorId}
          disabled={vendors.isPending}
          value={vendorId}
          onChange={(e) => {
            setVendorId(e.target.value);
            setPoChoice("");
            setBudgetId("");
          }}
        >
          <option value="">{vendors.isPending ? "Loading vendors…" : "Choose a vendor"}</option>
          {(vendors.data?.items ?? []).map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="bill-po"
          label="Purchase order"
          error={errors.purchaseOrderId}
          disabled={!vendorId || pos.isPending}
          value={poChoice}
          onChange={(e) => setPoChoice(e.target.value)}
        >
          <option value="">
            {!vendorId
              ? "Choose a vendor first"
              : pos.isPending
                ? "Loading purchase orders…"
                : "Choose a purchase order"}
          </option>
          {poOptions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.displayNumber} · {p.budgetName}
            </option>
          ))}
          {vendorId ? <option value={NO_PO}>No PO (against budget lines)</option> : null}
        </SelectField>
      </div>
      {vendorId && pos.isSuccess && poOptions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          This vendor has no sent or partially billed purchase order: bill against budget lines (flagged as
          without PO) or send the PO first.
        </p>
      ) : null}
      {poChoice === NO_PO ? (
        <SelectField
          id="bill-budget"
          label="Budget"
          error={errors.budgetId}
          disabled={budgets.isPending}
          value={budgetId}
          onChange={(e) => setBudgetId(e.target.value)}
        >
          <option value="">{budgets.isPending ? "Loading budgets…" : "Choose an approved budget"}</option>
          {budgets.budgets.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} · {b.projectName ?? "Unknown project"}
            </option>
          ))}
        </SelectField>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id="bill-invoice"
          label="Vendor's invoice number"
          autoComplete="off"
          maxLength={100}
          value={invoiceNumber}
          error={errors.invoiceNumber}
          onChange={(e) => setInvoiceNumber(e.target.value)}
        />
        <InputField
          id="bill-date"
          label="Bill date"
          type="date"
          value={date}
          error={errors.billDate}
          onChange={(e) => setBillDate(e.target.value)}
        />
      </div>

      {rowsKey ? (
        <fieldset
          className="min-w-0 space-y-2"
          aria-describedby={errors.lines ? "bill-lines-error" : undefined}
        >
          <legend className="text-sm font-medium">
            {poId ? "Purchase order lines" : "Budget lines (without PO)"}
          </legend>
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No lines to bill.</p>
          ) : (
            <ul className="max-h-72 divide-y overflow-y-auto rounded-lg border" aria-label="Lines to bill">
              {rows.map((r, i) => {
                const id = `bill-line-${i}`;
                const amountError = amountErrors[r.id];
                return (
                  <li
                    key={r.id}
                    className="flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2"
                    data-testid="bill-line-option"
                  >
                    <label
                      htmlFor={`${id}-check`}
                      className="flex min-w-0 flex-1 basis-52 items-start gap-2 text-sm"
                    >
                      <input
                        id={`${id}-check`}
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        checked={r.checked}
                        onChange={(e) => setRow(r.id, { checked: e.target.checked })}
                      />
                      <span className="min-w-0">
                        <span className="block break-words">{r.label}</span>
                        {r.rest !== null ? (
                          <span className="block text-xs text-muted-foreground">
                            Unbilled <Money value={r.rest} currency={currency} />
                          </span>
                        ) : null}
                      </span>
                    </label>
                    {r.checked ? (
                      <div className="w-36 space-y-1">
                        <label htmlFor={`${id}-amount`} className="sr-only">
                          Amount, {r.label}
                        </label>
                        <input
                          id={`${id}-amount`}
                          inputMode="decimal"
                          autoComplete="off"
                          className="h-8 w-full rounded-md border border-input bg-background px-2 text-right text-sm tabular-nums outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
                          placeholder="0.00"
                          value={r.amount}
                          onChange={(e) => setRow(r.id, { amount: e.target.value })}
                          {...fieldA11y(`${id}-amount`, amountError)}
                        />
                        <FieldError id={`${id}-amount`} message={amountError} />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          <FieldError id="bill-lines" message={errors.lines} />
          <p className="text-sm" data-testid="bill-form-total" aria-live="polite">
            {ticked.length} line{ticked.length === 1 ? "" : "s"} ticked · Total{" "}
            <Money value={total} currency={currency} />
          </p>
        </fieldset>
      ) : poId && po.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the purchase order&apos;s lines…</p>
      ) : null}

      <div className="space-y-1.5">
        <Label htmlFor="bill-notes">Notes</Label>
        <Textarea
          id="bill-notes"
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>
      {serverError ? <FormError message={serverError} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Saving..." : "Enter bill"}
        </Button>
      </DialogFooter>
    </form>
  );
}
