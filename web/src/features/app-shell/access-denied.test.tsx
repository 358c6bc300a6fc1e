// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { permissionsFor, type Role } from "@domain/index";

/*
 * Finance, Reports and Templates opened by URL (spec §6): the screen for those whose role holds
 * the permission, "You don't have access" for everyone else — never the placeholder screen.
 */

const session = vi.hoisted(() => ({ role: "member" as Role }));
vi.mock("@/features/session/use-session", () => ({
  useSession: () => ({
    data: {
      currentOrganizationId: "o1",
      organizations: [{ id: "o1", name: "Demo Agency", role: session.role, createdAt: "2026-01-01" }],
      permissions: permissionsFor(session.role),
    },
  }),
  currentWorkspace: (s: { organizations: { id: string }[] } | null) => s?.organizations[0],
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROUTES = [
  ["/finance", () => import("@/routes/finance"), "Finance"],
  ["/finance/budgets", () => import("@/routes/finance/budgets"), "Budgets"],
  ["/finance/rate-cards", () => import("@/routes/finance/rate-cards"), "Rate Cards"],
  ["/finance/clients", () => import("@/routes/finance/clients"), "Clients"],
  ["/finance/sows", () => import("@/routes/finance/sows"), "Statements of Work"],
  ["/reporting", () => import("@/routes/reporting"), "Reports"],
  ["/reporting/accrual", () => import("@/routes/reporting/accrual"), null],
  ["/reporting/time-sync", () => import("@/routes/reporting/time-sync"), "Time Sync Validation"],
  ["/templates/folders", () => import("@/routes/templates-folders"), "Folder Templates"],
  ["/templates/folders/t1", () => import("@/routes/template-folder"), "Folder Template"],
] as const;

async function show(load: (typeof ROUTES)[number][1]) {
  const { Component } = await load();
  // Screens that load data stay in their loading state: this test is about who gets the screen.
  vi.stubGlobal("fetch", () => new Promise<Response>(() => undefined));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Component />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("screens that need a permission", () => {
  it.each(ROUTES)("%s: a member gets 'You don't have access' and a way back", async (_, load) => {
    session.role = "member";
    await show(load);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("You don't have access");
    expect(screen.getByTestId("access-denied").textContent).toContain(
      "Only workspace owners and admins of Demo Agency can open",
    );
    expect(screen.getByRole("link", { name: "Back to your dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });

  it.each(ROUTES)("%s: an admin gets the screen", async (_, load, title) => {
    session.role = "admin";
    await show(load);
    expect(screen.queryByTestId("access-denied")).toBeNull();
    if (title) expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
  });
});
