import { SOW_STATUS_LABEL } from "@domain/sows";
import { formatMoney, basisPointsToPercentText } from "@domain/money";
import {
  BAND,
  drawPageFooters,
  drawSender,
  INK,
  lineHeight,
  MUTED,
  RULE,
  startPdf,
  type Writer,
  type Sender,
  DOCUMENT_LAYOUT,
  docStyle as styleOf,
  docText as text,
  type DocStyle as Style,
} from "../../lib/pdf";
import type { SowDetail } from "./contract";

/*
 * A statement of work as the PDF sent to the client (PRODUCT.md → SOW): the workspace, the
 * number, version and status, the client and project, the scope, the included deliverables with
 * their due dates, the fee, the payment schedule (amounts, shares of the fee, due dates or
 * milestones), the terms, and the signature (or signature lines while unsigned); "Page n of m" at
 * the foot. US Letter, Inter embedded (server/lib/pdf.ts). Amounts are integer minor units
 * formatted by formatMoney in the SOW's currency, right-aligned. The version printed is the one
 * the detail shows (`shownVersion`). The agency is the workspace's sender block (drawSender).
 */

const { PAGE, MARGIN, RIGHT, WIDTH, BOTTOM } = DOCUMENT_LAYOUT;

export interface SowPdfOptions {
  /** The agency: the workspace's name, billing address, tax id and logo (workspaces/repo selectSender). */
  sender: Sender;
  generatedAt: Date;
}

/** The file name of a SOW version's PDF: "SOW-0001-v2.pdf". */
export function sowFileName(sow: SowDetail): string {
  return `${sow.displayNumber}-v${sow.shownVersion}.pdf`;
}

export async function renderSowPdf(sow: SowDetail, options: SowPdfOptions): Promise<Uint8Array> {
  const { w, finish } = startPdf({
    margins: MARGIN,
    title: `Statement of work ${sow.displayNumber} v${sow.shownVersion}`,
    author: options.sender.name,
    generatedAt: options.generatedAt,
  });
  draw(w, sow, options);
  drawPageFooters(
    w,
    `${sow.displayNumber} version ${sow.shownVersion} · generated ${options.generatedAt.toISOString().slice(0, 10)}`,
    { x: MARGIN.left, right: RIGHT, y: PAGE.height - 40 },
  );
  return finish();
}

const SCHEDULE_COLUMNS = [
  { header: "#", width: 24, align: "left" as const },
  { header: "Payment", width: 232, align: "left" as const },
  { header: "Due", width: 120, align: "left" as const },
  { header: "Share", width: 60, align: "right" as const },
  { header: "Amount", width: 80, align: "right" as const },
];
const PAD = 4;
const colX = (i: number) => MARGIN.left + SCHEDULE_COLUMNS.slice(0, i).reduce((s, c) => s + c.width, 0);

function draw(w: Writer, sow: SowDetail, options: SowPdfOptions) {
  const doc = w.doc;
  const money = (amount: number) => formatMoney(amount, sow.currency);
  let y = MARGIN.top;
  const room = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN.top;
    }
  };
  const senderBottom = drawSender(w, options.sender, { x: MARGIN.left, y, width: WIDTH / 2 - 12 });
  text(
    w,
    "STATEMENT OF WORK",
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 9, bold: true, color: MUTED },
    "right",
  );
  text(w, sow.displayNumber, MARGIN.left + WIDTH / 2, y + 13, WIDTH / 2, { size: 20, bold: true }, "right");
  y += 44;
  text(
    w,
    `Version ${sow.shownVersion} · ${SOW_STATUS_LABEL[sow.shownStatus]} · Date ${sow.date}`,
    MARGIN.left + WIDTH / 2,
    y,
    WIDTH / 2,
    { size: 10, color: MUTED },
    "right",
  );
  y = Math.max(y + 22, senderBottom + 14);
  text(w, sow.title, MARGIN.left, y, WIDTH, { size: 14, bold: true });
  y += 26;

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
    sow.client.name,
    sow.client.contactName,
    ...sow.client.address.split("\n").map((l) => l.trim()),
    sow.client.email,
  ].filter(Boolean);
  const projectLines = [
    sow.projectName ?? sow.title,
    sow.budgetName ? `Budget: ${sow.budgetName}` : "",
    `Fee: ${money(sow.shownFeeMinor)} (${sow.currency})`,
  ].filter(Boolean);
  y =
    Math.max(
      block(MARGIN.left, "Client", clientLines),
      block(MARGIN.left + WIDTH / 2 + 12, "Project", projectLines),
    ) + 16;

  const section = (title: string) => {
    room(40);
    text(w, title.toUpperCase(), MARGIN.left, y, WIDTH, { size: 8, bold: true, color: MUTED });
    y += 13;
    w.rule(MARGIN.left, RIGHT, y, RULE, 0.5);
    y += 6;
  };
  const body = (value: string) => {
    const style = styleOf({ size: 9.5 });
    for (const part of value.split(/\r?\n/)) {
      for (const line of w.wrap(part, WIDTH, style)) {
        room(14);
        text(w, line, MARGIN.left, y, WIDTH, { size: 9.5 });
        y += 12.4;
      }
    }
    y += 10;
  };

  section("Scope");
  body(sow.scope || "—");

  const deliverables = sow.deliverables.filter((d) => d.included);
  section("Deliverables");
  if (deliverables.length === 0) body("—");
  deliverables.forEach((d, index) => {
    room(16);
    text(w, `${index + 1}.`, MARGIN.left, y, 20, { size: 9.5, color: MUTED });
    text(w, d.name, MARGIN.left + 20, y, WIDTH - 120, { size: 9.5 });
    text(w, d.dueDate ? `Due ${d.dueDate}` : "", RIGHT - 100, y, 100, { size: 9.5, color: MUTED }, "right");
    y += 14;
  });
  y += 10;

  section("Fee and payment schedule");
  const header = () => {
    room(40);
    w.fill(MARGIN.left, y, WIDTH, 18, BAND);
    SCHEDULE_COLUMNS.forEach((c, i) =>
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
  const step = lineHeight(cell);
  sow.schedule.forEach((e, index) => {
    const cells = [
      String(index + 1),
      e.label,
      e.dueOn ?? e.milestone,
      e.percentBp !== null ? `${basisPointsToPercentText(e.percentBp)} %` : "",
      money(e.amountMinor),
    ];
    // The label and the milestone wrap within their columns; the row is as tall as its longest.
    const lines = cells.map((value, i) =>
      i === 1 || i === 2 ? w.wrap(value, SCHEDULE_COLUMNS[i]!.width - 2 * PAD, cell) : [value],
    );
    const height = Math.max(22, 8 + step * Math.max(...lines.map((l) => l.length)));
    if (y + height > BOTTOM - 40) {
      doc.addPage();
      y = MARGIN.top;
      header();
    }
    const ty = y + 4;
    lines.forEach((column, i) =>
      column.forEach((value, n) =>
        text(
          w,
          value,
          colX(i) + PAD,
          ty + n * step,
          SCHEDULE_COLUMNS[i]!.width - 2 * PAD,
          i === 0 ? { ...cell, color: MUTED } : cell,
          SCHEDULE_COLUMNS[i]!.align,
        ),
      ),
    );
    y += height;
    w.rule(MARGIN.left, RIGHT, y, RULE, 0.5);
  });
  room(30);
  w.rule(MARGIN.left, RIGHT, y, INK, 0.75);
  y += 6;
  text(
    w,
    `Fee (${sow.currency})`,
    colX(1) + PAD,
    y,
    colX(4) - colX(1) - 2 * PAD,
    { size: 11, bold: true },
    "right",
  );
  text(
    w,
    money(sow.shownFeeMinor),
    colX(4) + PAD,
    y,
    SCHEDULE_COLUMNS[4]!.width - 2 * PAD,
    { size: 11, bold: true },
    "right",
  );
  y += 28;

  if (sow.terms) {
    section("Terms");
    body(sow.terms);
  }

  room(90);
  section("Acceptance");
  if (sow.shownStatus === "signed") {
    const latest = sow.signedVersion === sow.shownVersion;
    const day = latest ? sow.signedOn : sow.versions.find((v) => v.version === sow.shownVersion)?.signedOn;
    const by = latest && sow.signedByName ? `Signed by ${sow.signedByName}` : "Signed";
    text(w, `${by} on ${day ?? ""}`, MARGIN.left, y, WIDTH, { size: 10, bold: true });
    y += 18;
  } else {
    y += 30;
    const lineWidth = WIDTH / 2 - 24;
    for (const [x, label] of [
      [MARGIN.left, `For ${sow.client.name}: name, signature, date`],
      [MARGIN.left + WIDTH / 2 + 12, `For ${options.sender.name}: name, signature, date`],
    ] as const) {
      w.rule(x, x + lineWidth, y, INK, 0.5);
      text(w, label, x, y + 4, lineWidth, { size: 8, color: MUTED });
    }
  }
}
