import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Clock, Plus, Trash2 } from "lucide-react";
import type { AicpSectionLetter } from "@domain/aicp";
import { formatBasisPoints, formatMoney } from "@domain/money";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { BudgetDetail, BudgetLineView } from "./api";
import {
  cellProblem,
  hundredthsText,
  minutesToHoursText,
  moneyCellText,
  parseHundredths,
  parseMoneyCell,
} from "./figures";
import type { LineField, LineSaver, LineValue } from "./line-saver";
import { Money, Variance } from "./status-badge";

type Kind = "text" | "money" | "hundredths";

interface EditColumn {
  field: LineField;
  label: string;
  kind: Kind;
  width: string;
  max?: number;
}

/** The editable cells of a line, in the order Tab visits them. */
export const EDIT_COLUMNS: readonly EditColumn[] = [
  { field: "number", label: "No.", kind: "text", width: "w-16", max: 20 },
  { field: "description", label: "Description", kind: "text", width: "w-56", max: 500 },
  { field: "quantityHundredths", label: "Qty/days", kind: "hundredths", width: "w-20" },
  { field: "rateMinor", label: "Rate", kind: "money", width: "w-28" },
  { field: "otHoursHundredths", label: "OT hrs", kind: "hundredths", width: "w-18" },
  { field: "otRateMinor", label: "OT rate", kind: "money", width: "w-24" },
  { field: "actualMinor", label: "Actual", kind: "money", width: "w-28" },
  { field: "notes", label: "Notes", kind: "text", width: "w-48", max: 2000 },
];

function cellText(kind: Kind, value: LineValue, currency: string): string {
  if (kind === "text") return String(value);
  if (kind === "money") return moneyCellText(Number(value), currency);
  return hundredthsText(Number(value));
}

function readCell(kind: Kind, text: string, currency: string): LineValue | null {
  if (kind === "text") return text.trim();
  if (kind === "money") return parseMoneyCell(text, currency);
  return parseHundredths(text);
}

/** What stays open on an approved budget: the job's actual cost and the notes. */
const ACTUAL_FIELDS: readonly LineField[] = ["actualMinor", "notes"];

const cellId = (lineId: string, field: LineField) => `cell-${lineId}-${field}`;

function focusCell(lineId: string, field: LineField) {
  const el = document.getElementById(cellId(lineId, field));
  if (el instanceof HTMLInputElement) {
    el.focus();
    el.select();
  }
}

/**
 * One lettered section as a spreadsheet: Tab/Shift+Tab move across the cells (each an input),
 * Enter saves and moves down (on the last line it adds a line), Escape puts the saved value back.
 * A cell saves when it is left; a refused text stays with its message and is not sent.
 */
export function SectionGrid({
  budget,
  letter,
  lines,
  editable,
  actualsEditable,
  saver,
  onOpenLabour,
}: {
  budget: BudgetDetail;
  letter: AicpSectionLetter;
  lines: readonly BudgetLineView[];
  /** Lines can be added, changed and deleted (a draft). */
  editable: boolean;
  /** A line's actual and notes can still be entered (the approved working budget too). */
  actualsEditable: boolean;
  saver: LineSaver;
  onOpenLabour: (section: AicpSectionLetter) => void;
}) {
  const currency = budget.currency;
  const [pendingFocus, setPendingFocus] = useState<{ lineId: string; field: LineField } | null>(null);
  const est = budget.totals.estimate.sections.find((s) => s.letter === letter);
  const com = budget.totals.committed.sections.find((s) => s.letter === letter);
  const act = budget.totals.actual.sections.find((s) => s.letter === letter);
  const fc = budget.totals.forecast.sections.find((s) => s.letter === letter);
  const labour = budget.labour.sections.find((s) => s.section === letter);
  const pwBp = budget.revision.rates.pwBpBySection[letter] ?? budget.revision.rates.pwBp;
  const showLabour = Boolean(est?.labour || (labour && labour.entries > 0));

  useEffect(() => {
    if (!pendingFocus) return;
    if (lines.some((l) => l.id === pendingFocus.lineId)) {
      focusCell(pendingFocus.lineId, pendingFocus.field);
      setPendingFocus(null);
    }
  }, [lines, pendingFocus]);

  const addLine = async (field: LineField = "number") => {
    const line = await saver.add(letter);
    if (line) setPendingFocus({ lineId: line.id, field });
  };

  const moveDown = (index: number, field: LineField) => {
    const next = lines[index + 1];
    if (next) focusCell(next.id, field);
    else if (editable) void addLine(field);
  };

  return (
    <div
      className="relative overflow-x-auto rounded-lg border [contain:inline-size]"
      role="region"
      aria-label={`Lines of section ${letter}`}
      tabIndex={-1}
    >
      <table className="w-max min-w-full border-collapse text-sm" data-section={letter}>
        <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
          <tr>
            {EDIT_COLUMNS.slice(0, 6).map((c) => (
              <th
                key={c.field}
                scope="col"
                className={cn("px-2 py-1.5 font-medium", c.kind !== "text" && "text-right")}
              >
                {c.label}
              </th>
            ))}
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Estimate
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Committed
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Actual
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Variance
            </th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">
              Forecast
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Notes
            </th>
            {editable ? (
              <th scope="col" className="px-2 py-1.5">
                <span className="sr-only">Delete</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={editable ? 13 : 12} className="px-2 py-3 text-muted-foreground">
                {editable ? "No lines yet: use Add line, then type and press Tab or Enter." : "No lines."}
              </td>
            </tr>
          ) : null}
          {lines.map((line, index) => (
            <LineRow
              key={line.id}
              line={line}
              currency={currency}
              editable={editable}
              actualsEditable={actualsEditable}
              saver={saver}
              onEnter={(field) => moveDown(index, field)}
            />
          ))}
          {showLabour ? (
            <tr className="border-t bg-muted/20" data-testid="labour-row">
              <th scope="row" colSpan={6} className="px-2 py-1.5 text-left font-normal">
                <button
                  type="button"
                  onClick={() => onOpenLabour(letter)}
                  className="inline-flex items-center gap-1.5 rounded text-left underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <Clock aria-hidden className="size-3.5" />
                  Labour from time entries
                  <span className="tabular-nums text-muted-foreground">
                    · {minutesToHoursText(labour?.minutes ?? 0)}
                  </span>
                </button>
                {labour && labour.unpricedMinutes > 0 ? (
                  <span
                    className="ml-2 rounded bg-warning/15 px-1.5 py-0.5 text-xs font-medium"
                    data-testid="unpriced"
                  >
                    {minutesToHoursText(labour.unpricedMinutes)} unpriced
                  </span>
                ) : null}
              </th>
              <td />
              <td />
              <td className="px-2 py-1.5 text-right">
                <Money value={labour?.amountMinor ?? 0} currency={currency} />
              </td>
              <td colSpan={editable ? 4 : 3} />
            </tr>
          ) : null}
          <TotalRow
            label="Lines subtotal"
            currency={currency}
            editable={editable}
            estimate={est?.lines ?? 0}
            committed={com?.lines ?? 0}
            actual={act?.lines ?? 0}
            forecast={fc?.lines ?? 0}
          />
          {est?.labour ? (
            <TotalRow
              label={`P&W (${formatBasisPoints(pwBp)})`}
              currency={currency}
              editable={editable}
              estimate={est.pw}
              committed={com?.pw ?? 0}
              actual={act?.pw ?? 0}
              forecast={fc?.pw ?? 0}
            />
          ) : null}
          <TotalRow
            label={`Section ${letter} total`}
            strong
            currency={currency}
            editable={editable}
            estimate={est?.subtotal ?? 0}
            committed={com?.subtotal ?? 0}
            actual={act?.subtotal ?? 0}
            forecast={fc?.subtotal ?? 0}
          />
        </tbody>
      </table>
      {editable ? (
        <div className="sticky left-0 border-t p-2">
          <Button type="button" size="sm" variant="outline" onClick={() => void addLine()}>
            <Plus aria-hidden /> Add line to {letter}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function TotalRow({
  label,
  strong,
  currency,
  editable,
  estimate,
  committed,
  actual,
  forecast,
}: {
  label: string;
  strong?: boolean;
  currency: string;
  editable: boolean;
  estimate: number;
  committed: number;
  actual: number;
  forecast: number;
}) {
  return (
    <tr className={cn("border-t", strong && "font-semibold")} data-total={label}>
      <th scope="row" colSpan={6} className="px-2 py-1.5 text-left font-[inherit]">
        {label}
      </th>
      <td className="px-2 py-1.5 text-right" data-col="estimate">
        <Money value={estimate} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="committed">
        <Money value={committed} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="actual">
        <Money value={actual} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="variance">
        <Variance value={estimate - actual} currency={currency} />
      </td>
      <td className="px-2 py-1.5 text-right" data-col="forecast">
        <Money value={forecast} currency={currency} />
      </td>
      <td colSpan={editable ? 2 : 1} />
    </tr>
  );
}

function LineRow({
  line,
  currency,
  editable,
  actualsEditable,
  saver,
  onEnter,
}: {
  line: BudgetLineView;
  currency: string;
  editable: boolean;
  actualsEditable: boolean;
  saver: LineSaver;
  onEnter: (field: LineField) => void;
}) {
  const conflict = saver.conflicts[line.id];
  const label = [line.number, line.description].filter(Boolean).join(" ") || "new line";
  const cell = (c: EditColumn, below?: React.ReactNode) => (
    <td key={c.field} className="relative p-0.5">
      <Cell
        column={c}
        line={line}
        currency={currency}
        editable={editable || (actualsEditable && ACTUAL_FIELDS.includes(c.field))}
        saver={saver}
        onEnter={onEnter}
        rowLabel={label}
      />
      {below}
    </td>
  );
  // The line's actual is what was typed plus its approved vendor bills (shown under the cell).
  const billed =
    line.billedMinor > 0 ? (
      <span
        className="block px-1.5 text-right text-xs whitespace-nowrap text-muted-foreground"
        data-testid="line-billed"
      >
        + <Money value={line.billedMinor} currency={currency} /> bills
      </span>
    ) : null;
  return (
    <>
      <tr className="border-t" data-line={line.id} data-testid="budget-line">
        {EDIT_COLUMNS.slice(0, 6).map(cell)}
        <td className="px-2 py-1 text-right" data-col="estimate">
          <Money value={line.estimateMinor} currency={currency} />
        </td>
        <td className="px-2 py-1 text-right" data-col="committed">
          <Money value={line.committedMinor} currency={currency} />
        </td>
        {cell(EDIT_COLUMNS[6]!, billed)}
        <td className="px-2 py-1 text-right" data-col="variance">
          <Variance value={line.varianceMinor} currency={currency} />
        </td>
        <td className="px-2 py-1 text-right" data-col="forecast">
          <Money value={line.forecastMinor} currency={currency} />
        </td>
        {cell(EDIT_COLUMNS[7]!)}
        {editable ? (
          <td className="px-1">
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-7"
              aria-label={`Delete line ${label}`}
              onClick={() => void saver.remove(line)}
            >
              <Trash2 className="size-3.5" />
            </Button>
          </td>
        ) : null}
      </tr>
      {conflict ? (
        <tr className="bg-warning/10" data-testid="line-conflict">
          <td colSpan={editable ? 13 : 12} className="px-2 py-2">
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
              <span>
                Someone else changed this line. {EDIT_COLUMNS.find((c) => c.field === conflict.field)?.label}{" "}
                is now{" "}
                <strong>
                  {shown(conflict.field, conflict.current[conflict.field], currency) || "empty"}
                </strong>
                ; yours was <strong>{shown(conflict.field, conflict.mine, currency) || "empty"}</strong>.
              </span>
              <Button size="sm" variant="outline" onClick={() => void saver.reapply(conflict)}>
                Re-apply my value
              </Button>
              <Button size="sm" variant="ghost" onClick={() => saver.keepTheirs(line.id)}>
                Keep theirs
              </Button>
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function shown(field: LineField, value: LineValue, currency: string): string {
  const column = EDIT_COLUMNS.find((c) => c.field === field)!;
  return column.kind === "money"
    ? formatMoney(Number(value), currency)
    : cellText(column.kind, value, currency);
}

function Cell({
  column,
  line,
  currency,
  editable,
  saver,
  onEnter,
  rowLabel,
}: {
  column: EditColumn;
  line: BudgetLineView;
  currency: string;
  editable: boolean;
  saver: LineSaver;
  onEnter: (field: LineField) => void;
  rowLabel: string;
}) {
  const value = cellText(column.kind, line[column.field], currency);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const dirty = useRef(false);
  const id = cellId(line.id, column.field);

  useEffect(() => {
    if (!dirty.current) setDraft(value);
  }, [value]);

  /** Saves the typed text; false when it does not read (it stays, with its message). */
  const commit = (): boolean => {
    if (!dirty.current) return true;
    const parsed = readCell(column.kind, draft, currency);
    if (parsed === null) {
      setError(cellProblem(column.kind === "money" ? "money" : "hundredths", draft, currency));
      return false;
    }
    dirty.current = false;
    setError(null);
    if (parsed === line[column.field]) {
      setDraft(value);
      return true;
    }
    setDraft(cellText(column.kind, parsed, currency));
    void saver.save(line, column.field, parsed);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      if (commit()) onEnter(column.field);
    } else if (e.key === "Escape") {
      e.preventDefault();
      dirty.current = false;
      setError(null);
      setDraft(value);
    }
  };

  const numeric = column.kind !== "text";
  if (!editable) {
    return (
      <span
        id={id}
        className={cn("block truncate px-1.5 py-1", column.width, numeric && "text-right tabular-nums")}
        title={column.field === "notes" || column.field === "description" ? value : undefined}
      >
        {column.kind === "money" ? formatMoney(Number(line[column.field]), currency) : value}
      </span>
    );
  }
  return (
    <>
      <input
        id={id}
        aria-label={`${column.label}, line ${rowLabel}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        title={error ?? undefined}
        inputMode={numeric ? "decimal" : undefined}
        autoComplete="off"
        maxLength={column.max}
        value={draft}
        onChange={(e) => {
          dirty.current = true;
          setDraft(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
        className={cn(
          "h-7 rounded-sm border border-transparent bg-transparent px-1.5 text-sm outline-none hover:border-input focus-visible:border-ring focus-visible:bg-background focus-visible:ring-2 focus-visible:ring-ring/50",
          column.width,
          numeric && "text-right tabular-nums",
          error && "border-destructive bg-destructive/5",
        )}
      />
      {error ? (
        <span
          id={`${id}-error`}
          role="alert"
          className="absolute top-full left-0 z-10 mt-0.5 rounded bg-destructive px-1.5 py-0.5 text-xs whitespace-nowrap text-white shadow"
        >
          {error}
        </span>
      ) : null}
    </>
  );
}
