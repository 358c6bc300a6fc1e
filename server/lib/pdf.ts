import fs from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

/*
 * What every PDF of the app shares (budgets, purchase orders, invoices, SOWs): pdfkit with Inter
 * embedded (pdfkit subsets the glyphs used), text drawn through a Writer that measures, cuts and
 * wraps, the house colours, the document's bytes, and "Page n of m" footers.
 *
 * Inter comes in @fontsource's per-script files, so each piece of text is drawn in runs, each run
 * in the first file that has its characters (Latin, then Latin Extended, Cyrillic, Greek,
 * Vietnamese); a character none has prints as U+FFFD.
 */

const require = createRequire(import.meta.url);

const SUBSETS = [
  "latin",
  "latin-ext",
  "cyrillic",
  "cyrillic-ext",
  "greek",
  "greek-ext",
  "vietnamese",
] as const;
type Subset = (typeof SUBSETS)[number];
export type Weight = 400 | 700;

interface FontFile {
  name: string;
  data: Buffer;
  ranges: [number, number][];
}

let fontFiles: Map<string, FontFile> | undefined;

/** Parses "U+0000-00FF,U+0131" into code point ranges. */
function unicodeRanges(spec: string): [number, number][] {
  return spec.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const start = Number.parseInt(from!, 16);
    return [start, to ? Number.parseInt(to, 16) : start];
  });
}

/** Inter's files (read once per process): each subset in both weights, with what it covers. */
function fonts(): Map<string, FontFile> {
  if (fontFiles) return fontFiles;
  const coverage = require("@fontsource/inter/unicode.json") as Record<Subset, string>;
  const files = new Map<string, FontFile>();
  for (const subset of SUBSETS) {
    for (const weight of [400, 700] as const) {
      const name = `Inter-${subset}-${weight}`;
      const file = require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`);
      files.set(name, { name, data: fs.readFileSync(file), ranges: unicodeRanges(coverage[subset]) });
    }
  }
  fontFiles = files;
  return files;
}

const covers = (font: FontFile, codePoint: number) =>
  font.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

interface Run {
  font: string;
  text: string;
}

/** `text` as runs of one font each (see above); a character no subset covers becomes U+FFFD. */
function runsOf(text: string, weight: Weight): Run[] {
  // eslint-disable-next-line no-control-regex -- Latin-1 is the whole of the latin file's first range
  if (/^[\u0000-\u00ff]*$/.test(text)) return [{ font: `Inter-latin-${weight}`, text }];
  const files = fonts();
  const runs: Run[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    let font = `Inter-latin-${weight}`;
    let out = char;
    const found = SUBSETS.map((s) => files.get(`Inter-${s}-${weight}`)!).find((f) => covers(f, codePoint));
    if (found) font = found.name;
    else out = "\uFFFD";
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += out;
    else runs.push({ font, text: out });
  }
  return runs;
}

export const INK = "#111827";
export const MUTED = "#6b7280";
export const RULE = "#d1d5db";
export const BAND = "#eef2f7";

export type Align = "left" | "right";

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
}

export class Writer {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  private readonly widths = new Map<string, number>();

  width(text: string, style: TextStyle): number {
    const key = `${style.weight ?? 400}|${style.size}|${text}`;
    const known = this.widths.get(key);
    if (known !== undefined) return known;
    let total = 0;
    for (const run of runsOf(text, style.weight ?? 400)) {
      total += this.doc.font(run.font).fontSize(style.size).widthOfString(run.text);
    }
    this.widths.set(key, total);
    return total;
  }

  /** `text` cut to `width` with an ellipsis when it does not fit. */
  fit(text: string, width: number, style: TextStyle): string {
    if (this.width(text, style) <= width) return text;
    const chars = [...text];
    let low = 0;
    let high = chars.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.width(`${chars.slice(0, mid).join("")}…`, style) <= width) low = mid;
      else high = mid - 1;
    }
    return `${chars.slice(0, low).join("").trimEnd()}…`;
  }

  /** One line of text in a box of `width` from `x` (cut to fit), left or right aligned. */
  line(text: string, x: number, y: number, width: number, style: TextStyle, align: Align = "left"): void {
    const shown = this.fit(text, width, style);
    let cursor = align === "right" ? x + width - this.width(shown, style) : x;
    this.doc.fillColor(style.color ?? INK);
    for (const run of runsOf(shown, style.weight ?? 400)) {
      this.doc.font(run.font).fontSize(style.size);
      this.doc.text(run.text, cursor, y, { lineBreak: false });
      cursor += this.doc.widthOfString(run.text);
    }
  }

  /** `text` wrapped on spaces into lines of at most `width` (a longer word is cut by characters). */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const words = text.replace(/\s+/g, " ").trim().split(" ");
    const lines: string[] = [];
    let current = "";
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (this.width(candidate, style) <= width) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      while (this.width(current, style) > width) {
        const chars = [...current];
        let take = chars.length - 1;
        while (take > 1 && this.width(chars.slice(0, take).join(""), style) > width) take -= 1;
        lines.push(chars.slice(0, take).join(""));
        current = chars.slice(take).join("");
      }
    }
    if (current || lines.length === 0) lines.push(current);
    return lines;
  }

  /** The height `text` takes wrapped into `width` (see paragraph). */
  paragraphHeight(text: string, width: number, style: TextStyle): number {
    const lines = text.split(/\r?\n/).reduce((n, part) => n + this.wrap(part, width, style).length, 0);
    return lines * lineHeight(style);
  }

  /** `text` wrapped into `width` from (x, y), each paragraph of it on new lines; returns its height. */
  paragraph(text: string, x: number, y: number, width: number, style: TextStyle): number {
    let cursor = y;
    for (const part of text.split(/\r?\n/)) {
      for (const line of this.wrap(part, width, style)) {
        this.line(line, x, cursor, width, style);
        cursor += lineHeight(style);
      }
    }
    return cursor - y;
  }

  rule(x1: number, x2: number, y: number, color = RULE, width = 0.5): void {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
  }

  fill(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.save().rect(x, y, width, height).fillColor(color).fill().restore();
  }
}

/** The distance between two wrapped lines of a style. */
export function lineHeight(style: TextStyle): number {
  return Math.round(style.size * 1.3 * 10) / 10;
}

export interface PdfMargins {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface NewPdf {
  doc: PDFKit.PDFDocument;
  w: Writer;
  /** Ends the document and resolves to its bytes. */
  finish(): Promise<Uint8Array>;
}

/** A US Letter document with every Inter file registered, buffering its pages (for footers). */
export function startPdf(options: {
  margins: PdfMargins;
  title: string;
  author: string;
  generatedAt: Date;
}): NewPdf {
  const doc = new PDFDocument({
    size: "LETTER",
    margins: options.margins,
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: options.title,
      Author: options.author,
      Creator: "Agency Hub",
      Producer: "Agency Hub",
      CreationDate: options.generatedAt,
      ModDate: options.generatedAt,
    },
  });
  for (const file of fonts().values()) doc.registerFont(file.name, file.data);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  return {
    doc,
    w: new Writer(doc),
    finish: async () => {
      doc.end();
      await done;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}

/**
 * On every buffered page: a rule, `left` (cut to fit) and "Page n of m" at the right, on the
 * baseline `y` below the bottom margin (lifted while drawing, or pdfkit would start a new page).
 */
export function drawPageFooters(
  w: Writer,
  left: string,
  layout: { x: number; right: number; y: number },
): void {
  const doc = w.doc;
  const range = doc.bufferedPageRange();
  const style: TextStyle = { size: 7.5, color: MUTED };
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    w.rule(layout.x, layout.right, layout.y - 6);
    const page = `Page ${i - range.start + 1} of ${range.count}`;
    const pageWidth = w.width(page, style);
    w.line(left, layout.x, layout.y, layout.right - layout.x - pageWidth - 16, style);
    w.line(page, layout.right - pageWidth, layout.y, pageWidth, style);
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Who a document is from (the workspace, Settings → Organization): its name, the billing address
 * as printed (lines separated by "\n"), tax id, and logo bytes (PNG or JPEG) — read by
 * `selectSender` in server/modules/workspaces/repo.ts.
 */
export interface Sender {
  name: string;
  address: string;
  taxId: string;
  logo: Buffer | null;
}

/** The address lines printed at most (see drawSender). */
const SENDER_ADDRESS_LINES = 8;

/** The logo's box: at most this tall and wide (points), keeping its proportions. */
const LOGO_BOX = { width: 160, height: 40 };

/**
 * The sender block every document starts with, from (x, y) in a column of `width`: the logo
 * fitted into a 40 pt tall box, then the name, the address lines and "Tax ID …". A logo pdfkit
 * cannot read is left out rather than failing the document. Returns the y below the block.
 */
export function drawSender(w: Writer, sender: Sender, at: { x: number; y: number; width: number }): number {
  let y = at.y;
  if (sender.logo) {
    try {
      w.doc.image(sender.logo, at.x, y, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
      y += LOGO_BOX.height + 8;
    } catch {
      // Not an image pdfkit can embed: the text below still says who the sender is.
    }
  }
  const name: TextStyle = { size: 16, weight: 700 };
  w.line(sender.name, at.x, y, at.width, name);
  y += 21;
  const small: TextStyle = { size: 9, color: MUTED };
  const address = sender.address
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  // At most SENDER_ADDRESS_LINES lines, so the header always leaves the page to the document:
  // the rest of a longer address joins the last one (cut to the column with an ellipsis).
  const shown =
    address.length > SENDER_ADDRESS_LINES
      ? [...address.slice(0, SENDER_ADDRESS_LINES - 1), address.slice(SENDER_ADDRESS_LINES - 1).join(", ")]
      : address;
  const lines = [...shown, sender.taxId.trim() ? `Tax ID ${sender.taxId.trim()}` : ""].filter(Boolean);
  for (const line of lines) {
    w.line(line, at.x, y, at.width, small);
    y += lineHeight(small);
  }
  return y;
}

/**
 * The page of the finance documents (purchase order, invoice, SOW): US Letter in points, 48 pt
 * margins and room for the "Page n of m" footer; the content's right edge, width and bottom.
 */
export const DOCUMENT_LAYOUT = (() => {
  const PAGE = { width: 612, height: 792 };
  const MARGIN = { left: 48, right: 48, top: 48, bottom: 60 };
  const RIGHT = PAGE.width - MARGIN.right;
  return { PAGE, MARGIN, RIGHT, WIDTH: RIGHT - MARGIN.left, BOTTOM: PAGE.height - MARGIN.bottom };
})();

/** A text style in the documents' shorthand: a size, bold or not, a colour (INK unless given). */
export interface DocStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export const docStyle = (style: DocStyle): TextStyle => ({
  size: style.size,
  weight: style.bold ? 700 : 400,
  color: style.color ?? INK,
});

/** One line of `value` in a document style (Writer.line: measured, cut to `width`). */
export function docText(
  w: Writer,
  value: string,
  x: number,
  y: number,
  width: number,
  style: DocStyle,
  align: Align = "left",
): void {
  w.line(value, x, y, width, docStyle(style), align);
}
