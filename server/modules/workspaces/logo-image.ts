import zlib from "node:zlib";
import type { LogoContentType } from "./contract";

/*
 * Whether uploaded bytes are an image every PDF can embed (server/lib/pdf.ts drawSender, pdfkit).
 * The magic number alone is not enough: pdfkit decodes a PNG with transparency in a zlib callback,
 * where a corrupt stream or row filter throws outside any caller (the PDF never ends and the
 * process sees an uncaught error). So a PNG is read whole here — chunks, CRCs, the pixel stream
 * inflated and every row's filter checked — and a JPEG must carry its frame header (size).
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

/** The image type the bytes start with (their magic number), or null for neither PNG nor JPEG. */
export function sniffImageType(data: Uint8Array): LogoContentType | null {
  const starts = (signature: Buffer) =>
    data.length > signature.length && signature.every((byte, i) => data[i] === byte);
  if (starts(PNG_SIGNATURE)) return "image/png";
  if (starts(JPEG_SIGNATURE)) return "image/jpeg";
  return null;
}

/** Why the image cannot be used (a sentence ending without a period), or null when it can. */
export function imageProblem(data: Buffer, type: LogoContentType): string | null {
  try {
    return type === "image/png" ? pngProblem(data) : jpegProblem(data);
  } catch {
    return "is not a readable image";
  }
}

/** Channels per pixel of each PNG colour type, and the bit depths it allows. */
const PNG_COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Logos are small: a bound on the pixels keeps the inflated stream small too. */
const MAX_PIXELS = 4096 * 4096;

function pngProblem(data: Buffer): string | null {
  let pos = PNG_SIGNATURE.length;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null =
    null;
  let palette = false;
  const idat: Buffer[] = [];
  let ended = false;
  while (pos + 12 <= data.length) {
    const length = data.readUInt32BE(pos);
    if (pos + 12 + length > data.length) return "is a cut-off PNG";
    const type = data.toString("latin1", pos + 4, pos + 8);
    const body = data.subarray(pos + 8, pos + 8 + length);
    if (zlib.crc32(data.subarray(pos + 4, pos + 8 + length)) !== data.readUInt32BE(pos + 8 + length)) {
      return "is a damaged PNG (checksum mismatch)";
    }
    if (type === "IHDR") {
      if (length !== 13) return "is a damaged PNG";
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8]!,
        colour: body[9]!,
        interlace: body[12]!,
      };
    } else if (type === "PLTE") palette = true;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") {
      ended = true;
      break;
    }
    pos += 12 + length;
  }
  if (!header || !ended || idat.length === 0) return "is a cut-off PNG";
  const kind = PNG_COLOUR_TYPES[header.colour];
  if (!kind || !kind.depths.includes(header.depth)) return "is a PNG of an unknown kind";
  if (header.colour === 3 && !palette) return "is a damaged PNG (no palette)";
  if (header.width === 0 || header.height === 0 || header.width * header.height > MAX_PIXELS) {
    return "must be at most 4096 × 4096 pixels";
  }
  if (header.interlace !== 0) return "is an interlaced PNG: save it without interlacing";
  const rowBytes = Math.ceil((header.width * kind.channels * header.depth) / 8);
  const expected = header.height * (rowBytes + 1);
  const pixels = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1024 });
  if (pixels.length < expected) return "is a cut-off PNG";
  for (let row = 0; row < header.height; row++) {
    if (pixels[row * (rowBytes + 1)]! > 4) return "is a damaged PNG";
  }
  return null;
}

/** Start-of-frame markers (baseline, progressive, …) — not DHT (C4), JPG (C8) or DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegProblem(data: Buffer): string | null {
  let pos = 2;
  while (pos + 4 <= data.length) {
    if (data[pos] !== 0xff) return "is a damaged JPEG";
    const marker = data[pos + 1]!;
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    const length = data.readUInt16BE(pos + 2);
    if (length < 2) return "is a damaged JPEG";
    if (SOF.has(marker)) {
      if (pos + 9 > data.length) return "is a cut-off JPEG";
      const height = data.readUInt16BE(pos + 5);
      const width = data.readUInt16BE(pos + 7);
      return width > 0 && height > 0 ? null : "is a JPEG without a size";
    }
    if (marker === 0xda || marker === 0xd9) break;
    pos += 2 + length;
  }
  return "is a JPEG without a frame header";
}
