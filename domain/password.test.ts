import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES, passwordProblem } from "./password";

const COMMON = new Set(["12345678", "password", "qwertyuiop", "iloveyou"]);
const isCommon = (candidate: string) => COMMON.has(candidate);

describe("passwordProblem (ASVS 2.1: length, common and context-specific passwords)", () => {
  it("keeps 8 to 128 characters, spaces and any script allowed", () => {
    expect(passwordProblem("correct horse battery", {}, isCommon)).toBeNull();
    expect(passwordProblem("Пароль-надёжный 42", {}, isCommon)).toBeNull();
    expect(passwordProblem("x7#Kp2!q".padEnd(128, "z"), {}, isCommon)).toBeNull();
    expect(passwordProblem("a1b2c3d", {}, isCommon)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem("x7#Kp2!q".padEnd(129, "z"), {}, isCommon)).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it("refuses the probe's passwords: 12345678, password, eight spaces", () => {
    expect(passwordProblem("12345678", {}, isCommon)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("password", {}, isCommon)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("PassWord", {}, isCommon)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("pass word", {}, isCommon)).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem("        ", {}, isCommon)).toBe(PASSWORD_MESSAGES.tooSimple);
    expect(passwordProblem("aaaaaaaaaaaa", {}, isCommon)).toBe(PASSWORD_MESSAGES.tooSimple);
    expect(passwordProblem("abababab", {}, isCommon)).toBe(PASSWORD_MESSAGES.tooSimple);
  });

  it("refuses the account's own e-mail address, its local part, names and the app's name", () => {
    const context = { email: "Ada.Lovelace@example.test", names: ["Ada", "Byron", "Ada Byron"] };
    expect(passwordProblem("ada.lovelace@example.test", context, isCommon)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem("AdaLovelace2024", context, isCommon)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem("byron1815", context, isCommon)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem("Ada Byron!", context, isCommon)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem("agency hub 2026", context, isCommon)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem("my agencyhub secret", context, isCommon)).toBe(PASSWORD_MESSAGES.personal);
    // A password that merely shares a short name with the account is fine.
    expect(passwordProblem("ada sails north at dawn", context, isCommon)).toBeNull();
    expect(passwordProblem("correct horse battery", context, isCommon)).toBeNull();
  });
});
