import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysUntilDue, formatHours, percentComplete, projectJobCode, toIsoDate } from "@domain/index";
import type {
  NavProjectsResponse,
  ProjectHeader,
  ProjectListResponse,
  ProjectSummaryResponse,
} from "../../server/modules/projects/contract";
import { appNow, DESKTOP, launchBrowser, MOBILE, newPage, snap, signInAsDemo } from "./browser";

/*
 * All Projects and the project page against the demo agency of npm start. Expected figures are
 * recomputed here from the API's raw hours with the domain rules, then read off the screen.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function json<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await context.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

describe("All Projects", () => {
  it("lists every project with search, phase filter, sort and CSV export", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    const nav = await json<NavProjectsResponse>(context, "/api/projects/nav");
    expect(nav.total).toBeGreaterThan(0);
    await page.goto("/projects");
    await page.getByRole("table").waitFor();
    await page.getByText(`${nav.total} projects in this workspace`).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(Math.min(50, nav.total));

    const first = nav.projects[0]!;
    await page.getByRole("searchbox", { name: "Search projects" }).fill(first.name);
    await expect.poll(() => page.locator("tbody tr").first().innerText()).toContain(first.name);
    await page.getByRole("searchbox", { name: "Search projects" }).fill("");

    await page.getByRole("button", { name: /^Hours/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("loggedHours");
    const csv = await context.request.get("/api/projects/export.csv");
    expect(csv.headers()["content-type"]).toMatch(/text\/csv/);
    expect((await csv.text()).trim().split("\r\n")).toHaveLength(nav.total + 1);
    await snap(page, "all-projects");
    await context.close();
  });
});

describe("project page", () => {
  it("shows the header figures of a demo project and its dashboard", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    const list = await json<ProjectListResponse>(
      context,
      "/api/projects?sort=estimatedHours&dir=desc&pageSize=1",
    );
    const item = list.items[0]!;
    const header = await json<ProjectHeader>(context, `/api/projects/${item.id}`);
    const summary = await json<ProjectSummaryResponse>(context, `/api/projects/${item.id}/summary`);
    // Hand computation from the raw hours with the spec's rules.
    expect(header.percentComplete).toBe(percentComplete(header.loggedHours, header.estimatedHours));
    expect(header.jobCode).toBe(projectJobCode(item.jobCode === item.name ? null : item.jobCode, item.name));
    expect([header.loggedHours, header.estimatedHours]).toEqual([item.loggedHours, item.estimatedHours]);

    await page.goto(`/projects/${item.id}`);
    await page.getByRole("heading", { level: 1, name: header.name }).waitFor();
    expect(await page.getByTestId("job-code").innerText()).toBe(header.jobCode);
    expect(await page.getByTestId("percent-complete").innerText()).toBe(`${header.percentComplete}%`);
    expect(await page.getByTestId("hours").innerText()).toContain(
      `${formatHours(header.loggedHours)} logged of ${formatHours(header.estimatedHours)} estimated`,
    );
    await expect.poll(() => page.getByTestId("total-tasks").innerText()).toBe(String(summary.totalTasks));
    expect(await page.getByTestId("overdue-tasks").innerText()).toBe(String(summary.overdueTasks));
    // Upcoming milestones as the API computed them for the app's today (the test clock, if set):
    // listed, or the empty text. Which of the two depends on the date, so both are checked.
    const milestones = page.getByTestId("milestones");
    expect(await milestones.getByText("Next 7 days", { exact: true }).isVisible()).toBe(true);
    const today = toIsoDate(appNow())!;
    // The page's clock is the app's (browser.ts), so the timeline's today mark agrees with it.
    expect(toIsoDate(await page.evaluate(() => new Date().toISOString()))).toBe(today);
    for (const m of summary.upcomingMilestones) {
      expect(m.daysUntilDue, m.name).toBe(daysUntilDue(m.dueDate, today));
      await milestones.getByText(m.name, { exact: true }).first().waitFor();
    }
    expect(await milestones.getByText("No milestones in the next 7 days.").count()).toBe(
      summary.upcomingMilestones.length === 0 ? 1 : 0,
    );
    await snap(page, "project-desktop");
    for (const [tab, path] of [
      ["Timeline", "calendar"],
      ["Time Report", "time-report"],
      ["Health", "reports"],
    ] as const) {
      await page.getByRole("link", { name: tab }).click();
      await page.waitForURL(`**/projects/${item.id}/${path}`);
      await page.locator("section").nth(1).waitFor();
      await snap(page, `project-${path}`);
    }
    await context.close();
  });

  it("answers 'Project not found' for an unknown id, with Retry and Go Back on mobile", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "member@demo.test");
    await page.goto("/projects/no-such-project");
    await page.getByRole("heading", { name: "Project not found" }).waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Go Back" }).isVisible()).toBe(true);
    await context.close();
  });

  it("shows the mobile views with the view following the path", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "member@demo.test");
    const nav = await json<NavProjectsResponse>(context, "/api/projects/nav");
    const id = nav.projects[0]!.id;
    await page.goto(`/projects/${id}`);
    const tabs = page.getByRole("tablist", { name: "Project views" });
    await tabs.waitFor();
    expect((await tabs.getByRole("tab").allInnerTexts()).map((t) => t.trim())).toEqual([
      "Dashboard",
      "Table",
      "Time",
    ]);
    expect(await tabs.getByRole("tab", { selected: true }).innerText()).toBe("Dashboard");
    expect(await page.getByRole("button", { name: "Refresh" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "All Team" }).click();
    await snap(page, "project-mobile");
    await page.goto(`/projects/${id}/reports`);
    await expect.poll(() => tabs.getByRole("tab", { selected: true }).innerText()).toBe("Table");
    for (const path of ["calendar", "dashboard", "time-report"]) {
      await page.goto(`/projects/${id}/${path}`);
      await expect
        .poll(() => tabs.getByRole("tab", { selected: true }).innerText(), { message: path })
        .toBe("Time");
    }
    await context.close();
  });
});
