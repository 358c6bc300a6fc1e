import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { newPage, signInAsDemo } from "./browser";
import { settled } from "./axe";

/** Screens a signed-out visitor reaches (spec §2). */
export const PUBLIC_ROUTES = ["/", "/auth", "/terms", "/privacy", "/invite/no-such-token", "/no/such/page"];

/**
 * Every signed-in screen of the route table (web/src/router.tsx, spec §2) with one real project
 * and made-up ids where the page answers 'not found' for them.
 */
export function signedInRoutes(projectId: string): string[] {
  const project = `/projects/${encodeURIComponent(projectId)}`;
  return [
    "/dashboard",
    "/projects",
    project,
    `${project}/calendar`,
    `${project}/time-report`,
    `${project}/reports`,
    "/calendar",
    "/workload",
    "/reporting",
    "/reporting/accrual",
    "/reporting/actual",
    "/reporting/client",
    "/reporting/utilization",
    "/reporting/user-directory",
    "/reporting/webhook-activity",
    "/reporting/time-sync",
    "/reporting/timesheet-approval",
    "/finance",
    "/finance/budgets",
    "/finance/budgets/no-such-budget",
    "/finance/invoices",
    "/finance/bills",
    "/finance/purchase-orders",
    "/finance/sows",
    "/finance/clients",
    "/finance/rate-cards",
    "/finance/audit",
    "/templates/folders",
    "/templates/folders/no-such-template",
    "/settings",
    "/settings?tab=people",
    "/settings?tab=clickup",
    "/settings?tab=slack",
    "/settings?tab=security",
    "/settings?tab=account",
  ];
}

export interface SignedIn {
  context: BrowserContext;
  page: Page;
  /** A project the user can open (the first of the projects menu). */
  projectId: string;
}

/** One signed-in context per user and viewport, reused for every route (sign-in is rate-limited). */
export async function signedIn(
  browser: Browser,
  email: string,
  viewport: { width: number; height: number },
): Promise<SignedIn> {
  const { context, page } = await newPage(browser, viewport);
  await signInAsDemo(context, email);
  const res = await context.request.get("/api/projects/nav");
  expect(res.status(), "projects menu").toBe(200);
  const nav = (await res.json()) as { projects: { id: string }[] };
  const projectId = nav.projects[0]?.id;
  if (!projectId) throw new Error(`${email} sees no project`);
  return { context, page, projectId };
}

/**
 * Open a route and wait until it has rendered its data: a heading (or a card title or form) is
 * shown, nothing is busy, spinning or a loading placeholder any more, and no animation is running.
 */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page
    .locator(':is(h1, h2, [data-slot="card-title"], form):visible')
    .first()
    .waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () =>
      document.querySelector('[data-slot="skeleton"], [data-slot="spinner"], [aria-busy="true"]') === null &&
      !document.body.textContent?.includes("Loading"),
    undefined,
    { timeout: 20_000 },
  );
  await settled(page);
}

/** Width of the page's content beyond the viewport, in CSS pixels (0 = no horizontal overflow). */
export async function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const overflow = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - viewport;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const el of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
        const right = el.getBoundingClientRect().right;
        const parentRight = el.parentElement?.getBoundingClientRect().right ?? 0;
        if (right > viewport + 0.5 && parentRight <= viewport + 0.5 && culprits.length < 5) {
          culprits.push(
            `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}"> ${Math.round(right)}px: ${(el.textContent ?? "").trim().slice(0, 50)}`,
          );
        }
      }
    }
    return { overflow, culprits };
  });
}
