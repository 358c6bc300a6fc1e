import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompressDirectory } from "./scripts/precompress";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Brotli and gzip siblings of the built text files, served by server/app.ts (issue 10 §4). */
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
