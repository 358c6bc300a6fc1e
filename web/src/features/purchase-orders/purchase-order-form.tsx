import { useEffect, useMemo, useState } from "react";
import { Plus } from "lucide-react";
import { useFieldArray, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { sumMinorUnits } from "@domain/money";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { revisionName } from "@/features/budgets/figures";
import { Money } from "@/features/budgets/status-badge";
import {
  FieldError,
  fieldA11y,
  InputField,
  SelectField,
  showServerErrors,
} from "@/features/settings/form-fields";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useZodForm } from "@/lib/form";
import {
  ACTIVE_VENDORS_QS,
  purchaseOrderHref,
  useBudgetRevision,
  useCreatePurchaseOrder,
  useOrderableBudgets,
  useUpdatePurchaseOrder,
  useVendorList,
  type PurchaseOrderDetail,
} from "./api";
import { amountText, budgetLineLabel, parseAmount, remainingMinor } from "./figures";
import { VendorForm } from "./vendor-form";

const lineSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    /** What the PO line says ("" = the budget line's description). */
    description: z.string(),
    currency: z.string(),
    remaining: z.number().int(),
    checked: z.boolean(),
    amount: z.string(),
  })
  .superRefine((line, ctx) => {
    if (!line.checked) return;
    const parsed = parseAmount(line.amount, line.currency);
    if (!parsed.ok) ctx.addIssue({ code: "custom", path: ["amount"], message: parsed.message });
  });

const formSchema = z.object({
  budgetId: z.string().min(1, "choose a budget"),
  vendorId: z.string().min(1, "choose a vendor"),
  orderDate: z.union([z.literal(""), z.iso.date("must be a date")]),
  description: z.string().trim().max(500, "at most 500 characters"),
  notes: z.string().trim().max(2000, "at most 2000 characters"),
  lines: z
    .array(lineSchema)
    .refine((lines) => lines.length === 0 || lines.some((l) => l.checked), "tick at least one budget line"),
});
type FormValues = z.input<typeof formSchema>;
type LineRow = FormValues["lines"][number];
const FIELDS = ["budgetId", "vendorId", "orderDate", "description", "notes", "lines"] as const;

/**
 * A PO's vendor, date, texts and lines picked from one approved budget revision: a new PO (the
 * budget chosen here or given), or a draft's changes (its budget and revision stay). Each ticked
 * budget line gets an amount, starting at what is left to commit on it.
 */
export function PurchaseOrderForm({
  po,
  budgetId: givenBudgetId,
  onDone,
}: {
  /** A draft to change; without it a new PO is raised. */
  po?: PurchaseOrderDetail;
  budgetId?: string | undefined;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreatePurchaseOrder();
  const update = useUpdatePurchaseOrder(po?.id ?? "");
  const pending = create.isPending || update.isPending;
  const budgets = useOrderableBudgets();
  const vendors = useVendorList(ACTIVE_VENDORS_QS);
  const [addingVendor, setAddingVendor] = useState(false);
  // A vendor made inline: offered at once (before the list refetches) and chosen once its option
  // is drawn — a native select given a value it has no option for shows its placeholder.
  const [newVendor, setNewVendor] = useState<{ id: string; name: string } | null>(null);

  const form = useZodForm(formSchema, {
    defaultValues: {
      budgetId: po?.budgetId ?? givenBudgetId ?? "",
      vendorId: po?.vendorId ?? "",
      orderDate: po?.orderDate ?? "",
      description: po?.description ?? "",
      notes: po?.notes ?? "",
      lines: [],
    },
  });
  useEffect(() => {
    if (!newVendor) return;
    form.setValue("vendorId", newVendor.id);
    form.clearErrors("vendorId");
  }, [newVendor, form]);
  const errors = form.formState.errors;
  const lines = useFieldArray({ control: form.control, name: "lines" });
  const budgetId = useWatch({ control: form.control, name: "budgetId" });
  const watchedLines = useWatch({ control: form.control, name: "lines" });

  // The budget's latest revision says which revision is the working (approved) one.
  const head = useBudgetRevision(budgetId, null);
  const revision = po?.revisionNumber ?? head.data?.workingRevisionNumber ?? null;
  const sameAsHead = head.data !== undefined && revision === head.data.latestRevisionNumber;
  const working = useBudgetRevision(budgetId, revision, revision !== null && !sameAsHead && head.isSuccess);
  const budget = sameAsHead ? head.data : working.data;
  const currency = budget?.currency ?? po?.currency ?? "USD";

  // The rows: the draft's own lines first (ticked), then the revision's other lines.
  const { replace } = lines;
  const rowsKey = budget ? `${budget.id}:${budget.revision.number}` : "";
  useEffect(() => {
    if (!budget) {
      replace([]);
      return;
    }
    const byKey = new Map(budget.lines.map((l) => [l.key, l]));
    const rows: LineRow[] = [];
    const used = new Set<string>();
    for (const line of po?.lines ?? []) {
      const bl = byKey.get(line.budgetLineKey);
      used.add(line.budgetLineKey);
      rows.push({
        key: line.budgetLineKey,
        label: budgetLineLabel({
          section: line.section,
          number: line.budgetLineNumber,
          description: line.budgetLineDescription,
        }),
        description: line.description === line.budgetLineDescription ? "" : line.description,
        currency: budget.currency,
        remaining: bl ? remainingMinor(bl) : 0,
        checked: true,
        amount: amountText(line.amountMinor, budget.currency),
      });
    }
    for (const bl of budget.lines) {
      if (used.has(bl.key)) continue;
      const remaining = remainingMinor(bl);
      rows.push({
        key: bl.key,
        label: budgetLineLabel(bl),
        description: "",
        currency: budget.currency,
        remaining,
        checked: false,
        amount: amountText(remaining, budget.currency),
      });
    }
    replace(rows);
    // Rebuilt only when another budget or revision is loaded, never over the user's ticks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowsKey]);

  const total = useMemo(() => {
    const amounts = (watchedLines ?? [])
      .filter((l) => l.checked)
      .map((l) => parseAmount(l.amount, l.currency))
      .flatMap((r) => (r.ok ? [r.minor] : []));
    return sumMinorUnits(amounts);
  }, [watchedLines]);
  const tickedCount = (watchedLines ?? []).filter((l) => l.checked).length;

  const budgetError = (() => {
    const error = head.error ?? working.error;
    if (!error) return undefined;
    return error instanceof ApiError && error.status === 404 ? "This budget was not found" : error.message;
  })();
  const noApproved = budgetId !== "" && head.data && head.data.workingRevisionNumber === null && !po;

  const submit = form.handleSubmit((values) => {
    if (pending) return;
    const picked = values.lines
      .filter((l) => l.checked)
      .map((l) => {
        const parsed = parseAmount(l.amount, l.currency);
        return {
          budgetLineKey: l.key,
          amountMinor: parsed.ok ? parsed.minor : 0,
          ...(l.description ? { description: l.description } : {}),
        };
      });
    const onError = (error: Error) => showServerErrors(form, error, FIELDS);
    if (po) {
      update.mutate(
        {
          vendorId: values.vendorId,
          ...(values.orderDate ? { orderDate: values.orderDate } : {}),
          description: values.description,
          notes: values.notes,
          lines: picked,
          baseVersion: po.version,
        },
        {
          onSuccess: (saved) => {
            toast.success(`${saved.displayNumber} saved`, { description: saved.vendorName });
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(
      {
        vendorId: values.vendorId,
        budgetId: values.budgetId,
        ...(revision !== null ? { revisionNumber: revision } : {}),
        ...(values.orderDate ? { orderDate: values.orderDate } : {}),
        ...(values.description ? { description: values.description } : {}),
        ...(values.notes ? { notes: values.notes } : {}),
        lines: picked,
      },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.displayNumber} created`, { description: `${saved.vendorName} · draft` });
          onDone();
          void navigate(purchaseOrderHref(saved.id));
        },
        onError,
      },
    );
  });

  // A budget given by the caller that is not in the list (e.g. beyond the first 200) is still offered.
  const budgetChoices = budgets.budgets.map((b) => ({
    id: b.id,
    label: `${b.name} · ${b.projectName ?? "Unknown project"}`,
  }));
  if (budgetId && head.data && !budgetChoices.some((b) => b.id === budgetId)) {
    budgetChoices.unshift({ id: budgetId, label: head.data.name });
  }
  const vendorChoices = (vendors.data?.items ?? []).map((v) => ({ id: v.id, label: v.name }));
  if (newVendor && !vendorChoices.some((v) => v.id === newVendor.id)) {
    vendorChoices.unshift({ id: newVendor.id, label: newVendor.name });
  }
  if (po && !vendorChoices.some((v) => v.id === po.vendorId)) {
    vendorChoices.unshift({
      id: po.vendorId,
      label: `${po.vendorName}${po.vendor.archived ? " (archived)" : ""}`,
    });
  }
  const linesError =
    errors.lines?.root?.message ??
    (typeof errors.lines?.message === "string" ? errors.lines.message : undefined);

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={po ? `Edit ${po.displayNumber}` : "New purchase order"}
    >
      {po ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Budget: </span>
          {po.budgetName} · {revisionName(po.revisionNumber)}
        </p>
      ) : (
        <SelectField
          id="po-budget"
          label="Budget"
          error={
            errors.budgetId?.message ??
            budgetError ??
            (noApproved ? "This budget has no approved revision yet" : undefined)
          }
          disabled={budgets.isPending}
          {...form.register("budgetId")}
        >
          <option value="">{budgets.isPending ? "Loading budgets…" : "Choose an approved budget"}</option>
          {budgetChoices.map((b) => (
            <option key={b.id} value={b.id}>
              {b.label}
            </option>
          ))}
        </SelectField>
      )}
      {!po && !budgets.isPending && budgetChoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No budget is approved yet: approve a budget in Finance → Budgets, then raise purchase orders from
          its lines.
        </p>
      ) : null}

      <div className="space-y-2">
        <div className="flex items-end gap-2">
          <SelectField
            id="po-vendor"
            label="Vendor"
            fieldClassName="flex-1"
            error={errors.vendorId?.message}
            disabled={vendors.isPending}
            {...form.register("vendorId")}
          >
            <option value="">{vendors.isPending ? "Loading vendors…" : "Choose a vendor"}</option>
            {vendorChoices.map((v) => (
              <option key={v.id} value={v.id}>
                {v.label}
              </option>
            ))}
          </SelectField>
          {addingVendor ? null : (
            <Button
              type="button"
              variant="outline"
              className={cn(errors.vendorId && "mb-7")}
              onClick={() => setAddingVendor(true)}
            >
              <Plus aria-hidden /> New vendor
            </Button>
          )}
        </div>
        {addingVendor ? (
          <VendorForm
            idPrefix="po-new-vendor"
            nested
            compact
            onSaved={(vendor) => {
              setAddingVendor(false);
              setNewVendor({ id: vendor.id, name: vendor.name });
              void vendors.refetch();
            }}
            onCancel={() => setAddingVendor(false)}
          />
        ) : null}
      </div>

      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <InputField
          id="po-date"
          label="Order date"
          type="date"
          error={errors.orderDate?.message}
          {...form.register("orderDate")}
        />
        <InputField
          id="po-description"
          label="Description"
          maxLength={500}
          autoComplete="off"
          placeholder="What is ordered"
          error={errors.description?.message}
          {...form.register("description")}
        />
      </div>

      {budgetId && !budgetError ? (
        <fieldset className="min-w-0 space-y-2" aria-describedby={linesError ? "po-lines-error" : undefined}>
          <legend className="text-sm font-medium">
            Budget lines{budget ? ` · ${revisionName(budget.revision.number)}` : ""}
          </legend>
          {!budget ? (
            <p className="text-sm text-muted-foreground">Loading the budget's lines…</p>
          ) : lines.fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">This budget revision has no lines.</p>
          ) : (
            <ul
              className="max-h-72 divide-y overflow-y-auto rounded-lg border"
              aria-label="Budget lines to order"
              data-testid="po-line-picker"
            >
              {lines.fields.map((field, i) => {
                const row = watchedLines?.[i] ?? field;
                const amountError = errors.lines?.[i]?.amount?.message;
                const id = `po-line-${i}`;
                return (
                  <li
                    key={field.id}
                    className="flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2"
                    data-testid="po-line-option"
                  >
                    <label
                      htmlFor={`${id}-check`}
                      className="flex min-w-0 flex-1 basis-52 items-start gap-2 text-sm"
                    >
                      <input
                        id={`${id}-check`}
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-primary"
                        {...form.register(`lines.${i}.checked`)}
                      />
                      <span className="min-w-0">
                        <span className="block break-words">{field.label}</span>
                        <span className="block text-xs text-muted-foreground">
                          Left to commit <Money value={field.remaining} currency={field.currency} />
                        </span>
                      </span>
                    </label>
                    {row.checked ? (
                      <div className="w-36 space-y-1">
                        <label htmlFor={`${id}-amount`} className="sr-only">
                          Amount, {field.label}
                        </label>
                        <div className="relative">
                          <input
                            id={`${id}-amount`}
                            inputMode="decimal"
                            autoComplete="off"
                            className="h-8 w-full rounded-md border border-input bg-background px-2 text-right text-sm tabular-nums outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
                            placeholder="0.00"
                            {...fieldA11y(`${id}-amount`, amountError)}
                            {...form.register(`lines.${i}.amount`)}
                          />
                        </div>
                        <FieldError id={`${id}-amount`} message={amountError} />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
          <FieldError id="po-lines" message={linesError} />
          {budget ? (
            <p className="text-sm" data-testid="po-form-total" aria-live="polite">
              {tickedCount} line{tickedCount === 1 ? "" : "s"} ticked · Total{" "}
              <Money value={total} currency={currency} className="font-medium" />
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <div className="space-y-1.5">
        <Label htmlFor="po-notes">Notes for the vendor</Label>
        <Textarea
          id="po-notes"
          rows={2}
          maxLength={2000}
          {...fieldA11y("po-notes", errors.notes?.message)}
          {...form.register("notes")}
        />
        <FieldError id="po-notes" message={errors.notes?.message} />
      </div>

      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || addingVendor}>
          {pending ? "Saving..." : po ? "Save changes" : "Create purchase order"}
        </Button>
      </DialogFooter>
    </form>
  );
}
