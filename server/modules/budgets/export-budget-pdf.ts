import type { AicpSectionLetter } from "@domain/aicp";
import { hundredthsToText } from "@domain/budget-csv";
import { formatHours } from "@domain/format";
import { formatBasisPoints, formatMoney } from "@domain/money";
import {
  BAND,
  drawPageFooters,
  INK,
  MUTED,
  startPdf,
  type Align,
  type TextStyle,
  type Writer,
} from "../../lib/pdf";
import type { BudgetDetail, BudgetLineView } from "./contract";
import { BID_TYPE_LABEL, STATUS_LABEL } from "./export-budget-csv";

/*
 * A budget revision as a PDF (PRODUCT.md → Budgets: "Export the top sheet and detail as PDF"):
 * page 1 the top sheet (the 16 lines with Estimate and Actual, subtotals bold, contingency,
 * weather day, the total with contingency), then the detail — each lettered section with its
 * lines and its subtotal, P&W and total rows — with the column header repeated on every page
 * and "Page n of m" at the foot. US Letter, Inter embedded in every script it has (server/lib/pdf.ts).
 *
 * Every amount is an integer of minor units formatted by domain/money.ts formatMoney in the
 * budget's currency; numbers are right-aligned.
 */

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const PAGE = { width: 612, height: 792 }; // US Letter in points
const MARGIN = { left: 40, right: 40, top: 40, bottom: 54 };
const CONTENT_RIGHT = PAGE.width - MARGIN.right;
const CONTENT_BOTTOM = PAGE.height - MARGIN.bottom;

const SUBTOTAL_FILL = "#f6f7f9";

interface Column {
  header: string;
  width: number;
  align: Align;
}

/** The detail's columns (widths add up to the content width, 532 pt). */
const DETAIL_COLUMNS: Column[] = [
  { header: "No.", width: 36, align: "left" },
  { header: "Description", width: 168, align: "left" },
  { header: "Qty/days", width: 44, align: "right" },
  { header: "Rate", width: 62, align: "right" },
  { header: "OT hrs", width: 36, align: "right" },
  { header: "OT rate", width: 56, align: "right" },
  { header: "Estimate", width: 65, align: "right" },
  { header: "Actual", width: 65, align: "right" },
];
const CELL_PAD = 3;
const DETAIL_SIZE = 8;
const DETAIL_LINE = 10;

function columnX(index: number): number {
  let x = MARGIN.left;
  for (let i = 0; i < index; i++) x += DETAIL_COLUMNS[i]!.width;
  return x;
}

function revisionLabel(number: number): string {
  return number === 0 ? "Revision 0 (original bid)" : `Revision ${number} (change order ${number})`;
}

export interface BudgetPdfOptions {
  /** When the file was made (the footer and the PDF's creation date). */
  generatedAt: Date;
}

/** The PDF of one revision of a budget (readBudget's answer) as bytes. */
export async function renderBudgetPdf(detail: BudgetDetail, options: BudgetPdfOptions): Promise<Uint8Array> {
  const { doc, w, finish } = startPdf({
    margins: MARGIN,
    title: `${detail.name} — ${revisionLabel(detail.revision.number)}`,
    author: "Agency Hub",
    generatedAt: options.generatedAt,
  });
  drawTopSheet(w, detail);
  doc.addPage();
  drawDetail(w, detail);
  drawFooters(w, detail, options.generatedAt);
  return finish();
}

const moneyTexts = new WeakMap<BudgetDetail, Map<number, string>>();

/** formatMoney in the budget's currency, once per amount of a document. */
function money(detail: BudgetDetail, amount: number): string {
  let texts = moneyTexts.get(detail);
  if (!texts) moneyTexts.set(detail, (texts = new Map()));
  let text = texts.get(amount);
  if (text === undefined) texts.set(amount, (text = formatMoney(amount, detail.currency)));
  return text;
}

// ---------------------------------------------------------------------------------------------
// Page 1: the top sheet
// ---------------------------------------------------------------------------------------------

function drawTopSheet(w: Writer, detail: BudgetDetail): void {
  const width = CONTENT_RIGHT - MARGIN.left;
  let y = MARGIN.top;
  w.line("AICP TOP SHEET", MARGIN.left, y, width, { size: 8, weight: 700, color: MUTED });
  y += 14;
  w.line(detail.name, MARGIN.left, y, width, { size: 20, weight: 700 });
  y += 28;
  const project = [
    detail.projectName ?? "No project",
    detail.clientName ? `Client: ${detail.clientName}` : null,
  ]
    .filter(Boolean)
    .join("  ·  ");
  w.line(project, MARGIN.left, y, width, { size: 11, color: MUTED });
  y += 22;

  // Label, value and the share of the width each fact takes.
  const facts: [string, string, number][] = [
    ["Form", detail.formName, 0.26],
    ["Bid type", BID_TYPE_LABEL[detail.bidType], 0.13],
    ["Revision", revisionLabel(detail.revision.number), 0.3],
    ["Status", STATUS_LABEL[detail.revision.status], 0.17],
    ["Currency", detail.currency, 0.14],
  ];
  let factX = MARGIN.left;
  for (const [label, value, share] of facts) {
    const factWidth = width * share;
    w.line(label.toUpperCase(), factX, y, factWidth - 8, { size: 7, weight: 700, color: MUTED });
    w.line(value, factX, y + 11, factWidth - 8, { size: 9 });
    factX += factWidth;
  }
  y += 30;
  const rates = detail.revision.rates;
  const ratesText = [
    `P&W ${formatBasisPoints(rates.pwBp)}`,
    ...Object.entries(rates.pwBpBySection).map(([l, bp]) => `P&W ${l} ${formatBasisPoints(bp)}`),
    `Insurance ${formatBasisPoints(rates.insuranceBp)}`,
    `Production fee ${formatBasisPoints(rates.feeBp)}`,
    `Contingency ${formatBasisPoints(rates.contingencyBp)}`,
  ].join("  ·  ");
  w.line(ratesText, MARGIN.left, y, width, { size: 8, color: MUTED });
  y += 24;

  // The table: # · Description · Estimate · Actual.
  const numberX = MARGIN.left;
  const labelX = MARGIN.left + 28;
  const amountWidth = 120;
  const actualX = CONTENT_RIGHT - amountWidth;
  const estimateX = actualX - amountWidth - 12;
  const labelWidth = estimateX - labelX - 8;
  const head: TextStyle = { size: 8, weight: 700, color: MUTED };
  w.line("#", numberX, y, 24, head);
  w.line("Description", labelX, y, labelWidth, head);
  w.line("Estimate", estimateX, y, amountWidth - 4, head, "right");
  w.line("Actual", actualX, y, amountWidth - 4, head, "right");
  y += 13;
  w.rule(MARGIN.left, CONTENT_RIGHT, y, INK, 0.75);

  const rowHeight = 21;
  const row = (
    number: string,
    label: string,
    estimate: number,
    actual: number,
    style: { bold: boolean; fill?: string; ruleAbove?: boolean },
  ) => {
    if (style.fill) w.fill(MARGIN.left, y, width, rowHeight, style.fill);
    if (style.ruleAbove) w.rule(MARGIN.left, CONTENT_RIGHT, y, INK, 0.75);
    const text: TextStyle = { size: 10, weight: style.bold ? 700 : 400 };
    const ty = y + 6;
    w.line(number, numberX + 2, ty, 22, { ...text, color: MUTED });
    w.line(label, labelX, ty, labelWidth, text);
    w.line(money(detail, estimate), estimateX, ty, amountWidth - 4, text, "right");
    w.line(money(detail, actual), actualX, ty, amountWidth - 4, text, "right");
    y += rowHeight;
    if (!style.fill) w.rule(MARGIN.left, CONTENT_RIGHT, y);
  };

  const { estimate, actual } = detail.totals;
  estimate.topSheet.forEach((line, i) => {
    const grand = i === estimate.topSheet.length - 1;
    row(String(line.number), line.label, line.amount, actual.topSheet[i]?.amount ?? 0, {
      bold: line.subtotal,
      ...(line.subtotal ? { fill: grand ? BAND : SUBTOTAL_FILL, ruleAbove: true } : {}),
    });
  });
  y += 14;
  row(
    "",
    `Contingency (${formatBasisPoints(rates.contingencyBp)})`,
    estimate.contingency,
    actual.contingency,
    {
      bold: false,
    },
  );
  row("", "Weather day", estimate.weatherDay, actual.weatherDay, { bold: false });
  row("", "Total with contingency", estimate.totalWithContingency, actual.totalWithContingency, {
    bold: true,
    fill: BAND,
    ruleAbove: true,
  });
  y += 16;
  w.line(
    "Contingency and the weather day are shown below the grand bid total and are not part of it.",
    MARGIN.left,
    y,
    width,
    { size: 8, color: MUTED },
  );
}

// ---------------------------------------------------------------------------------------------
// The detail
// ---------------------------------------------------------------------------------------------

function drawDetail(w: Writer, detail: BudgetDetail): void {
  const doc = w.doc;
  const width = CONTENT_RIGHT - MARGIN.left;
  let y = MARGIN.top;
  w.line("DETAIL", MARGIN.left, y, width, { size: 8, weight: 700, color: MUTED });
  y += 14;
  w.line(`${detail.name} · ${revisionLabel(detail.revision.number)}`, MARGIN.left, y, width, {
    size: 13,
    weight: 700,
  });
  y += 22;

  const columnHeader = () => {
    const head: TextStyle = { size: 7, weight: 700, color: MUTED };
    DETAIL_COLUMNS.forEach((c, i) => {
      w.line(c.header.toUpperCase(), columnX(i) + CELL_PAD, y, c.width - 2 * CELL_PAD, head, c.align);
    });
    y += 11;
    w.rule(MARGIN.left, CONTENT_RIGHT, y, INK, 0.75);
    y += 2;
  };
  let currentBand: string | null = null;
  const band = (text: string) => {
    w.fill(MARGIN.left, y, width, 16, BAND);
    w.line(text, MARGIN.left + CELL_PAD, y + 4, width - 2 * CELL_PAD, { size: 9, weight: 700 });
    y += 16;
  };
  /** Room for `height` more points, else a new page with the column header (and section band). */
  const ensure = (height: number) => {
    if (y + height <= CONTENT_BOTTOM) return;
    doc.addPage();
    y = MARGIN.top;
    columnHeader();
    if (currentBand) band(`${currentBand} (continued)`);
  };

  columnHeader();
  const bySection = new Map<AicpSectionLetter, BudgetLineView[]>();
  for (const line of detail.lines) {
    const list = bySection.get(line.section) ?? [];
    list.push(line);
    bySection.set(line.section, list);
  }
  if (detail.lines.length === 0 && !detail.labour.sections.some((l) => l.minutes > 0 || l.amountMinor > 0)) {
    w.line("This revision has no lines yet.", MARGIN.left + CELL_PAD, y + 8, width, {
      size: 9,
      color: MUTED,
    });
    return;
  }
  const actualSections = new Map(detail.totals.actual.sections.map((s) => [s.letter, s]));
  const rates = detail.revision.rates;
  const cell: TextStyle = { size: DETAIL_SIZE };
  const labourBySection = new Map(detail.labour.sections.map((l) => [l.section, l]));
  for (const section of detail.totals.estimate.sections) {
    const lines = bySection.get(section.letter) ?? [];
    const labour = labourBySection.get(section.letter);
    const hasLabour = labour !== undefined && (labour.minutes > 0 || labour.amountMinor > 0);
    if (!lines.length && !hasLabour) continue;
    const title = `${section.letter} · ${section.name}${section.labour ? " (labour)" : ""}`;
    currentBand = null;
    ensure(16 + 16 + 14);
    y += 6;
    band(title);
    currentBand = `${section.letter} · ${section.name}`;
    for (const line of lines) {
      const descriptionWidth = DETAIL_COLUMNS[1]!.width - 2 * CELL_PAD;
      const wrapped = w.wrap(line.description || "—", descriptionWidth, cell);
      const height = wrapped.length * DETAIL_LINE + 5;
      ensure(height);
      const ty = y + 3;
      const hasOt = line.otHoursHundredths !== 0 || line.otRateMinor !== 0;
      const values = [
        line.number,
        "",
        hundredthsToText(line.quantityHundredths),
        money(detail, line.rateMinor),
        hasOt ? hundredthsToText(line.otHoursHundredths) : "",
        hasOt ? money(detail, line.otRateMinor) : "",
        money(detail, line.estimateMinor),
        money(detail, line.actualMinor),
      ];
      values.forEach((value, i) => {
        const c = DETAIL_COLUMNS[i]!;
        if (i === 1) return;
        w.line(value, columnX(i) + CELL_PAD, ty, c.width - 2 * CELL_PAD, cell, c.align);
      });
      wrapped.forEach((text, i) => {
        w.line(text, columnX(1) + CELL_PAD, ty + i * DETAIL_LINE, descriptionWidth, {
          ...cell,
          color: line.description ? INK : MUTED,
        });
      });
      y += height;
      w.rule(MARGIN.left, CONTENT_RIGHT, y, "#e5e7eb", 0.4);
    }
    if (hasLabour) {
      // Labour actuals are per section (synced time at internal rates), not on a line.
      ensure(14);
      const unpriced =
        labour.unpricedMinutes > 0 ? `, ${formatHours(labour.unpricedMinutes / 60)} unpriced` : "";
      const label = `Labour from time entries (${formatHours(labour.minutes / 60)}${unpriced})`;
      const ty = y + 3;
      w.line(label, columnX(1) + CELL_PAD, ty, columnX(6) - columnX(1) - 2 * CELL_PAD, {
        ...cell,
        color: MUTED,
      });
      w.line(
        money(detail, labour.amountMinor),
        columnX(7) + CELL_PAD,
        ty,
        DETAIL_COLUMNS[7]!.width - 2 * CELL_PAD,
        cell,
        "right",
      );
      y += 14;
      w.rule(MARGIN.left, CONTENT_RIGHT, y, "#e5e7eb", 0.4);
    }
    const actualSection = actualSections.get(section.letter);
    const summary = (label: string, estimate: number, actual: number, bold: boolean) => {
      ensure(14);
      if (bold) w.fill(MARGIN.left, y, width, 14, SUBTOTAL_FILL);
      const style: TextStyle = { size: DETAIL_SIZE, weight: bold ? 700 : 400 };
      const ty = y + 3.5;
      w.line(label, columnX(1) + CELL_PAD, ty, columnX(6) - columnX(1) - 2 * CELL_PAD, style);
      w.line(
        money(detail, estimate),
        columnX(6) + CELL_PAD,
        ty,
        DETAIL_COLUMNS[6]!.width - 2 * CELL_PAD,
        style,
        "right",
      );
      w.line(
        money(detail, actual),
        columnX(7) + CELL_PAD,
        ty,
        DETAIL_COLUMNS[7]!.width - 2 * CELL_PAD,
        style,
        "right",
      );
      y += 14;
    };
    if (section.labour) {
      summary(`Subtotal ${section.letter}`, section.lines, actualSection?.lines ?? 0, false);
      const pwBp = rates.pwBpBySection[section.letter] ?? rates.pwBp;
      summary(`P&W ${formatBasisPoints(pwBp)}`, section.pw, actualSection?.pw ?? 0, false);
    }
    summary(
      `Total ${section.letter} · ${section.name}`,
      section.subtotal,
      actualSection?.subtotal ?? 0,
      true,
    );
    currentBand = null;
    y += 6;
  }
}

// ---------------------------------------------------------------------------------------------
// Footers
// ---------------------------------------------------------------------------------------------

function drawFooters(w: Writer, detail: BudgetDetail, generatedAt: Date): void {
  const left = `${detail.name} · ${revisionLabel(detail.revision.number)} · ${STATUS_LABEL[detail.revision.status]} · generated ${generatedAt.toISOString().slice(0, 10)}`;
  drawPageFooters(w, left, { x: MARGIN.left, right: CONTENT_RIGHT, y: PAGE.height - 34 });
}
