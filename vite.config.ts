import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r("./web"),
  publicDir: r("./web/public"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": r("./web/src"), "@domain": r("./domain") },
  },
  build: {
    outDir: r("./dist/web"),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/__sim": "http://localhost:3000" },
  },
});
