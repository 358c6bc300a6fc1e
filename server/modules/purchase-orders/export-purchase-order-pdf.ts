import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatMoney } from "@domain/money";
import { PURCHASE_ORDER_STATUS_LABEL } from "@domain/purchase-orders";
import type { PurchaseOrderDetail } from "./contract";

/*
 * A purchase order as the PDF sent to the vendor (PRODUCT.md → Purchase orders): the workspace
 * as the buyer, the PO number and date, the vendor, the job (project, client, budget), the lines
 * with their amounts and the total, payment terms and notes; "Page n of m" at the foot. US
 * Letter, Inter embedded (pdfkit subsets the glyphs used). Amounts are integer minor units
 * formatted by domain/money.ts formatMoney in the PO's currency, right-aligned.
 *
 * Inter is registered from @fontsource's Latin files only (Latin-1 text); the budgets PDF draws
 * every script through its own font runs — once those helpers are shared (server/lib), this file
 * draws its text through them too.
 */

const require = createRequire(import.meta.url);
const FONT = { regular: "Inter-400", bold: "Inter-700" } as const;

const PAGE = { width: 612, height: 792 };
const MARGIN = { left: 48, right: 48, top: 48, bottom: 60 };
const RIGHT = PAGE.width - MARGIN.right;
const WIDTH = RIGHT - MARGIN.left;
const BOTTOM = PAGE.height - MARGIN.bottom;
const INK = "#111827";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const BAND = "#eef2f7";

export interface PurchaseOrderPdfOptions {
  /** The buyer: the workspace's name. */
  workspaceName: string;
  generatedAt: Date;
}

/** The file name of a PO's PDF: "PO-0001.pdf". */
export function purchaseOrderFileName(po: PurchaseOrderDetail): string {
  return `${po.displayNumber}.pdf`;
}

/** The PDF of a PO (readPurchaseOrder's answer) as bytes. */
export async function renderPurchaseOrderPdf(
  po: PurchaseOrderDetail,
  options: PurchaseOrderPdfOptions,
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "LETTER",
    margins: MARGIN,
    bufferPages: true,
    info: {
      Title: `Purchase order ${po.displayNumber}`,
      Author: options.workspaceName,
      Creator: "Agency Hub",
      Producer: "Agency Hub",
      CreationDate: options.generatedAt,
      ModDate: options.generatedAt,
    },
  });
  doc.registerFont(FONT.regular, require.resolve("@fontsource/inter/files/inter-latin-400-normal.woff"));
  doc.registerFont(FONT.bold, require.resolve("@fontsource/inter/files/inter-latin-700-normal.woff"));
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  draw(doc, po, options);
  footers(doc, po, options.generatedAt);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

interface Style {
  size: number;
  bold?: boolean;
  color?: string;
}

/** One line of text in a box (cut with an ellipsis when too long), left or right aligned. */
function text(
  doc: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  width: number,
  style: Style,
  align: "left" | "right" = "left",
) {
  doc
    .font(style.bold ? FONT.bold : FONT.regular)
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
  let shown = value;
  if (doc.widthOfString(shown) > width) {
    while (shown.length > 1 && doc.widthOfString(`${shown}…`) > width) shown = shown.slice(0, -1);
    shown = `${shown.trimEnd()}…`;
  }
  doc.text(shown, x, y, { width, align, lineBreak: false });
}

/** Wrapped text in a column; returns its height. */
function paragraph(
  doc: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  width: number,
  style: Style,
) {
  doc
    .font(style.bold ? FONT.bold : FONT.regular)
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
  const height = doc.heightOfString(value, { width });
  doc.text(value, x, y, { width });
  return height;
}

function measure(doc: PDFKit.PDFDocument, value: string, width: number, style: Style): number {
  return doc
    .font(style.bold ? FONT.bold : FONT.regular)
    .fontSize(style.size)
    .heightOfString(value, { width });
}

function rule(doc: PDFKit.PDFDocument, y: number, color = RULE, width = 0.5) {
  doc.save().moveTo(MARGIN.left, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke().restore();
}

const COLUMNS = [
  { header: "#", width: 24, align: "left" as const },
  { header: "Budget line", width: 80, align: "left" as const },
  { header: "Description", width: 318, align: "left" as const },
  { header: "Amount", width: 94, align: "right" as const },
];
const PAD = 4;
const colX = (i: number) => MARGIN.left + COLUMNS.slice(0, i).reduce((s, c) => s + c.width, 0);

function draw(doc: PDFKit.PDFDocument, po: PurchaseOrderDetail, options: PurchaseOrderPdfOptions) {
  const money = (amount: number) => formatMoney(amount, po.currency);
  let y = MARGIN.top;
  text(doc, options.workspaceName, MARGIN.left, y, WIDTH / 2, { size: 16, bold: true });
  text(
    doc,
    "PURCHASE ORDER",
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 9, bold: true, color: MUTED },
    "right",
  );
  text(doc, po.displayNumber, MARGIN.left + WIDTH / 2, y + 13, WIDTH / 2, { size: 20, bold: true }, "right");
  y += 44;
  const status =
    po.status === "sent" || po.status === "approved" ? "" : ` · ${PURCHASE_ORDER_STATUS_LABEL[po.status]}`;
  text(
    doc,
    `Date ${po.orderDate}${status}`,
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 10, color: MUTED },
    "right",
  );
  y += 26;

  // Vendor on the left, the job on the right.
  const half = WIDTH / 2 - 12;
  const block = (x: number, label: string, lines: string[]) => {
    let by = y;
    text(doc, label.toUpperCase(), x, by, half, { size: 7.5, bold: true, color: MUTED });
    by += 12;
    lines.forEach((line, i) => {
      text(doc, line, x, by, half, { size: i === 0 ? 11 : 9.5, bold: i === 0 });
      by += i === 0 ? 15 : 13;
    });
    return by;
  };
  const vendorLines = [
    po.vendor.name,
    po.vendor.contactName,
    po.vendor.email,
    po.vendor.taxId ? `Tax id ${po.vendor.taxId}` : "",
  ].filter(Boolean);
  const jobLines = [
    po.projectName ?? po.budgetName,
    po.clientName ? `Client: ${po.clientName}` : "",
    `Budget: ${po.budgetName}`,
    `Payment terms: ${po.vendor.paymentTermsDays === 0 ? "due on receipt" : `net ${po.vendor.paymentTermsDays} days`}`,
  ].filter(Boolean);
  y =
    Math.max(
      block(MARGIN.left, "Vendor", vendorLines),
      block(MARGIN.left + WIDTH / 2 + 12, "Job", jobLines),
    ) + 14;
  if (po.description) {
    y += paragraph(doc, po.description, MARGIN.left, y, WIDTH, { size: 10 }) + 12;
  }

  const header = () => {
    doc.save().rect(MARGIN.left, y, WIDTH, 18).fillColor(BAND).fill().restore();
    COLUMNS.forEach((c, i) =>
      text(
        doc,
        c.header.toUpperCase(),
        colX(i) + PAD,
        y + 5.5,
        c.width - 2 * PAD,
        { size: 7.5, bold: true, color: MUTED },
        c.align,
      ),
    );
    y += 18;
  };
  header();
  const cell: Style = { size: 9.5 };
  po.lines.forEach((line, index) => {
    const description = line.description || line.budgetLineDescription || "—";
    const height = Math.max(14, measure(doc, description, COLUMNS[2]!.width - 2 * PAD, cell)) + 8;
    if (y + height > BOTTOM - 40) {
      doc.addPage();
      y = MARGIN.top;
      header();
    }
    const ty = y + 4;
    text(doc, String(index + 1), colX(0) + PAD, ty, COLUMNS[0]!.width - 2 * PAD, { ...cell, color: MUTED });
    const ref = [line.section, line.budgetLineNumber].filter(Boolean).join(" ");
    text(doc, ref, colX(1) + PAD, ty, COLUMNS[1]!.width - 2 * PAD, cell);
    paragraph(doc, description, colX(2) + PAD, ty, COLUMNS[2]!.width - 2 * PAD, cell);
    text(doc, money(line.amountMinor), colX(3) + PAD, ty, COLUMNS[3]!.width - 2 * PAD, cell, "right");
    y += height;
    rule(doc, y);
  });
  if (y + 30 > BOTTOM) {
    doc.addPage();
    y = MARGIN.top;
  }
  rule(doc, y, INK, 0.75);
  y += 6;
  text(
    doc,
    `Total (${po.currency})`,
    colX(2) + PAD,
    y,
    COLUMNS[2]!.width - 2 * PAD,
    { size: 11, bold: true },
    "right",
  );
  text(
    doc,
    money(po.amountMinor),
    colX(3) + PAD,
    y,
    COLUMNS[3]!.width - 2 * PAD,
    { size: 11, bold: true },
    "right",
  );
  y += 30;
  if (po.notes) {
    const height = measure(doc, po.notes, WIDTH, { size: 9.5 }) + 14;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN.top;
    }
    text(doc, "NOTES", MARGIN.left, y, WIDTH, { size: 7.5, bold: true, color: MUTED });
    paragraph(doc, po.notes, MARGIN.left, y + 12, WIDTH, { size: 9.5 });
  }
}

function footers(doc: PDFKit.PDFDocument, po: PurchaseOrderDetail, generatedAt: Date) {
  const range = doc.bufferedPageRange();
  const y = PAGE.height - 40;
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The foot is below the bottom margin: without lifting it pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    rule(doc, y - 6);
    const style: Style = { size: 7.5, color: MUTED };
    text(
      doc,
      `${po.displayNumber} · please quote this number on your invoice · generated ${generatedAt.toISOString().slice(0, 10)}`,
      MARGIN.left,
      y,
      WIDTH - 80,
      style,
    );
    text(doc, `Page ${i - range.start + 1} of ${range.count}`, RIGHT - 80, y, 80, style, "right");
    doc.page.margins.bottom = bottom;
  }
}
