// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/* The security log shows events in words and one date format, never raw codes like user_login. */

vi.mock("@/features/session/use-session", () => ({
  useSession: () => ({ data: { currentOrganizationId: "o1", organizations: [{ id: "o1", name: "Demo" }] } }),
  currentWorkspace: (s: { organizations: { id: string }[] } | null) => s?.organizations[0],
}));
vi.mock("@/lib/api", () => ({
  apiFetch: async () => ({
    events: [
      {
        id: 2,
        eventType: "failed_auth",
        eventData: { method: "email" },
        userId: null,
        userEmail: null,
        organizationId: null,
        ipAddress: "127.0.0.1",
        userAgent: null,
        createdAt: "2026-03-18T15:30:00.000Z",
      },
      {
        id: 1,
        eventType: "user_login",
        eventData: {},
        userId: "u1",
        userEmail: "admin@demo.test",
        organizationId: "o1",
        ipAddress: "127.0.0.1",
        userAgent: null,
        createdAt: "2026-03-18T09:05:00.000Z",
      },
    ],
    nextBefore: null,
  }),
}));

// Radix's Select measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const { SecurityLogPanel } = await import("./security-log-panel");

afterEach(cleanup);

describe("SecurityLogPanel", () => {
  it("labels events in words with one date format", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SecurityLogPanel />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole("table", { name: "Security events" });
    expect(table.textContent).toContain("Signed in");
    expect(table.textContent).toContain("Failed sign-in");
    expect(table.textContent).not.toContain("user_login");
    expect(table.textContent).not.toContain("failed_auth");
    const times = [...table.querySelectorAll("time")].map((t) => t.textContent ?? "");
    expect(times).toHaveLength(2);
    for (const t of times) expect(t).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  });
});
