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
