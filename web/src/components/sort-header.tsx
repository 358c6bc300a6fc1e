import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { cn } from "@/lib/cn";

/**
 * A sortable list's column header: a button that sorts by `col` (the list turns the direction
 * when it is already the sort), its arrow, and `aria-sort` for screen readers.
 */
export function SortHeader<K extends string>({
  label,
  col,
  sort,
  dir,
  onSort,
  numeric,
}: {
  label: string;
  col: K;
  sort: K;
  dir: "asc" | "desc";
  onSort: (key: K) => void;
  numeric?: boolean;
}) {
  return (
    <th
      scope="col"
      aria-sort={sort === col ? (dir === "asc" ? "ascending" : "descending") : "none"}
      className={cn("px-3 py-2 font-medium whitespace-nowrap", numeric && "text-right")}
    >
      <button
        type="button"
        onClick={() => onSort(col)}
        className="inline-flex items-center gap-1 hover:text-foreground"
      >
        {label}
        {sort === col ? (
          dir === "asc" ? (
            <ArrowUp aria-hidden className="size-3" />
          ) : (
            <ArrowDown aria-hidden className="size-3" />
          )
        ) : (
          <ArrowUpDown aria-hidden className="size-3 opacity-40" />
        )}
      </button>
    </th>
  );
}
