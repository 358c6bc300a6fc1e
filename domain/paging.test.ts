import { describe, expect, it } from "vitest";
import { z } from "zod";
import { commaListSchema, pagedSchema, pageQueryFields } from "./paging";

describe("paging", () => {
  const query = z.object(pageQueryFields());
  it("defaults to page 1 of 50 and reads numbers from the query string", () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(query.parse({ page: "3", pageSize: "200" })).toEqual({ page: 3, pageSize: 200 });
  });
  it("refuses pages below 1, fractions and sizes over the limit", () => {
    for (const bad of [{ page: "0" }, { page: "1.5" }, { pageSize: "201" }, { pageSize: "0" }, { page: "x" }])
      expect(query.safeParse(bad).success).toBe(false);
    expect(z.object(pageQueryFields({ max: 500, fallback: 100 })).parse({ pageSize: "500" }).pageSize).toBe(
      500,
    );
  });
  it("checks an answer's items and counts", () => {
    const page = pagedSchema(z.object({ id: z.string() }));
    expect(page.safeParse({ items: [{ id: "a" }], total: 1, page: 1, pageSize: 50 }).success).toBe(true);
    expect(page.safeParse({ items: [{ id: 1 }], total: 1, page: 1, pageSize: 50 }).success).toBe(false);
    expect(page.safeParse({ items: [], total: 0.5, page: 1, pageSize: 50 }).success).toBe(false);
  });
});

describe("commaListSchema", () => {
  const colours = commaListSchema(z.enum(["red", "green", "blue"]));
  it("reads one value or several comma-separated, trimmed, empty parts dropped", () => {
    expect(colours.parse("red")).toEqual(["red"]);
    expect(colours.parse(" red , blue,")).toEqual(["red", "blue"]);
  });
  it("refuses an unknown value, nothing, and more values than the enum has", () => {
    expect(colours.safeParse("red,pink").success).toBe(false);
    expect(colours.safeParse(" , ").success).toBe(false);
    expect(colours.safeParse("red,green,blue,red").success).toBe(false);
    expect(colours.safeParse("r".repeat(121)).success).toBe(false);
  });
});
