import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser";

/* What the finance browser tests set up through the API (demo budgets, vendors, POs). */

/** Writes through the API carry the app's origin (the CSRF check). */
export const write = { headers: () => ({ origin: baseUrl() }) };

export interface BudgetLine {
  id: string;
  key: string;
  billedMinor: number;
  estimateMinor: number;
  actualMinor: number;
  committedMinor: number;
}

/** The budgets a PO or invoice can be raised from (an approved working revision, not closed), by name. */
export async function orderableBudgets(context: BrowserContext) {
  const res = await context.request.get("/api/budgets?orderable=true&pageSize=200&sort=name&dir=asc");
  expect(res.status()).toBe(200);
  const list = (await res.json()) as {
    items: { id: string; name: string; workingRevisionNumber: number | null }[];
  };
  return list.items;
}

/** An approved demo budget (server/demo/seed-budgets.ts: "Anthem :60 & :30 — AICP"), else any orderable one, at its working revision. */
export async function orderableBudget(context: BrowserContext) {
  const items = await orderableBudgets(context);
  const budget = items.find((b) => b.name.startsWith("Anthem")) ?? items[0];
  if (!budget) throw new Error("no approved budget in the demo workspace");
  const detail = (await (
    await context.request.get(`/api/budgets/${budget.id}?revision=${budget.workingRevisionNumber}`)
  ).json()) as { currency: string; lines: BudgetLine[] };
  return { ...budget, ...detail };
}

/** POST through the API, expecting `status`; the answer's JSON. */
export async function post(context: BrowserContext, path: string, data: unknown, status = 200) {
  const res = await context.request.post(path, { data, headers: write.headers() });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return (await res.json()) as Record<string, unknown> & { id: string; displayNumber: string };
}

/** Toasts come and go; axe runs on the page without them. */
export async function noToasts(page: Page) {
  await expect.poll(() => page.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
}
