// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type * as React from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as PrivacyPage } from "@/routes/privacy";
import { Component as TermsPage } from "@/routes/terms";
import { LandingPage } from "./landing-page";
import { PublicBar } from "./public-bar";

afterEach(cleanup);

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: "/", element },
      { path: "*", element: <p>Navigated away</p> },
    ],
    { initialEntries: ["/"] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** Spec §1 sections: [section id, heading level, heading text]. */
const sections: [string, number, RegExp][] = [
  ["hero", 1, /from first bid to final invoice/i],
  ["project-management", 2, /every job, deliverable and revision/i],
  ["budgeting", 2, /AICP budgets .* POs and invoices/i],
  ["time-resources", 2, /who's booked/i],
  ["portals", 2, /vendors and clients/i],
  ["core-features", 2, /projects, money, people and time/i],
  ["integrations", 2, /tools your team already lives in/i],
  ["comparison", 2, /built for agency production/i],
  ["onboarding", 2, /move you in, set you up and train your team/i],
  ["book-demo", 2, /on one of your own jobs/i],
];

const ctaLabels = [
  "Book a Demo",
  "See Pricing",
  "Explore Core Features",
  "View All Integrations",
  "Get a Free Migration Quote",
  "Book Your Personalized Demo",
];

describe("LandingPage", () => {
  it.each(sections)("has the %s section labelled by its heading", (id, level, text) => {
    const { container } = renderAt(<LandingPage />);
    const section = container.querySelector(`section#${id}`);
    expect(section).not.toBeNull();
    const heading = screen.getByRole("heading", { level, name: text });
    expect(section?.getAttribute("aria-labelledby")).toBe(heading.id);
    expect(section?.contains(heading)).toBe(true);
    expect(screen.getByRole("region", { name: text })).toBe(section);
  });

  it("shows every section in the spec's order", () => {
    const { container } = renderAt(<LandingPage />);
    const ids = Array.from(container.querySelectorAll("main > section")).map((s) => s.id);
    expect(ids).toEqual(sections.map(([id]) => id));
  });

  it("renders the six calls to action as plain buttons that go nowhere", () => {
    const { router } = renderAt(<LandingPage />);
    for (const label of ctaLabels) {
      const cta = screen.getByRole("button", { name: label });
      expect(cta.tagName).toBe("BUTTON");
      expect(cta.getAttribute("type")).toBe("button");
      expect(cta.hasAttribute("href")).toBe(false);
      expect(cta.closest("a")).toBeNull();
      expect(cta.closest("form")).toBeNull();
      fireEvent.click(cta);
      expect(router.state.location.pathname).toBe("/");
    }
    expect(screen.queryByText("Navigated away")).toBeNull();
  });

  it("lists the seven integration categories with example tools", () => {
    renderAt(<LandingPage />);
    const integrations = screen.getByRole("region", { name: /tools your team already lives in/i });
    for (const category of [
      "Cloud drive",
      "Design tool",
      "Digital asset manager",
      "Team chat",
      "Accounting",
      "Task management",
      "File sync",
    ]) {
      expect(within(integrations).getByRole("heading", { level: 3, name: category })).toBeTruthy();
    }
    for (const example of [
      "Google Drive",
      "Figma",
      "Frame.io, Bynder",
      "Slack",
      "QuickBooks",
      "ClickUp",
      "Dropbox",
    ]) {
      expect(within(integrations).getByText(example)).toBeTruthy();
    }
  });

  it("compares against three competitors with accessible check and cross marks", () => {
    renderAt(<LandingPage />);
    const table = screen.getByRole("table");
    const columns = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(columns).toHaveLength(5);
    expect(columns.slice(1)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Agency Hub"),
        expect.stringContaining("Generic PM tool"),
        expect.stringContaining("Spreadsheets + email"),
        expect.stringContaining("Legacy production software"),
      ]),
    );
    const rows = within(table)
      .getAllByRole("rowheader")
      .map((th) => th.textContent);
    expect(rows).toEqual([
      "AICP budgeting",
      "POs & vendor bills",
      "Client invoicing",
      "Internal & client rate cards",
      "ClickUp sync",
      "Resource workload",
      "Vendor & client portals",
      "Onboarding included",
    ]);
    expect(within(table).getAllByText("Included").length).toBeGreaterThanOrEqual(8);
    expect(within(table).getAllByText("Not included").length).toBeGreaterThan(0);
  });

  it("describes the onboarding package", () => {
    renderAt(<LandingPage />);
    const onboarding = screen.getByRole("region", { name: /train your team/i });
    for (const step of ["Data migration", "Workflow set-up", "Team training"]) {
      expect(within(onboarding).getByRole("heading", { level: 3, name: step })).toBeTruthy();
    }
  });

  it("has the public bar and links to the legal pages in the footer", () => {
    renderAt(<LandingPage />);
    const banner = screen.getByRole("banner");
    expect(
      within(banner)
        .getByRole("link", { name: /agency hub/i })
        .getAttribute("href"),
    ).toBe("/");
    expect(within(banner).getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe(
      "/terms",
    );
    expect(within(footer).getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/privacy",
    );
  });
});

describe("PublicBar", () => {
  it("offers Sign Out instead of Sign In when signed in", () => {
    const onSignOut = vi.fn();
    renderAt(<PublicBar signedIn onSignOut={onSignOut} />);
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});

describe("legal pages", () => {
  it.each([
    ["Terms of Service", TermsPage],
    ["Privacy Policy", PrivacyPage],
  ])("%s renders with the public bar and names the instance operator", (title, Page) => {
    renderAt(<Page />);
    expect(screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByRole("main").textContent).toMatch(/operator/);
  });

  it("says the privacy policy covers accounts, ClickUp data, audit logs and a session cookie", () => {
    renderAt(<PrivacyPage />);
    const text = screen.getByRole("main").textContent ?? "";
    expect(text).toMatch(/Account data/);
    expect(text).toMatch(/synced from ClickUp/);
    expect(text).toMatch(/Audit logs/);
    expect(text).toMatch(/session cookie/);
  });
});
