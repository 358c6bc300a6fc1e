// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProjectHeader } from "./api";
import { ProjectHeaderCard } from "./project-header-card";

afterEach(cleanup);

const project: ProjectHeader = {
  id: "p1",
  name: "Orbit Telecom - Awareness Flight",
  status: "post production",
  phase: "post",
  jobCode: "ORB-2026-014",
  client: "Orbit Telecom",
  startDate: "2026-01-05T09:00:00.000Z",
  endDate: "2026-03-27T09:00:00.000Z",
  estimatedHours: 880,
  loggedHours: 412.5,
  percentComplete: 47,
  statusUpdate: "Rough cut delivered; client review scheduled for Thursday.",
  clickupFolderId: "901",
  producer: "Olivia Owner",
  folderId: "901",
  folderName: "Orbit Telecom - Awareness Flight",
  spaceId: "s4",
  spaceName: "POST",
  url: null,
  hoursScopeAll: true,
  hoursTasks: null,
};

describe("ProjectHeaderCard hours label (what is summed)", () => {
  it("adds nothing when the hours are the whole project's, for an admin or a member who sees it all", () => {
    render(
      <ProjectHeaderCard
        project={{ ...project, hoursScopeAll: true, hoursTasks: { visible: 9, total: 9 } }}
      />,
    );
    expect(screen.getByTestId("hours").textContent).toBe("412.5h logged of 880.0h estimated");
  });

  it("says how many of the project's tasks a partial view sums, never '(your tasks)'", () => {
    render(
      <ProjectHeaderCard
        project={{ ...project, hoursScopeAll: false, hoursTasks: { visible: 3, total: 40 } }}
      />,
    );
    const text = screen.getByTestId("hours").textContent;
    expect(text).toBe("412.5h logged of 880.0h estimated (the 3 of 40 tasks you can see)");
    expect(text).not.toContain("your tasks");
  });

  it("shows its start and end days in the detail format", () => {
    render(<ProjectHeaderCard project={project} />);
    expect(screen.getByTestId("dates").textContent).toBe("Mon, Jan 5, 2026 – Fri, Mar 27, 2026");
  });

  it("shows the producer's status update", () => {
    render(<ProjectHeaderCard project={project} />);
    expect(screen.getByTestId("producer-update").textContent).toBe(project.statusUpdate);
  });
});
