// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProjectItem, ProjectSummary } from "./api";

/*
 * The dashboard's project panel and dialog say what they list: '+N more' past the 10 My Projects
 * (spec §9), and the revisions of the project dialog under the name of the spec §4 rule they are.
 */

const state = vi.hoisted(() => ({
  projects: null as unknown,
  detail: null as unknown,
  task: null as unknown,
}));
vi.mock("./api", () => ({
  useMyProjects: () => ({ isPending: false, isError: false, data: state.projects }),
  useOtherTasks: () => ({ isPending: true }),
  useProjectDetail: () => ({ isPending: false, isError: false, data: state.detail }),
  useTaskDetail: () => ({ isPending: false, isError: false, data: state.task }),
}));

const { MyProjectsPanel } = await import("./side-panels");
const { ProjectDetailDialog, TaskDetailDialog } = await import("./detail-dialogs");

afterEach(cleanup);

const summary = (i: number): ProjectSummary => ({
  folderId: `f${i}`,
  projectName: `Project ${i}`,
  status: "Open",
  hasOpenActivities: false,
  hasOpenAssignments: true,
  urgentCount: 0,
  activityCount: 0,
  assignmentCount: 1,
  url: null,
});

describe("MY PROJECTS", () => {
  it("says how many projects are not listed past the 10 shown, with a link to All Projects", () => {
    state.projects = { projects: Array.from({ length: 10 }, (_, i) => summary(i)), total: 15 };
    render(
      <MemoryRouter>
        <MyProjectsPanel onOpenProject={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId("project-row")).toHaveLength(10);
    const more = screen.getByTestId("my-projects-more");
    expect(more.textContent).toBe("+5 more · All Projects");
    expect(within(more).getByRole("link", { name: "All Projects" }).getAttribute("href")).toBe("/projects");
  });

  it("adds nothing when every project is listed", () => {
    state.projects = { projects: [summary(1), summary(2)], total: 2 };
    render(
      <MemoryRouter>
        <MyProjectsPanel onOpenProject={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId("my-projects-more")).toBeNull();
  });
});

const item = (id: string, status: string): ProjectItem => ({
  id,
  name: `R - ${id}`,
  dueDate: "2026-03-18T09:00:00.000Z",
  status: { status },
  customItemId: 1033,
  customFields: [],
  url: `https://app.clickup.com/t/${id}`,
});

describe("project dialog revisions", () => {
  const detail = (revisions: ProjectItem[]) => ({
    folderId: "f1",
    projectName: "Project 1",
    spaceName: "POST",
    url: null,
    weekStart: "2026-03-16",
    weekEnd: "2026-03-22",
    milestones: [],
    revisions,
    assignments: [],
  });

  it("lists the open outstanding revisions; finished rounds the rule keeps are counted and shown on request", async () => {
    state.detail = detail([
      item("a", "complete"),
      item("b", "revision"),
      item("c", "closed"),
      item("d", "in progress"),
    ]);
    render(<ProjectDetailDialog folderId="f1" onClose={() => {}} />);
    const list = screen.getByTestId("outstanding-revisions");
    expect(within(list).getByRole("heading").textContent).toBe("Outstanding revisions");
    expect(
      within(list)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["R - b", "R - d"]);
    const toggle = within(list).getByRole("button", { name: "Show 2 finished rounds on live assets" });
    fireEvent.click(toggle);
    expect(
      within(list)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["R - b", "R - d", "R - a", "R - c"]);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
  });

  it("says 'No outstanding revisions.' when every round is finished, not a list of Complete items under it", () => {
    state.detail = detail([item("a", "complete"), item("c", "Closed")]);
    render(<ProjectDetailDialog folderId="f1" onClose={() => {}} />);
    const list = screen.getByTestId("outstanding-revisions");
    expect(list.textContent).toContain("No outstanding revisions.");
    expect(within(list).queryAllByRole("link")).toHaveLength(0);
    expect(within(list).getByRole("button").textContent).toBe("Show 2 finished rounds on live assets");
  });

  it("says 'No outstanding revisions.' and nothing else when the rule selects none", () => {
    state.detail = detail([]);
    render(<ProjectDetailDialog folderId="f1" onClose={() => {}} />);
    const list = screen.getByTestId("outstanding-revisions");
    expect(list.textContent).toBe("Outstanding revisionsNo outstanding revisions.");
  });
});

describe("project dialog lists what the My Projects count counts", () => {
  it("shows the viewed person's revisions and open assignments: as many rows as the row's count", () => {
    const assignment = (id: string): ProjectItem => ({ ...item(id, "open"), customItemId: 1014 });
    const counted = { ...summary(1), activityCount: 2, assignmentCount: 2 };
    state.detail = {
      folderId: "f1",
      projectName: "Project 1",
      spaceName: "POST",
      url: null,
      weekStart: "2026-03-16",
      weekEnd: "2026-03-22",
      milestones: [],
      revisions: [item("r1", "in progress"), item("r2", "complete")],
      assignments: [assignment("a1"), assignment("a2")],
    };
    render(<ProjectDetailDialog folderId="f1" onClose={() => {}} />);
    const assignments = screen.getByTestId("open-assignments");
    expect(within(assignments).getByRole("heading").textContent).toBe("Open assignments");
    fireEvent.click(screen.getByRole("button", { name: /Show 1 finished round/ }));
    const listed =
      within(screen.getByTestId("outstanding-revisions")).getAllByRole("link").length +
      within(assignments).getAllByRole("link").length;
    expect(listed).toBe(counted.activityCount + counted.assignmentCount);
    // A day in the dialog's lists: 'Mar 18' (the week shown is in 2026).
    expect(within(assignments).getAllByText("Mar 18")).toHaveLength(2);
  });
});

describe("task dialog estimates", () => {
  const task = (timeEstimateMinutes: number, timeSpentMinutes: number) => ({
    task: {
      id: "t1",
      name: "Design: Layouts - Maya",
      status: { status: "in progress" },
      dueDate: "2026-03-27T09:00:00.000Z",
      startDate: null,
      folderId: "f1",
      folderName: "Project 1",
      spaceName: "CREATIVE",
      customItemId: 1014,
      parentTaskId: null,
      customFields: [],
      timeEstimateMinutes,
      timeSpentMinutes,
      hoursPerDayEstimate: null,
      hoursLogged: 12,
      url: "https://app.clickup.com/t/t1",
    },
    additionalFields: [],
  });
  const row = (label: string) =>
    screen.queryAllByRole("term").find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;

  it("says 'Not estimated' instead of '0m' beside 12.0h logged, and leaves out an empty ClickUp tracked time", () => {
    state.task = task(0, 0);
    render(<TaskDetailDialog taskId="t1" onClose={() => {}} />);
    expect(row("Time estimate")).toBe("Not estimated");
    expect(row("Hours logged")).toBe("12.0h");
    expect(screen.queryByText("0m")).toBeNull();
  });

  it("formats real figures by spec §9", () => {
    state.task = task(720, 45);
    render(<TaskDetailDialog taskId="t1" onClose={() => {}} />);
    expect(row("Time estimate")).toBe("12.0h");
    expect(row("Time tracked in ClickUp")).toBe("45m");
  });
});

describe("task dialog days and money", () => {
  const detail = (additionalFields: unknown[]) => ({
    task: {
      id: "t1",
      name: "Design: Layouts - Maya",
      status: { status: "in progress" },
      dueDate: "2026-03-27T09:00:00.000Z",
      startDate: "2026-03-02T09:00:00.000Z",
      folderId: "f1",
      folderName: "Project 1",
      spaceName: "CREATIVE",
      customItemId: 1014,
      parentTaskId: null,
      customFields: [],
      timeEstimateMinutes: 60,
      timeSpentMinutes: 0,
      hoursPerDayEstimate: null,
      hoursLogged: 1,
      url: "https://app.clickup.com/t/t1",
    },
    additionalFields,
  });
  const row = (label: string) =>
    screen.queryAllByRole("term").find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;

  it("shows its days in the detail format", () => {
    state.task = detail([]);
    render(<TaskDetailDialog taskId="t1" onClose={() => {}} />);
    expect(row("Due date")).toBe("Fri, Mar 27, 2026");
    expect(row("Start date")).toBe("Mon, Mar 2, 2026");
  });

  it("shows a currency field as money in its currency, not a bare number", () => {
    state.task = detail([
      { id: "b", name: "Budget", text: "12500.5", money: { amountMinor: 1250050, currency: "USD" } },
      { id: "y", name: "Fee", text: "1200", money: { amountMinor: 1200, currency: "JPY" } },
      { id: "c", name: "Client", text: "Orbit", money: null },
    ]);
    render(<TaskDetailDialog taskId="t1" onClose={() => {}} />);
    expect(row("Budget")).toBe("$12,500.50");
    expect(row("Fee")).toBe("¥1,200");
    expect(row("Client")).toBe("Orbit");
  });
});
