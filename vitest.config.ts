import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { "@": r("./web/src"), "@domain": r("./domain") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "domain/**/*.test.ts",
            "simulator/**/*.test.ts",
            "server/**/*.unit.test.ts",
            "scripts/**/*.unit.test.ts",
            "web/src/**/*.test.{ts,tsx}",
          ],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["server/**/*.test.ts"],
          exclude: ["server/**/*.unit.test.ts"],
          globalSetup: ["./tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["./tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
