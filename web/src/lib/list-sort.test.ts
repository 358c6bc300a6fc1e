import { describe, expect, it } from "vitest";
import { listSort } from "./list-url-state";

/** listSort over a URL; `calls` records what it asks the URL to change. */
function sortOf(query: string, firstDir?: "asc" | "desc") {
  const calls: [Record<string, string | null>, boolean | undefined][] = [];
  const s = listSort<"number" | "name">(
    new URLSearchParams(query),
    (changes, resetPage) => calls.push([changes, resetPage]),
    { sort: "number", dir: "desc" },
    firstDir,
  );
  return { ...s, calls };
}

describe("listSort", () => {
  it("reads the key and direction from the URL, else the defaults (an unknown direction too)", () => {
    expect(sortOf("")).toMatchObject({ sort: "number", dir: "desc" });
    expect(sortOf("sort=name&dir=asc")).toMatchObject({ sort: "name", dir: "asc" });
    expect(sortOf("sort=name&dir=sideways")).toMatchObject({ sort: "name", dir: "desc" });
  });

  it("starts a new column at the first direction and flips the same column, keeping the page", () => {
    const asc = sortOf("sort=number&dir=desc");
    asc.toggleSort("name");
    asc.toggleSort("number");
    expect(asc.calls).toEqual([
      [{ sort: "name", dir: "asc" }, false],
      [{ sort: "number", dir: "asc" }, false],
    ]);
    const flip = sortOf("sort=name&dir=asc");
    flip.toggleSort("name");
    expect(flip.calls).toEqual([[{ sort: "name", dir: "desc" }, false]]);

    const desc = sortOf("sort=number&dir=desc", "desc");
    desc.toggleSort("number");
    desc.toggleSort("name");
    expect(desc.calls).toEqual([
      [{ sort: "number", dir: "asc" }, false],
      [{ sort: "name", dir: "desc" }, false],
    ]);
  });

  it("sets what the sort menu chose", () => {
    const s = sortOf("");
    s.setSort("name", "asc");
    expect(s.calls).toEqual([[{ sort: "name", dir: "asc" }, false]]);
  });
});
