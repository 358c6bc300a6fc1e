import { describe, expect, it } from "vitest";
import { storableJson, storableText } from "./storable-text";

describe("storableText", () => {
  it("drops NUL characters", () => {
    expect(storableText("a\u0000b\u0000")).toBe("ab");
  });
  it("replaces lone surrogates, keeps pairs", () => {
    expect(storableText("x\uD800y")).toBe("x\uFFFDy");
    expect(storableText("x\uDC00")).toBe("x\uFFFD");
    expect(storableText("😀")).toBe("😀");
  });
  it("leaves ordinary text alone", () => {
    expect(storableText("Post Production — £1,200")).toBe("Post Production — £1,200");
  });
});

describe("storableJson", () => {
  it("cleans strings at any depth, keys included, and drops undefined", () => {
    expect(storableJson({ "k\u0000": ["a\u0000", { b: "\uD800" }], n: 1, u: undefined, z: null })).toEqual({
      k: ["a", { b: "\uFFFD" }],
      n: 1,
      z: null,
    });
  });
  it("turns dates into ISO strings", () => {
    expect(storableJson({ at: new Date("2026-03-02T09:00:00Z") })).toEqual({
      at: "2026-03-02T09:00:00.000Z",
    });
  });
});
