import { INVOICE_KIND_LABEL, INVOICE_STATUS_LABEL } from "@domain/invoices";
import { formatMoney } from "@domain/money";
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
import type { InvoiceDetail } from "./contract";

/*
 * A client invoice as the PDF sent to the client (PRODUCT.md → Client invoices): the workspace
 * as the seller, the number, kind, issue and due dates, the client's billing details and PO
 * number, the job, the lines with their amounts, the total, what is paid and outstanding, and
 * notes; "Page n of m" at the foot. US Letter, Inter embedded (server/lib/pdf.ts). Amounts are
 * integer minor units formatted by formatMoney in the invoice's currency, right-aligned. The
 * seller is the workspace's sender block (logo, name, billing address, tax id: drawSender).
 */

const { PAGE, MARGIN, RIGHT, WIDTH, BOTTOM } = DOCUMENT_LAYOUT;

export interface InvoicePdfOptions {
  /** The seller: the workspace's name, billing address, tax id and logo (workspaces/repo selectSender). */
  sender: Sender;
  generatedAt: Date;
}

/** The file name of an invoice's PDF: "INV-0001.pdf". */
export function invoiceFileName(invoice: InvoiceDetail): string {
  return `${invoice.displayNumber}.pdf`;
}

export async function renderInvoicePdf(
  invoice: InvoiceDetail,
  options: InvoicePdfOptions,
): Promise<Uint8Array> {
  const { w, finish } = startPdf({
    margins: MARGIN,
    title: `Invoice ${invoice.displayNumber}`,
    author: options.sender.name,
    generatedAt: options.generatedAt,
  });
  draw(w, invoice, options);
  drawPageFooters(
    w,
    `${invoice.displayNumber} · please quote this number with your payment · generated ${options.generatedAt.toISOString().slice(0, 10)}`,
    { x: MARGIN.left, right: RIGHT, y: PAGE.height - 40 },
  );
  return finish();
}

const COLUMNS = [
  { header: "#", width: 24, align: "left" as const },
  { header: "Description", width: 398, align: "left" as const },
  { header: "Amount", width: 94, align: "right" as const },
];
const PAD = 4;
const colX = (i: number) => MARGIN.left + COLUMNS.slice(0, i).reduce((s, c) => s + c.width, 0);

function draw(w: Writer, inv: InvoiceDetail, options: InvoicePdfOptions) {
  const doc = w.doc;
  const money = (amount: number) => formatMoney(amount, inv.currency);
  let y = MARGIN.top;
  const senderBottom = drawSender(w, options.sender, { x: MARGIN.left, y, width: WIDTH / 2 - 12 });
  text(
    w,
    `${INVOICE_KIND_LABEL[inv.kind].toUpperCase()} INVOICE`,
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 9, bold: true, color: MUTED },
    "right",
  );
  text(w, inv.displayNumber, MARGIN.left + WIDTH / 2, y + 13, WIDTH / 2, { size: 20, bold: true }, "right");
  y += 44;
  const status =
    inv.status === "sent" || inv.status === "draft" ? "" : ` · ${INVOICE_STATUS_LABEL[inv.status]}`;
  text(
    w,
    `Date ${inv.issueDate} · Due ${inv.dueDate}${status}`,
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 10, color: MUTED },
    "right",
  );
  y = Math.max(y + 26, senderBottom + 14);

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
  const clientLines = [
    inv.client.name,
    inv.client.contactName,
    ...inv.client.address.split("\n").map((l) => l.trim()),
    inv.client.email,
    inv.client.taxId ? `Tax id ${inv.client.taxId}` : "",
  ].filter(Boolean);
  const jobLines = [
    inv.projectName ?? inv.budgetName,
    `Budget: ${inv.budgetName}`,
    inv.clientPoNumber ? `Your PO: ${inv.clientPoNumber}` : "",
    `Payment terms: ${inv.client.paymentTermsDays === 0 ? "due on receipt" : `net ${inv.client.paymentTermsDays} days`}`,
  ].filter(Boolean);
  y =
    Math.max(
      block(MARGIN.left, "Bill to", clientLines),
      block(MARGIN.left + WIDTH / 2 + 12, "Job", jobLines),
    ) + 14;

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
  inv.lines.forEach((line, index) => {
    const height =
      Math.max(14, w.paragraphHeight(line.description, COLUMNS[1]!.width - 2 * PAD, styleOf(cell))) + 8;
    if (y + height > BOTTOM - 60) {
      doc.addPage();
      y = MARGIN.top;
      header();
    }
    const ty = y + 4;
    text(w, String(index + 1), colX(0) + PAD, ty, COLUMNS[0]!.width - 2 * PAD, { ...cell, color: MUTED });
    w.paragraph(line.description, colX(1) + PAD, ty, COLUMNS[1]!.width - 2 * PAD, styleOf(cell));
    text(w, money(line.amountMinor), colX(2) + PAD, ty, COLUMNS[2]!.width - 2 * PAD, cell, "right");
    y += height;
    w.rule(MARGIN.left, RIGHT, y, RULE, 0.5);
  });
  if (y + 70 > BOTTOM) {
    doc.addPage();
    y = MARGIN.top;
  }
  w.rule(MARGIN.left, RIGHT, y, INK, 0.75);
  y += 6;
  const sumRow = (label: string, amount: number, bold: boolean) => {
    text(w, label, colX(1) + PAD, y, COLUMNS[1]!.width - 2 * PAD, { size: bold ? 11 : 9.5, bold }, "right");
    text(
      w,
      money(amount),
      colX(2) + PAD,
      y,
      COLUMNS[2]!.width - 2 * PAD,
      { size: bold ? 11 : 9.5, bold },
      "right",
    );
    y += bold ? 18 : 14;
  };
  sumRow(`Total (${inv.currency})`, inv.totalMinor, true);
  if (inv.paidMinor > 0) {
    sumRow("Paid", inv.paidMinor, false);
    sumRow("Outstanding", inv.outstandingMinor, true);
  }
  y += 12;
  if (inv.status === "void" && inv.voidReason) {
    text(w, `VOID: ${inv.voidReason}`, MARGIN.left, y, WIDTH, { size: 10, bold: true });
    y += 18;
  }
  if (inv.notes) {
    const height = w.paragraphHeight(inv.notes, WIDTH, styleOf({ size: 9.5 })) + 14;
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN.top;
    }
    text(w, "NOTES", MARGIN.left, y, WIDTH, { size: 7.5, bold: true, color: MUTED });
    w.paragraph(inv.notes, MARGIN.left, y + 12, WIDTH, styleOf({ size: 9.5 }));
  }
}
