import { Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "@domain/money";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Money } from "@/features/budgets/status-badge";
import { invoiceHref } from "@/features/invoices/api";
import { InvoiceStatusBadge } from "@/features/invoices/status-badge";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import { emptyScheduleRow, type ScheduleCheck, type ScheduleRow } from "./schedule";

/**
 * The payment schedule of a draft: each row a label, a due date or a milestone, and an amount or
 * a percentage of the fee. Under it, live, whether the payments add up to the fee exactly (the
 * same rule the server applies, domain/sows.ts), and each percentage's amount.
 */
export function ScheduleEditor({
  rows,
  onChange,
  check,
  currency,
  serverErrors,
}: {
  rows: ScheduleRow[];
  onChange: (rows: ScheduleRow[]) => void;
  check: ScheduleCheck;
  currency: string;
  serverErrors: Record<number, string>;
}) {
  const set = (i: number, patch: Partial<ScheduleRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const amounts = check.result?.ok ? check.result.amounts : null;
  const sumMessage =
    check.result && !check.result.ok ? check.result.issues.map((issue) => issue.message).join("; ") : null;

  return (
    <div className="space-y-2">
      {rows.length === 0 ? (
        <p className="rounded-xl border bg-card p-3 text-sm text-muted-foreground">
          No payments yet: add the deposit and the later payments.
        </p>
      ) : (
        <ol className="space-y-2" aria-label="Payment schedule">
          {rows.map((row, i) => {
            const error = check.rowErrors[i] ?? serverErrors[i];
            const errorId = `sow-entry-${i}-error`;
            const n = i + 1;
            return (
              <li
                key={row.key}
                className={cn("rounded-xl border bg-card p-3", error && "border-destructive/50")}
                data-testid="schedule-row"
              >
                <div className="grid grid-cols-2 items-center gap-2 sm:grid-cols-12">
                  <Input
                    aria-label={`Payment ${n} label`}
                    className="col-span-2 sm:col-span-5"
                    placeholder="Label (e.g. Deposit)"
                    maxLength={200}
                    value={row.label}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(e) => set(i, { label: e.target.value })}
                  />
                  <select
                    aria-label={`Payment ${n} timing`}
                    className={cn(SELECT_CLASS, "sm:col-span-3")}
                    value={row.when}
                    onChange={(e) => set(i, { when: e.target.value === "milestone" ? "milestone" : "date" })}
                  >
                    <option value="date">Due date</option>
                    <option value="milestone">Milestone</option>
                  </select>
                  {row.when === "date" ? (
                    <Input
                      type="date"
                      aria-label={`Payment ${n} due date`}
                      className="sm:col-span-4"
                      value={row.dueOn}
                      onChange={(e) => set(i, { dueOn: e.target.value })}
                    />
                  ) : (
                    <Input
                      aria-label={`Payment ${n} milestone`}
                      className="sm:col-span-4"
                      placeholder="e.g. On delivery of the edit"
                      maxLength={200}
                      value={row.milestone}
                      onChange={(e) => set(i, { milestone: e.target.value })}
                    />
                  )}
                  <select
                    aria-label={`Payment ${n} given as`}
                    className={cn(SELECT_CLASS, "sm:col-span-4")}
                    value={row.by}
                    onChange={(e) => set(i, { by: e.target.value === "amount" ? "amount" : "percent" })}
                  >
                    <option value="percent">% of the fee</option>
                    <option value="amount">Amount ({currency})</option>
                  </select>
                  {row.by === "amount" ? (
                    <Input
                      aria-label={`Payment ${n} amount (${currency})`}
                      inputMode="decimal"
                      autoComplete="off"
                      className="text-right tabular-nums sm:col-span-3"
                      value={row.amount}
                      aria-invalid={error ? true : undefined}
                      onChange={(e) => set(i, { amount: e.target.value })}
                    />
                  ) : (
                    <Input
                      aria-label={`Payment ${n} percentage (%)`}
                      inputMode="decimal"
                      autoComplete="off"
                      className="text-right tabular-nums sm:col-span-3"
                      value={row.percent}
                      aria-invalid={error ? true : undefined}
                      onChange={(e) => set(i, { percent: e.target.value })}
                    />
                  )}
                  <div className="min-w-0 text-xs sm:col-span-4">
                    {amounts && amounts[i] !== undefined ? (
                      <span className="text-muted-foreground" data-testid="schedule-row-amount">
                        = <Money value={amounts[i]} currency={currency} />
                      </span>
                    ) : null}
                    {row.invoice ? (
                      <span className="flex flex-wrap items-center gap-1" data-testid="schedule-row-invoice">
                        <Link to={invoiceHref(row.invoice.id)} className="font-medium hover:underline">
                          {row.invoice.displayNumber}
                        </Link>
                        <InvoiceStatusBadge status={row.invoice.status} />
                      </span>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    className="justify-self-end sm:col-span-1"
                    aria-label={`Remove payment ${n}`}
                    disabled={row.invoice !== undefined}
                    title={
                      row.invoice
                        ? `Invoiced as ${row.invoice.displayNumber}: it stays in the schedule`
                        : undefined
                    }
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
                {error ? (
                  <p id={errorId} className="mt-1 text-xs text-destructive">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => onChange([...rows, emptyScheduleRow()])}
        >
          <Plus aria-hidden /> Add payment
        </Button>
        <p
          role="status"
          data-testid="schedule-check"
          data-ok={check.result?.ok ? "true" : "false"}
          className={cn(
            "text-sm",
            check.result?.ok ? "text-[color-mix(in_oklab,var(--success)_62%,black)]" : "text-destructive",
            !check.result && !sumMessage && "text-muted-foreground",
          )}
        >
          {check.result === null
            ? rows.length
              ? "Fix the payments above to check them against the fee."
              : ""
            : check.result.ok
              ? rows.length
                ? `The payments add up to the fee (${formatMoney(
                    check.result.amounts.reduce((s, a) => s + a, 0),
                    currency,
                  )}).`
                : ""
              : `The schedule ${sumMessage}.`}
        </p>
      </div>
    </div>
  );
}
