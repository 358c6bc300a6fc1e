import { formatMoney } from "@domain/money";
import { PURCHASE_ORDER_STATUS_LABEL } from "@domain/purchase-orders";
import {
  BAND,
  drawPageFooters,
  drawSender,
  INK,
  MUTED,
  RULE,
  type Sender,
  startPdf,
  type Writer,
  DOCUMENT_LAYOUT,
  docStyle as styleOf,
  docText as text,
  type DocStyle as Style,
} from "../../lib/pdf";
import type { PurchaseOrderDetail } from "./contract";

/*
 * A purchase order as the PDF sent to the vendor (PRODUCT.md → Purchase orders): the workspace
 * as the buyer, the PO number and date, the vendor, the job (project, client, budget), the lines
 * with their amounts and the total, payment terms and notes; "Page n of m" at the foot. US
 * Letter, Inter embedded in every script it has (server/lib/pdf.ts). Amounts are integer minor
 * units formatted by domain/money.ts formatMoney in the PO's currency, right-aligned.
 */

const { PAGE, MARGIN, RIGHT, WIDTH, BOTTOM } = DOCUMENT_LAYOUT;

export interface PurchaseOrderPdfOptions {
  /** The buyer: the workspace's name, billing address, tax id and logo (workspaces/repo selectSender). */
  sender: Sender;
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
  const { w, finish } = startPdf({
    margins: MARGIN,
    title: `Purchase order ${po.displayNumber}`,
    author: options.sender.name,
    generatedAt: options.generatedAt,
  });
  draw(w, po, options);
  drawPageFooters(
    w,
    `${po.displayNumber} · please quote this number on your invoice · generated ${options.generatedAt.toISOString().slice(0, 10)}`,
    { x: MARGIN.left, right: RIGHT, y: PAGE.height - 40 },
  );
  return finish();
}

/** Wrapped text in a column; returns its height. */
function paragraph(w: Writer, value: string, x: number, y: number, width: number, style: Style) {
  return w.paragraph(value, x, y, width, styleOf(style));
}

function measure(w: Writer, value: string, width: number, style: Style): number {
  return w.paragraphHeight(value, width, styleOf(style));
}

function rule(w: Writer, y: number, color = RULE, width = 0.5) {
  w.rule(MARGIN.left, RIGHT, y, color, width);
}

const COLUMNS = [
  { header: "#", width: 24, align: "left" as const },
  { header: "Budget line", width: 80, align: "left" as const },
  { header: "Description", width: 318, align: "left" as const },
  { header: "Amount", width: 94, align: "right" as const },
];
const PAD = 4;
const colX = (i: number) => MARGIN.left + COLUMNS.slice(0, i).reduce((s, c) => s + c.width, 0);

function draw(w: Writer, po: PurchaseOrderDetail, options: PurchaseOrderPdfOptions) {
  const doc = w.doc;
  const money = (amount: number) => formatMoney(amount, po.currency);
  let y = MARGIN.top;
  const senderBottom = drawSender(w, options.sender, { x: MARGIN.left, y, width: WIDTH / 2 - 12 });
  text(
    w,
    "PURCHASE ORDER",
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 9, bold: true, color: MUTED },
    "right",
  );
  text(w, po.displayNumber, MARGIN.left + WIDTH / 2, y + 13, WIDTH / 2, { size: 20, bold: true }, "right");
  y += 44;
  const status =
    po.status === "sent" || po.status === "approved" ? "" : ` · ${PURCHASE_ORDER_STATUS_LABEL[po.status]}`;
  text(
    w,
    `Date ${po.orderDate}${status}`,
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 10, color: MUTED },
    "right",
  );
  y = Math.max(y + 26, senderBottom + 14);

  // Vendor on the left, the job on the right.
  const half = WIDTH / 2 - 12;
  const block = (x: number, label: string, lines: string[]) => {
    let by = y;
    text(w, label.toUpperCase(), x, by, half, { size: 7.5, bold: true, color: MUTED });
    by += 12;
    lines.forEach((line, i) => {
      text(w, line, x, by, half, { size: i === 0 ? 11 : 9.5, bold: i === 0 });
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
    y += paragraph(w, po.description, MARGIN.left, y, WIDTH, { size: 10 }) + 12;
  }

  const header = () => {
    w.fill(MARGIN.left, y, WIDTH, 18, BAND);
    COLUMNS.forEach((c, i) =>
      text(
        w,
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
    const height = Math.max(14, measure(w, description, COLUMNS[2]!.width - 2 * PAD, cell)) + 8;
    if (y + height > BOTTOM - 40) {
      doc.addPage();
      y = MARGIN.top;
      header();
    }
    const ty = y + 4;
    text(w, String(index + 1), colX(0) + PAD, ty, COLUMNS[0]!.width - 2 * PAD, { ...cell, color: MUTED });
    const ref = [line.section, line.budgetLineNumber].filter(Boolean).join(" ");
    text(w, ref, colX(1) + PAD, ty, COLUMNS[1]!.width - 2 * PAD, cell);
    paragraph(w, description, colX(2) + PAD, ty, COLUMNS[2]!.width - 2 * PAD, cell);
    text(w, money(line.amountMinor), colX(3) + PAD, ty, COLUMNS[3]!.width - 2 * PAD, cell, "right");
    y += height;
    rule(w, y);
  });
  if (y + 30 > BOTTOM) {
    doc.addPage();
    y = MARGIN.top;
  }
  rule(w, y, INK, 0.75);
  y += 6;
  text(
    w,
    `Total (${po.currency})`,
    colX(2) + PAD,
    y,
    COLUMNS[2]!.width - 2 * PAD,
    { size: 11, bold: true },
    "right",
  );
  text(
    w,
    money(po.amountMinor),
    colX(3) + PAD,
    y,
    COLUMNS[3]!.width - 2 * PAD,
    { size: 11, bold: true },
    "right",
  );
  y += 30;
  if (po.notes) {
    const height = measure(w, po.notes, WIDTH, { size: 9.5 }) + 14;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN.top;
    }
    text(w, "NOTES", MARGIN.left, y, WIDTH, { size: 7.5, bold: true, color: MUTED });
    paragraph(w, po.notes, MARGIN.left, y + 12, WIDTH, { size: 9.5 });
  }
}
