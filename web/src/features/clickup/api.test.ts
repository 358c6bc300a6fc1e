import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchAccessibleTasks } from "./api";

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("fetchAccessibleTasks", () => {
  it("returns the server's answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ taskIds: ["a", "b"], clickupUserId: "42" }), { status: 200 }),
      ),
    );
    expect(await fetchAccessibleTasks("org-1")).toEqual({ taskIds: ["a", "b"], clickupUserId: "42" });
  });

  it("logs 'Failed to fetch accessible tasks: {status}' and empties the result on a non-OK answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 503 })),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await fetchAccessibleTasks("org-1")).toEqual({ taskIds: [], clickupUserId: null });
    expect(warn).toHaveBeenCalledWith("Failed to fetch accessible tasks: 503");
  });
});
