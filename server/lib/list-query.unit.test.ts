import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { directionKeyword, listPageQuery, sortExpression, whereAll, type ListQuery } from "./list-query";

const dialect = new PgDialect();
const render = (query: ReturnType<typeof listPageQuery>) => dialect.sqlToQuery(query);

type Key = "name" | "hours";
const base: ListQuery<Key> = {
  select: sql`p.id, p.name`,
  from: sql`projects p`,
  where: [sql`p.organization_id = ${"org1"}`, undefined, sql`p.name <> ${"x"}`],
  sorts: { name: sql`lower(p.name)`, hours: sql`p.hours` },
  tiebreakers: [sql`p.id`],
  sort: "name",
  dir: "asc",
  page: 3,
  pageSize: 20,
};

describe("listPageQuery", () => {
  it("sorts by the whitelisted expression, nulls last, then the tiebreakers ascending", () => {
    const { sql: text, params } = render(listPageQuery(base));
    expect(text).toContain("lower(p.name) as list_sort__");
    expect(text).toContain("p.id as list_tiebreak__0");
    expect(text).toContain("order by list_sort__ asc nulls last, list_tiebreak__0 asc");
    expect(text).toContain("(count(*) over ())::int as list_total__");
    expect(text).toContain("where p.organization_id = $1 and p.name <> $2");
    expect(params).toEqual(["org1", "x", 20, 40]);
  });

  it("keeps nulls last and the tiebreakers ascending when descending", () => {
    const { sql: text } = render(listPageQuery({ ...base, sort: "hours", dir: "desc" }));
    expect(text).toContain("p.hours as list_sort__");
    expect(text).toContain("order by list_sort__ desc nulls last, list_tiebreak__0 asc");
  });

  it("adds late columns for the page's rows only", () => {
    const { sql: text } = render(
      listPageQuery({
        ...base,
        with: sql`totals as (select 1)`,
        late: { select: sql`x.total`, from: sql`left join totals x on true` },
      }),
    );
    expect(text).toMatch(/^with totals as \(select 1\), list_page as \(/);
    expect(text).toContain("select list_page.*, x.total\n    from list_page left join totals x on true");
  });

  it("never takes a sort key or direction outside the whitelist", () => {
    expect(() => listPageQuery({ ...base, sort: "name; drop table projects" as Key })).toThrow(
      "Unknown sort key",
    );
    expect(() => listPageQuery({ ...base, sort: "toString" as Key })).toThrow("Unknown sort key");
    const { sql: text } = render(listPageQuery({ ...base, dir: "desc; drop" as "desc" }));
    expect(text).not.toContain("drop");
    expect(text).toContain("list_sort__ asc nulls last");
  });

  it("refuses a list without a tiebreaker and bad pages", () => {
    expect(() => listPageQuery({ ...base, tiebreakers: [] })).toThrow("unique tiebreaker");
    expect(() => listPageQuery({ ...base, page: 0 })).toThrow("page");
    expect(() => listPageQuery({ ...base, pageSize: 1.5 })).toThrow("pageSize");
  });
});

describe("parts", () => {
  it("joins conditions with and, true for none", () => {
    expect(dialect.sqlToQuery(whereAll([])).sql).toBe("true");
    expect(dialect.sqlToQuery(whereAll([sql`a`, undefined, sql`b`])).sql).toBe("a and b");
  });

  it("maps the direction to a keyword constant", () => {
    expect(dialect.sqlToQuery(directionKeyword("desc")).sql).toBe("desc");
    expect(dialect.sqlToQuery(directionKeyword("asc")).sql).toBe("asc");
    expect(dialect.sqlToQuery(sortExpression(base.sorts, "hours")).sql).toBe("p.hours");
  });
});
