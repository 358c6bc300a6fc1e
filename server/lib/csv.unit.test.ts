import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { csvCell, csvChunks, csvLine, csvResponse, type CsvColumn } from "./csv";

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const chunk of chunks) out += chunk;
  return out;
}

async function* batchesOf<T>(...batches: T[][]): AsyncGenerator<T[]> {
  for (const batch of batches) yield batch;
}

interface Row {
  name: string;
  hours: number | null;
}
const columns: CsvColumn<Row>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Hours", value: (r) => r.hours },
];

describe("csvCell (RFC 4180 and the formula guard)", () => {
  it("writes plain text, numbers and empty cells as they are", () => {
    expect(csvCell("Acme Launch")).toBe("Acme Launch");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes cells with a comma, quote or line break and doubles the quotes", () => {
    expect(csvCell("Acme, Inc.")).toBe('"Acme, Inc."');
    expect(csvCell('The "big" one')).toBe('"The ""big"" one"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("cr\rlf")).toBe('"cr\rlf"');
  });

  it("keeps spreadsheets from running text as a formula", () => {
    expect(csvCell("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("-2")).toBe("'-2");
    // An exact decimal (money) is a number, negative or not; anything else in it is text.
    expect(csvCell({ decimal: "-12.50" })).toBe("-12.50");
    expect(csvCell({ decimal: "1234.56" })).toBe("1234.56");
    expect(csvCell({ decimal: "-2+3" })).toBe("'-2+3");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell("\tTab")).toBe("'\tTab");
    expect(csvCell("\rCR")).toBe('"\'\rCR"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("ends a record with CRLF", () => {
    expect(csvLine(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});

describe("csvChunks", () => {
  it("writes a byte-order mark and the header, then the rows batch by batch", async () => {
    const out = await text(
      csvChunks(columns, batchesOf([{ name: "A", hours: 1 }], [], [{ name: "B, C", hours: null }])),
    );
    expect(out).toBe('\uFEFFName,Hours\r\nA,1\r\n"B, C",\r\n');
  });

  it("leaves the byte-order mark out on request and writes the header for no rows", async () => {
    expect(await text(csvChunks(columns, batchesOf<Row>(), { bom: false }))).toBe("Name,Hours\r\n");
  });

  it("streams many rows pulling one batch at a time", async () => {
    let produced = 0;
    async function* many(): AsyncGenerator<Row[]> {
      for (let b = 0; b < 100; b++) {
        const batch: Row[] = [];
        for (let i = 0; i < 1000; i++) batch.push({ name: `Row ${b * 1000 + i}`, hours: i });
        produced += batch.length;
        yield batch;
      }
    }
    const chunks = csvChunks(columns, many());
    await chunks.next(); // header
    await chunks.next(); // first batch
    expect(produced).toBe(1000);
    let lines = 1001;
    for await (const chunk of chunks) {
      expect(produced - lines + 1).toBeLessThanOrEqual(1000); // never more than one batch ahead
      lines += chunk.split("\r\n").length - 1;
    }
    expect([produced, lines]).toEqual([100_000, 100_001]);
  });
});

describe("csvResponse", () => {
  function app(batches: () => AsyncIterable<Row[]>) {
    return new Hono().get("/x.csv", (c) =>
      csvResponse(c, { filename: "projects 2025/01.csv", columns, batches: batches() }),
    );
  }

  it("answers a UTF-8 CSV attachment with a safe file name", async () => {
    const res = await app(() => batchesOf([{ name: "Één", hours: 2 }])).request("/x.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="projects_2025_01.csv"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe("Name,Hours\r\nÉén,2\r\n");
  });

  it("reads the first batch before answering, so its failure is an ordinary error", async () => {
    const failing = new Hono()
      .get("/x.csv", (c) =>
        csvResponse(c, {
          filename: "x.csv",
          columns,
          batches: {
            [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error("database down")) }),
          },
        }),
      )
      .onError((_err, c) => c.text("failed", 500));
    const res = await failing.request("/x.csv");
    expect(res.status).toBe(500);
  });

  it("stops reading the source when the client goes away", async () => {
    let batchesRead = 0;
    let finished = false;
    const res = await app(() =>
      (async function* () {
        try {
          for (let b = 0; b < 1000; b++) {
            batchesRead += 1;
            yield [{ name: `Row ${b}`, hours: b }];
          }
        } finally {
          finished = true;
        }
      })(),
    ).request("/x.csv");
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(finished).toBe(true);
    expect(batchesRead).toBeLessThan(10);
  });
});
