import fs from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * axe-core's browser build (dev dependency). The app's CSP (script-src 'self') refuses an inline
 * <script>, so the source is evaluated through the DevTools protocol, which CSP does not govern.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The impacts a browser test refuses (issue 10 §5): serious and critical. */
export const BLOCKING_IMPACTS = ["serious", "critical"] as const;

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

interface AxeRawResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/**
 * Run axe-core on the page (or only inside `scope`, e.g. an open dialog) and return the
 * violations of the blocking impacts. Animations are waited out by the caller.
 */
export async function axeFindings(page: Page, scope?: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  const raw = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(include ? { include: [include] } : document, {
      resultTypes: ["violations"],
    })) as { violations: unknown[] };
    return result.violations;
  }, scope ?? null);
  return (raw as AxeRawResult[])
    .filter((v) => (BLOCKING_IMPACTS as readonly string[]).includes(v.impact ?? ""))
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(" "),
        html: n.html.slice(0, 200),
        summary: (n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300),
      })),
    }));
}

/** One line per failing node, for an assertion message a person can act on. */
export function describeFindings(label: string, findings: readonly AxeFinding[]): string {
  return findings
    .flatMap((f) =>
      f.nodes.map(
        (n) => `${label}: [${f.impact}] ${f.id} (${f.help}) at ${n.target}: ${n.html} — ${n.summary}`,
      ),
    )
    .join("\n");
}

/** Wait until no element is mid-animation (Radix dialogs and menus animate in and out). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Wait for a visible element and for animations to finish before auditing. */
export async function visibleAndSettled(page: Page, locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: "visible" });
  await settled(page);
}

/** Once animations are done, the page (or `scope`) has no serious or critical axe finding. */
export async function axeClean(page: Page, label: string, scope?: string): Promise<void> {
  await settled(page);
  const findings = await axeFindings(page, scope);
  expect(findings, describeFindings(label, findings)).toEqual([]);
}
