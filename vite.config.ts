import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Text files of the web build worth compressing ahead of time (fonts and images already are). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|txt|json|xml|webmanifest|map)$/i;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling next to every text file of
 * `dir` of at least 1 KiB (the threshold of server/lib/compress.ts) when it comes out smaller;
 * server/app.ts serves the one the browser accepts (serveStatic `precompressed`).
 */
export function precompressDirectory(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompressDirectory(file);
      continue;
    }
    if (!TEXT_FILE.test(entry.name)) continue;
    const raw = fs.readFileSync(file);
    if (raw.byteLength < 1024) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.byteLength < raw.byteLength) fs.writeFileSync(`${file}.br`, br);
    if (gz.byteLength < raw.byteLength) fs.writeFileSync(`${file}.gz`, gz);
  }
}

/** Brotli and gzip siblings of the built text files (issue 10 §4: compress what we send). */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "agency-hub:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}

export default defineConfig({
  root: r("./web"),
  publicDir: r("./web/public"),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { "@": r("./web/src"), "@domain": r("./domain") },
  },
  build: {
    outDir: r("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Which chunk holds which route (tests/e2e/first-load.e2e.ts); never served (server/app.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/__sim": "http://localhost:3000" },
  },
});
