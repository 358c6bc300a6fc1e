import type { Context } from "hono";

/*
 * The one CSV writer of the server: RFC 4180 cells (quoted when they hold a quote, comma or line
 * break; CRLF line ends), a UTF-8 byte-order mark so spreadsheet apps read accents right, and the
 * formula-injection guard. Rows arrive as an async iterable of batches (a cursor, keyset or
 * offset pages of ~1,000) and leave as a stream that pulls the next batch only when the client
 * has taken the previous one, so memory holds one batch however long the export is.
 */

/**
 * An exact decimal written as a number (money from integer minor units: "-12.50"), so a negative
 * amount is not taken for a formula; anything that is not a plain decimal is written as text.
 */
export interface CsvDecimal {
  decimal: string;
}

export type CsvValue = string | number | CsvDecimal | null | undefined;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell: empty for null; numbers as written; text starting with = + - @ (or a tab/CR) is
 * prefixed with an apostrophe so spreadsheets do not run it as a formula (CSV injection), then
 * quoted with doubled quotes when it holds a quote, comma or line break.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "object")
    return PLAIN_DECIMAL.test(value.decimal) ? value.decimal : csvCell(value.decimal);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record with its CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export interface CsvOptions {
  /** Start with a UTF-8 byte-order mark (default true: Excel then reads the file as UTF-8). */
  bom?: boolean;
}

/** The CSV text in chunks: the header line, then one chunk per batch of rows. */
export async function* csvChunks<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
  options: CsvOptions = {},
): AsyncGenerator<string, void, undefined> {
  yield `${options.bom === false ? "" : "\uFEFF"}${csvLine(columns.map((c) => c.header))}`;
  for await (const batch of batches) {
    let chunk = "";
    for (const row of batch) chunk += csvLine(columns.map((c) => c.value(row)));
    if (chunk) yield chunk;
  }
}

/**
 * A byte stream over chunks that asks for the next chunk only when the reader wants more
 * (backpressure), and stops the source when the reader goes away.
 */
export function chunkStream(chunks: AsyncIterator<string>, first?: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending = first;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pending !== undefined) {
          controller.enqueue(encoder.encode(pending));
          pending = undefined;
          return;
        }
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

export interface CsvDownload<T> extends CsvOptions {
  /** The file name offered to the browser (letters, digits, dot, dash and underscore kept). */
  filename: string;
  columns: readonly CsvColumn<T>[];
  batches: AsyncIterable<readonly T[]>;
}

/**
 * A streamed CSV download (200, text/csv, attachment). The header line and the first batch are
 * read before the response starts, so a failing first query is still an ordinary error
 * response; a failure later ends the download early.
 */
export async function csvResponse<T>(c: Context, download: CsvDownload<T>): Promise<Response> {
  const chunks = csvChunks(download.columns, download.batches, download);
  const header = await chunks.next();
  const firstBatch = await chunks.next();
  const first = `${header.done ? "" : header.value}${firstBatch.done ? "" : firstBatch.value}`;
  const rest: AsyncIterator<string> = firstBatch.done
    ? { next: () => Promise.resolve({ done: true, value: undefined }) }
    : chunks;
  const filename = download.filename.replace(/[^\w.-]/g, "_");
  return c.body(chunkStream(rest, first), 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
  });
}
