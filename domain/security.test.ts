import { describe, expect, it } from "vitest";
import {
  AUDIT_EVENT_TYPES,
  auditEventTypeSchema,
  containsMaliciousContent,
  findInputProblem,
  findMaliciousPath,
  flushesImmediately,
  hasUnstorableCharacters,
  MAX_INPUT_DEPTH,
  isMaliciousString,
} from "./security";

describe("isMaliciousString", () => {
  it.each([
    "<script>alert(1)</script>",
    "<SCRIPT src=x>",
    "< script>",
    "hello </script>",
    "javascript:alert(1)",
    "JavaScript :void(0)",
    "see javascript:foo",
  ])("flags %s", (text) => expect(isMaliciousString(text)).toBe(true));
  it.each(["Scripting workshop", "a <scripted> tag", "javascript is fun", "<b>bold</b>", "java: script", ""])(
    "lets %s through",
    (text) => expect(isMaliciousString(text)).toBe(false),
  );
});

describe("containsMaliciousContent (spec §5)", () => {
  it("searches nested objects and arrays", () => {
    expect(
      containsMaliciousContent({ name: "ok", meta: { links: ["https://x", "javascript:alert(1)"] } }),
    ).toBe(true);
    expect(containsMaliciousContent([[[{ deep: "<script>" }]]])).toBe(true);
  });
  it("checks object keys too", () => {
    expect(containsMaliciousContent({ "<script>": 1 })).toBe(true);
  });
  it("passes clean values and non-string leaves", () => {
    expect(containsMaliciousContent({ name: "Acme", count: 3, ok: true, none: null, list: [1, "two"] })).toBe(
      false,
    );
    expect(containsMaliciousContent(undefined)).toBe(false);
    expect(containsMaliciousContent(42)).toBe(false);
  });
  it("checks a bare string", () => {
    expect(containsMaliciousContent("javascript:x")).toBe(true);
  });
  it("survives cycles", () => {
    const a: Record<string, unknown> = { name: "a" };
    a.self = a;
    expect(containsMaliciousContent(a)).toBe(false);
    a.bad = "<script>";
    expect(containsMaliciousContent(a)).toBe(true);
  });
});

describe("audit events (spec §9)", () => {
  it("lists the six event types", () => {
    expect(AUDIT_EVENT_TYPES).toEqual([
      "failed_auth",
      "user_login",
      "team_invitation",
      "rate_limit_exceeded",
      "xss_attempt",
      "malicious_form_submission",
    ]);
    expect(auditEventTypeSchema.safeParse("user_login").success).toBe(true);
    expect(auditEventTypeSchema.safeParse("login").success).toBe(false);
  });
  it("flushes xss_attempt, malicious_form_submission and failed_auth immediately", () => {
    expect(AUDIT_EVENT_TYPES.filter(flushesImmediately)).toEqual([
      "failed_auth",
      "xss_attempt",
      "malicious_form_submission",
    ]);
    expect(flushesImmediately("unknown")).toBe(false);
  });
});

describe("findMaliciousPath", () => {
  it("names the field holding a script tag or javascript: URL", () => {
    expect(findMaliciousPath({ name: "ok", notes: [{ text: "<script>x</script>" }] })).toBe("notes.0.text");
    expect(findMaliciousPath({ url: "JavaScript:alert(1)" })).toBe("url");
    expect(findMaliciousPath("<script")).toBe("");
  });
  it("reports a malicious key by its path and returns null for clean input", () => {
    expect(findMaliciousPath({ a: { "<script>": 1 } })).toBe("a.<script>");
    expect(findMaliciousPath({ a: "fine", b: [1, 2, "javascript is nice"] })).toBeNull();
    const cyclic: Record<string, unknown> = { a: "x" };
    cyclic.self = cyclic;
    expect(findMaliciousPath(cyclic)).toBeNull();
  });
});

/** `levels` arrays nested in each other around `leaf` (what a 5,000-deep JSON body parses to). */
function nested(levels: number, leaf: unknown = "x"): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe("deeply nested input (issue 11, item 10: a RangeError before sign-in)", () => {
  it("findMaliciousPath and containsMaliciousContent survive 100,000 levels and still find the script", () => {
    expect(() => findMaliciousPath(nested(100_000))).not.toThrow();
    expect(findMaliciousPath(nested(100_000))).toBeNull();
    expect(findMaliciousPath(nested(3, "<script>"))).toBe("0.0.0");
    expect(containsMaliciousContent(nested(100_000, "<script>"))).toBe(true);
  });
  it("keeps document order: the first malicious field wins, keys before their values", () => {
    expect(findMaliciousPath({ a: ["ok", { b: "javascript:x" }], c: "<script>" })).toBe("a.1.b");
    expect(findMaliciousPath({ "<script>": "javascript:" })).toBe("<script>");
  });
});

describe("findInputProblem (issue 11, item 10: NUL, lone surrogates, depth)", () => {
  it("names the field holding a NUL or a lone surrogate, keys included", () => {
    expect(findInputProblem({ name: "a\u0000" })).toEqual({ kind: "unstorable", path: "name" });
    expect(findInputProblem({ list: ["ok", "\uD800"] })).toEqual({ kind: "unstorable", path: "list.1" });
    expect(findInputProblem({ x: { "k\uDC00": 1 } })).toEqual({ kind: "unstorable", path: "x.k\uDC00" });
    expect(findInputProblem("\u0000")).toEqual({ kind: "unstorable", path: "" });
  });
  it("lets paired surrogates (emoji), accents and control characters other than NUL through", () => {
    expect(findInputProblem({ name: "Zoë 😀 \t\n", n: 1, ok: true, none: null })).toBeNull();
    expect(hasUnstorableCharacters("😀")).toBe(false);
    expect(hasUnstorableCharacters("😀".slice(0, 1))).toBe(true);
    expect(hasUnstorableCharacters("😀".slice(1))).toBe(true);
  });
  it("refuses nesting deeper than the limit without a RangeError, at any depth", () => {
    expect(findInputProblem(nested(MAX_INPUT_DEPTH))).toBeNull();
    expect(findInputProblem(nested(MAX_INPUT_DEPTH + 1))?.kind).toBe("too_deep");
    expect(() => findInputProblem(nested(100_000), Infinity)).not.toThrow();
    expect(findInputProblem(nested(100_000))?.kind).toBe("too_deep");
  });
});
