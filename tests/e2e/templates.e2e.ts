import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupProjectsByPhase } from "@domain/index";
import type { NavProjectsResponse } from "../../server/modules/projects/contract";
import type { TemplateDetail, TemplateListResponse } from "../../server/modules/templates/contract";
import { DEMO_TEMPLATES } from "../../server/demo/seed-templates";
import { editorField } from "../../web/src/features/templates/model";
import { horizontalOverflow } from "./app-routes";
import { axeClean, settled } from "./axe";
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newPage, signInAsDemo } from "./browser";

/*
 * Folder templates in Chromium on the demo agency (issue 13 §3–5): the demo templates listed, a
 * template built in the editor and reopened equal, inline and server field errors, versions and
 * the 409, "save project as template", "create project from template" with its progress bar, the
 * new project in the Projects menu, members kept out, 390 px without overflow, axe clean.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/tpl-${name}.png`, fullPage: true });

async function getJson<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await context.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** What the editor shows, row by row: enough to tell two trees apart. */
async function editorState(page: Page) {
  await page.getByTestId("task-row").first().waitFor();
  return page.getByTestId("template-list").evaluateAll((lists) =>
    lists.map((list) => {
      const value = (root: Element, label: string) =>
        (root.querySelector<HTMLInputElement | HTMLSelectElement>(`[id$="-${label}"]`)?.value ?? "").trim();
      return {
        name: value(list, "name"),
        start: value(list, "start"),
        end: value(list, "end"),
        tasks: Array.from(list.querySelectorAll('[data-testid="task-row"]')).map((row) => ({
          depth: row.getAttribute("data-depth"),
          name: value(row, "name"),
          type: value(row, "type"),
          start: value(row, "start"),
          due: value(row, "due"),
          estimate: value(row, "estimate"),
          assignee: value(row, "assignee"),
          tags: value(row, "tags"),
        })),
      };
    }),
  );
}

/** A task row by its task's name (a subtask's row says so after the name). */
const row = (page: Page, name: string) =>
  page
    .getByTestId("task-row")
    .and(page.getByRole("listitem", { name: new RegExp(`^${name}( \\(subtask|$)`) }));

async function fillTask(
  page: Page,
  index: number,
  values: { name: string; type?: string; start?: string; due?: string; estimate?: string; tags?: string },
) {
  const r = page.getByTestId("task-row").nth(index);
  await r.getByLabel(/Task name|Subtask name/).fill(values.name);
  if (values.type) await r.getByLabel("Type").selectOption({ label: values.type });
  if (values.start !== undefined) await r.getByLabel("Start day").fill(values.start);
  if (values.due !== undefined) await r.getByLabel("Due day").fill(values.due);
  if (values.estimate !== undefined) await r.getByLabel("Estimate (h)").fill(values.estimate);
  if (values.tags !== undefined) await r.getByLabel("Tags").fill(values.tags);
}

describe("folder templates as admin@demo.test", () => {
  it("lists the demo templates; builds one in the editor, refuses a bad offset inline and on the server, saves, reopens it equal, keeps versions, answers a stale save with the conflict toast", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    await page.goto("/templates/folders");
    await page.getByTestId("template-row").first().waitFor();
    const menu = page.getByRole("navigation", { name: "Main" });
    expect(await menu.getByRole("link", { name: "Templates" }).count()).toBe(1);
    const rows = await page.getByTestId("template-row").allInnerTexts();
    for (const demo of DEMO_TEMPLATES) expect(rows.join("\n"), demo.name).toContain(demo.name);
    await shot(page, "list-1280");
    await axeClean(page, "templates list");

    // A new template: the meta task comes with it; one more task, a second list with a task and a subtask.
    await page.getByRole("link", { name: "New template" }).click();
    await page.getByRole("heading", { name: "New template" }).waitFor();
    const name = `E2E spot ${Date.now().toString(36)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Client default").fill("Acme");
    await page.getByLabel("Job code pattern").fill("{CLIENT}-{SEQ}");
    await page.getByRole("button", { name: "Add task to Project" }).click();
    // The new row's name field has the focus (keyboard path: type straight away).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toMatch(/-name$/);
    await fillTask(page, 1, {
      name: "Kickoff",
      type: "Milestones",
      start: "0",
      due: "2",
      estimate: "1.5",
      tags: "call, client",
    });
    const assignee = page.getByTestId("task-row").nth(1).getByLabel("Assignee");
    const roleOption = await assignee.locator("optgroup[label='Role'] option").first().getAttribute("value");
    expect(roleOption, "the demo people have role tags").toMatch(/^role:/);
    await assignee.selectOption(roleOption!);

    await page.getByRole("button", { name: "Add list" }).click();
    const second = page.getByTestId("template-list").nth(1);
    await second.getByLabel("List name").fill("Production");
    await second.getByLabel("First day").fill("10");
    await second.getByLabel("Last day").fill("20");
    expect(await second.getByTestId("list-range").innerText()).toBe("Day 10 → Day 20");
    await second.getByRole("button", { name: "Add task to Production" }).click();
    await fillTask(page, 2, { name: "Shoot", type: "Deliverables", start: "10", due: "25", estimate: "16" });
    await second.getByRole("button", { name: "Add task to Production" }).click();
    await fillTask(page, 3, { name: "Shoot prep", start: "10", due: "11", estimate: "120" });
    await row(page, "Shoot prep").getByRole("button", { name: "Make Shoot prep a subtask" }).press("Enter");
    await expect.poll(() => row(page, "Shoot prep").getAttribute("data-depth")).toBe("1");

    // Day 25 is past Production's range: the editor says so under the field and sends nothing.
    let writes = 0;
    page.on("request", (r) => {
      if (r.method() !== "GET" && new URL(r.url()).pathname.startsWith("/api/templates")) writes++;
    });
    await page.getByRole("button", { name: "Save" }).click();
    const due = row(page, "Shoot").getByLabel("Due day");
    await expect.poll(() => due.getAttribute("aria-invalid")).toBe("true");
    const dueError = await due.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${dueError}"]`).innerText()).toBe(
      "Due day must be within the list's range (10 to 20)",
    );
    await page.getByRole("alert").filter({ hasText: "to fix before saving" }).waitFor();
    expect(writes).toBe(0);
    await shot(page, "editor-error-1280");

    // The server names the same field: its path lands on the input the editor marked.
    const draftField = await due.getAttribute("data-field");
    const bad = await context.request.post("/api/templates", {
      headers: { origin: baseUrl() },
      data: {
        name: `${name} bad`,
        tree: {
          lists: [
            { key: "l1", name: "Project", startOffsetDays: 0, endOffsetDays: 30, tasks: [] },
            {
              key: "l2",
              name: "Production",
              startOffsetDays: 10,
              endOffsetDays: 20,
              tasks: [
                {
                  key: "t1",
                  name: "Shoot",
                  description: null,
                  customItemId: 2,
                  startOffsetDays: 10,
                  dueOffsetDays: 25,
                  estimateMinutes: 960,
                  assignee: null,
                  tags: [],
                  parentKey: null,
                },
              ],
            },
          ],
          fieldDefaults: [],
          jobCodePattern: null,
        },
      },
    });
    expect(bad.status()).toBe(400);
    const fields = ((await bad.json()) as { error: { fields?: { field: string }[] } }).error.fields ?? [];
    expect(fields.map((f) => editorField(f.field))).toContain("lists.1.tasks.0.dueOffsetDays");
    expect(draftField).toBe("lists.1.tasks.0.dueOffsetDays");

    await due.fill("12");
    // A preview start date turns the days into dates.
    await page.getByLabel("Preview dates from").fill("2026-03-02");
    await expect
      .poll(() => row(page, "Shoot").getByTestId("task-range").innerText())
      .toBe("Mar 12, 2026 → Mar 14, 2026");
    const before = await editorState(page);
    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/templates" && r.request().method() === "POST",
      ),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    expect([200, 201], await created.text()).toContain(created.status());
    const saved = (await created.json()) as TemplateDetail;
    await page.waitForURL(`**/templates/folders/${saved.id}**`);
    expect(saved.tree.lists[1]!.tasks.map((t) => [t.name, t.parentKey !== null, t.estimateMinutes])).toEqual([
      ["Shoot", false, 960],
      ["Shoot prep", true, 7200],
    ]);

    // Reopened from scratch: the same tree.
    await page.goto(`/templates/folders/${saved.id}`);
    await page.getByRole("heading", { name }).waitFor();
    expect(await editorState(page)).toEqual(before);
    expect(await page.getByLabel("Client default").inputValue()).toBe("Acme");
    expect(await page.getByLabel("Job code pattern").inputValue()).toBe("{CLIENT}-{SEQ}");
    await shot(page, "editor-1280");
    await axeClean(page, "template editor");

    // A second version; version 1 opens read only.
    await row(page, "Kickoff").getByLabel("Task name").fill("Kickoff call");
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/templates/${saved.id}`) && r.request().method() === "PUT",
      ),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    await expect.poll(() => page.getByTestId("template-version").count()).toBe(2);
    await page.getByRole("button", { name: "View version 1" }).click();
    const view = page.getByRole("dialog");
    await view.getByTestId("template-tree-view").waitFor();
    expect(await view.innerText()).toContain("Kickoff");
    expect(await view.innerText()).not.toContain("Kickoff call");
    await axeClean(page, "version dialog", '[role="dialog"]');
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toBe("View version 1");

    // Someone else saves version 3; this editor still holds version 2 → 409, the toast, Reload.
    const current = await getJson<TemplateDetail>(context, `/api/templates/${saved.id}`);
    expect(current.currentVersion).toBe(2);
    const other = await context.request.put(`/api/templates/${saved.id}`, {
      headers: { origin: baseUrl() },
      data: { baseVersion: 2, name: `${name} (theirs)`, tree: current.tree },
    });
    expect(other.status()).toBe(200);
    await row(page, "Shoot").getByLabel("Estimate (h)").fill("20");
    const [stale] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/templates/${saved.id}`) && r.request().method() === "PUT",
      ),
      page.getByRole("button", { name: "Save" }).click(),
    ]);
    expect(stale.status()).toBe(409);
    const toast = page
      .locator("[data-sonner-toast]")
      .filter({ hasText: "This template was changed by someone else" });
    await toast.waitFor();
    await toast.getByRole("button", { name: "Reload" }).click();
    await page.getByRole("heading", { name: `${name} (theirs)` }).waitFor();
    await context.close();
  });

  it("saves a demo project as a template, then creates a project from a template with its progress bar, and the new project is in the Projects menu", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "admin@demo.test");
    const nav = await getJson<NavProjectsResponse>(context, "/api/projects/nav");
    const project = nav.projects.find((p) => p.folderId);
    expect(project, "a demo project with a folder").toBeDefined();

    await page.goto(`/projects/${project!.id}`);
    await page.getByRole("button", { name: "Save as template" }).click();
    const dialog = page.getByRole("dialog", { name: "Save as template" });
    const nameField = dialog.getByLabel("Template name");
    expect(await nameField.inputValue()).toBe(project!.name);
    const templateName = `From ${project!.name} ${Date.now().toString(36)}`.slice(0, 200);
    await nameField.fill(templateName);
    await dialog.getByRole("button", { name: "Save template" }).click();
    await page.waitForURL(/\/templates\/folders\/[\w-]+$/);
    await page.getByRole("heading", { name: templateName }).waitFor();
    expect(await page.getByTestId("task-row").count()).toBeGreaterThan(1);
    // The project's meta task leads the first list.
    expect(await page.getByTestId("task-row").first().getByLabel("Type").inputValue()).toBe("1001");

    // Create a project from the first demo template, from the list's row action.
    const demo = DEMO_TEMPLATES[0]!;
    const list = await getJson<TemplateListResponse>(
      context,
      `/api/templates?search=${encodeURIComponent(demo.name)}`,
    );
    const template = list.items.find((t) => t.name === demo.name)!;
    await page.goto("/templates/folders");
    await page.getByRole("button", { name: `Create project from ${demo.name}` }).click();
    const run = page.getByRole("dialog", { name: `Create project from ${demo.name}` });
    await run.getByLabel("Project name").waitFor();
    const space = run.getByLabel("Space");
    const spaceId = await space.locator("option:not([value=''])").first().getAttribute("value");
    await space.selectOption(spaceId!);
    const projectName = `E2E launch ${Date.now().toString(36)}`;
    await run.getByLabel("Project name").fill(projectName);
    await run.getByLabel("Client").fill("Acme");
    await run.getByLabel("Start date").fill("2026-05-04");
    // The job code follows the template's pattern ({CLIENT}-{YYYY}-{SEQ}).
    await expect.poll(() => run.getByLabel("Job code").inputValue()).toMatch(/^ACM-2026-\d{3}$/);
    await axeClean(page, "create project dialog", '[role="dialog"]');
    await shot(page, "create-1280");
    await run.getByRole("button", { name: "Create project" }).click();
    const bar = run.getByRole("progressbar");
    await bar.waitFor();
    await expect
      .poll(() => bar.getAttribute("aria-valuenow"), { timeout: 60_000, interval: 100 })
      .toBe("100");
    const runState = await run.getByTestId("template-run").getAttribute("data-status");
    expect(runState).toBe("succeeded");
    const total = template.listCount + template.taskCount + 1;
    expect(await run.getByText(`Created ${total} of ${total}`).count()).toBe(1);
    await shot(page, "progress-1280");

    // The new project is in the Projects menu at once (All count, and its phase's submenu).
    const after = await getJson<NavProjectsResponse>(context, "/api/projects/nav");
    const made = after.projects.find((p) => p.name === projectName);
    expect(made, "the new project in /api/projects/nav").toBeDefined();
    const open = run.getByRole("link", { name: "Open project" });
    await expect.poll(() => open.getAttribute("href")).toBe(`/projects/${made!.id}`);
    await open.click();
    await page.waitForURL(`**/projects/${made!.id}`);
    await page.keyboard.press("Escape");
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("button", { name: "Projects" }).click();
    const all = page.getByRole("menuitem", { name: /^All/ });
    await expect
      .poll(async () => (await all.innerText()).replace(/\s+/g, " ").trim())
      .toBe(`All ${after.total}`);
    const phase = groupProjectsByPhase([made!]).bid.length
      ? "Bid"
      : groupProjectsByPhase([made!]).creative.length
        ? "Creative"
        : groupProjectsByPhase([made!]).post.length
          ? "Post"
          : null;
    // All leads to All Projects, where a search finds it, linked to its page.
    await all.click();
    await page.waitForURL("**/projects");
    await page.getByRole("searchbox", { name: "Search projects" }).fill(projectName);
    const row = page.locator("tbody tr", { hasText: projectName });
    await expect.poll(() => row.count()).toBe(1);
    await expect
      .poll(() => row.getByRole("link", { name: projectName }).getAttribute("href"))
      .toBe(`/projects/${made!.id}`);
    // A project with a phase is also in that phase's submenu (a new one whose status names no
    // phase is listed under All only).
    if (phase) {
      await main.getByRole("button", { name: "Projects" }).click();
      const trigger = page.getByRole("menuitem", { name: new RegExp(`^${phase}`) });
      await trigger.hover();
      await trigger.press("ArrowRight");
      const sub = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
      await expect.poll(() => sub.getByRole("menuitem", { name: projectName }).count()).toBe(1);
    }
    await context.close();
  });

  it("at 390 px: list and editor stack without horizontal overflow and stay axe clean", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "admin@demo.test");
    await page.goto("/templates/folders");
    await page.getByTestId("template-card").first().waitFor();
    await settled(page);
    expect(await horizontalOverflow(page)).toEqual({ overflow: 0, culprits: [] });
    await shot(page, "list-390");
    await axeClean(page, "templates list 390");
    await page.getByTestId("template-card").first().getByRole("link").first().click();
    await page.getByTestId("task-row").first().waitFor();
    await settled(page);
    expect(await horizontalOverflow(page)).toEqual({ overflow: 0, culprits: [] });
    await shot(page, "editor-390");
    await page.getByTestId("task-row").nth(1).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/tpl-editor-390-rows.png" });
    await axeClean(page, "template editor 390");
    await context.close();
  });
});

describe("folder templates as member@demo.test", () => {
  it("shows no Templates menu item, no Save as template, and 'You don't have access' on the URLs", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "member@demo.test");
    const nav = await getJson<NavProjectsResponse>(context, "/api/projects/nav");
    await page.goto(nav.projects[0] ? `/projects/${nav.projects[0].id}` : "/dashboard");
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await main.getByRole("link", { name: "Templates" }).count()).toBe(0);
    if (nav.projects[0]) {
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: "Save as template" }).count()).toBe(0);
    }
    for (const path of ["/templates/folders", "/templates/folders/new"]) {
      await page.goto(path);
      await page.getByRole("heading", { name: "You don't have access" }).waitFor();
    }
    expect((await context.request.get("/api/templates")).status()).toBe(403);
    await context.close();
  });
});
