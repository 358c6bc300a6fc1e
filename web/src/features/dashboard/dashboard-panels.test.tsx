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
