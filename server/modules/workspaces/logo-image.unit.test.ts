import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { drawSender, startPdf } from "../../lib/pdf";
import { imageProblem, sniffImageType } from "./logo-image";
import { jpegHeader, png } from "./test-support";

/** The PDF of a sender block with this logo, as bytes (the way invoices and POs draw it). */
async function pdfWith(logo: Buffer): Promise<Uint8Array> {
  const { w, finish } = startPdf({
    margins: { left: 48, right: 48, top: 48, bottom: 60 },
    title: "t",
    author: "a",
    generatedAt: new Date(0),
  });
  drawSender(w, { name: "Agency", address: "1 Main St", taxId: "", logo }, { x: 48, y: 48, width: 240 });
  return finish();
}

describe("logo images", () => {
  it("tells PNG and JPEG apart by their magic number", () => {
    expect(sniffImageType(png(2, 2))).toBe("image/png");
    expect(sniffImageType(jpegHeader())).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("GIF89a......"))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50]))).toBeNull();
  });

  it("accepts whole PNGs (RGB, RGBA) and a JPEG with its frame header, and the PDF embeds them", async () => {
    for (const image of [png(120, 40), png(16, 16, { colour: 6 })]) {
      expect(imageProblem(image, "image/png")).toBeNull();
      expect((await pdfWith(image)).byteLength).toBeGreaterThan(1000);
    }
    expect(imageProblem(jpegHeader(), "image/jpeg")).toBeNull();
  });

  it("refuses PNGs and JPEGs the PDF could not embed, saying why", () => {
    const whole = png(8, 8, { colour: 6 });
    const badCrc = Buffer.from(whole);
    badCrc[30] = badCrc[30]! ^ 0xff;
    const badFilter = png(2, 2, {
      idat: zlib.deflateSync(Buffer.from([9, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8])),
    });
    const cases: [Buffer, "image/png" | "image/jpeg", RegExp][] = [
      [png(8, 8, { colour: 6, idat: Buffer.from("not zlib at all") }), "image/png", /not a readable image/],
      [png(8, 8, { idat: zlib.deflateSync(Buffer.alloc(5)) }), "image/png", /cut-off/],
      [whole.subarray(0, whole.length - 20), "image/png", /cut-off/],
      [badCrc, "image/png", /checksum/],
      [badFilter, "image/png", /damaged/],
      [png(8, 8, { interlace: 1 }), "image/png", /interlac/],
      [png(5000, 4000, { idat: Buffer.alloc(1) }), "image/png", /4096/],
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]),
        "image/jpeg",
        /frame header/,
      ],
      [
        Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x00, 0x00, 0x00, 0x03]),
        "image/jpeg",
        /size/,
      ],
    ];
    for (const [data, type, message] of cases) expect(imageProblem(data, type)).toMatch(message);
  });
});
