import { describe, expect, it } from "vitest";
import {
  AUDIT_EVENT_TYPES,
  auditEventTypeSchema,
  containsMaliciousContent,
  findMaliciousPath,
  flushesImmediately,
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
