import zlib from "node:zlib";

/*
 * Test fixture of the billing profile tests (not production code): PNG files made in memory, so
 * the tests need no image files — whole ones, and ones broken in the ways a logo check must see.
 */

export interface PngOptions {
  /** PNG colour type: 2 RGB (default), 6 RGBA. */
  colour?: 2 | 6;
  rgb?: [number, number, number];
  /** Replace the pixel stream (compressed IDAT body) as is. */
  idat?: Buffer;
  interlace?: 0 | 1;
}

/** A w×h PNG of one colour, 8 bits per channel. */
export function png(width: number, height: number, options: PngOptions = {}): Buffer {
  const colour = options.colour ?? 2;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colour, 0, 0, options.interlace ?? 0], 8);
  const pixel = [...(options.rgb ?? [200, 30, 60]), ...(colour === 6 ? [255] : [])];
  const row = Buffer.from([0, ...Array.from({ length: width }, () => pixel).flat()]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", options.idat ?? zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The smallest JPEG header pdfkit reads: SOI, a baseline frame of 32×16 px (3 channels), EOI. */
export function jpegHeader(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11,
    0x01, 0x03, 0x11, 0x01, 0xff, 0xd9,
  ]);
}
