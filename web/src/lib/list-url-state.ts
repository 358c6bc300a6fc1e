import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/**
 * A list's filters, sort and page in the URL (PRODUCT.md: shareable lists). `update` sets or
 * clears keys (empty or null clears) and goes back to page 1 unless told not to; the search box
 * is local state the URL follows 250 ms after typing stops.
 */
export function useListUrlState() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("search") ?? "");

  const update = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    if (resetPage) next.delete("page");
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (search.trim() === (params.get("search") ?? "")) return;
    const t = setTimeout(() => update({ search: search.trim() || null }), 250);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  return { params, update, search, setSearch };
}

type Dir = "asc" | "desc";

/**
 * A list's sort in the URL: the key and direction shown (the defaults when the URL has none or an
 * unknown direction), `toggleSort` for a column header (a new column starts at `firstDir`, the
 * same column flips) and `setSort` for the sort menu. Changing the sort keeps the page.
 */
export function listSort<K extends string>(
  params: URLSearchParams,
  update: (changes: Record<string, string | null>, resetPage?: boolean) => void,
  defaults: { sort: K; dir: Dir },
  firstDir: Dir = "asc",
) {
  const sort = (params.get("sort") as K | null) ?? defaults.sort;
  const raw = params.get("dir");
  const dir: Dir = raw === "asc" || raw === "desc" ? raw : defaults.dir;
  const other: Dir = firstDir === "asc" ? "desc" : "asc";
  return {
    sort,
    dir,
    toggleSort: (key: K) =>
      update({ sort: key, dir: sort === key && dir === firstDir ? other : firstDir }, false),
    setSort: (key: string | null, d: string | null) => update({ sort: key, dir: d }, false),
  };
}
