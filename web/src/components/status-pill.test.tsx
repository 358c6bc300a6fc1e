// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StatusPill } from "./status-pill";

afterEach(cleanup);

describe("StatusPill", () => {
  it("colours by the dashboard rule and keeps the dashboard's compact pill", () => {
    render(<StatusPill status="client_review" rule="dashboard" />);
    const pill = screen.getByTestId("status-pill");
    expect(pill.textContent).toBe("Client Review");
    expect(pill.dataset.color).toBe("purple");
    expect(pill.className).toContain("text-[11px]");
    expect(pill.className).toContain("bg-purple-100");
  });

  it("colours by the project-page rule and keeps the project page's badge", () => {
    render(<StatusPill status="client_review" rule="project" className="text-sm" />);
    const badge = screen.getByTestId("status-badge");
    expect(badge.textContent).toBe("Client Review");
    expect(badge.dataset.color).not.toBe("purple");
    expect(badge.className).toContain("text-sm");
    expect(badge.className).not.toContain("text-xs");
  });

  it("renders nothing without a status", () => {
    const { container } = render(<StatusPill status={null} rule="project" />);
    expect(container.innerHTML).toBe("");
  });
});
