import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Text files of the web build worth compressing ahead of time (fonts and images already are). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|txt|json|xml|webmanifest|map)$/i;
/** Smaller files go out as they are (the same threshold as server/lib/compress.ts). */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling next to every text file of
 * `dir` of at least 1 KiB, when it is smaller than the original; the server's serveStatic
 * (`precompressed`) picks the one the browser accepts. Returns the files it compressed.
 */
export function precompressDirectory(dir: string): string[] {
  const done: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (TEXT_FILE.test(entry.name)) {
        const raw = fs.readFileSync(file);
        if (raw.byteLength < MIN_BYTES) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
          },
        });
        const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
        if (br.byteLength < raw.byteLength) fs.writeFileSync(`${file}.br`, br);
        if (gz.byteLength < raw.byteLength) fs.writeFileSync(`${file}.gz`, gz);
        done.push(file);
      }
    }
  };
  walk(dir);
  return done;
}
