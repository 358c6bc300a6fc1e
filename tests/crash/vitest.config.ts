import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** `npm run test:crash`: the kill -9 test, on its own (it starts real server processes). */
export default defineConfig({
  resolve: { alias: { "@": r("../../web/src"), "@domain": r("../../domain") } },
  test: {
    name: "crash",
    root: r("../.."),
    include: ["tests/crash/**/*.crash.ts"],
    testTimeout: 420_000,
    fileParallelism: false,
  },
});
