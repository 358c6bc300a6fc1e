/** Rows sorted by one figure (nulls — unpriced, no capacity — last whatever the direction), then label. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: K,
  dir: "asc" | "desc",
  value: (row: T, key: K) => number | string | null,
  label: (row: T) => string,
): T[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, sort);
    const y = value(b, sort);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return (typeof x === "string" && typeof y === "string" ? x.localeCompare(y) : x < y ? -1 : 1) * sign;
    }
    return label(a).localeCompare(label(b));
  });
}
