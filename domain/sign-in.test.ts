import { describe, expect, it } from "vitest";
import {
  backoffSeconds,
  connectionStatusLabel,
  credentialsError,
  isSlowConnection,
  MAX_SIGN_IN_ATTEMPTS,
  signInBackoffMs,
  signInErrorMessage,
} from "./sign-in";

describe("signInBackoffMs (spec §9)", () => {
  it("is min(1000 × 2^attempt, 5000)", () => {
    expect([0, 1, 2, 3, 4, 10].map(signInBackoffMs)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });
  it("treats negative attempts as 0", () => {
    expect(signInBackoffMs(-1)).toBe(1000);
  });
  it("converts to whole seconds for the toast", () => {
    expect(backoffSeconds(2000)).toBe(2);
    expect(backoffSeconds(2500)).toBe(3);
  });
  it("allows 3 attempts", () => {
    expect(MAX_SIGN_IN_ATTEMPTS).toBe(3);
  });
});

describe("isSlowConnection", () => {
  it.each(["2g", "slow-2g", "3g", "3G"])("%s is slow", (t) => expect(isSlowConnection(t)).toBe(true));
  it.each(["4g", "", null, undefined, "wifi"])("%s is not slow", (t) =>
    expect(isSlowConnection(t)).toBe(false),
  );
});

const TIMEOUT = "Connection timed out. Please check your internet connection and try again.";
const NETWORK = "Network error. Please check your connection and try again.";
const DEFAULT = "Authentication failed after multiple attempts.";

describe("signInErrorMessage (spec §8)", () => {
  it("maps timeout and 522 to the timed-out message", () => {
    expect(signInErrorMessage(new Error("Request Timeout"))).toBe(TIMEOUT);
    expect(signInErrorMessage("upstream returned 522")).toBe(TIMEOUT);
    expect(signInErrorMessage({ message: "bad gateway", status: 522 })).toBe(TIMEOUT);
  });
  it("maps network errors and offline users to the network message", () => {
    expect(signInErrorMessage(new TypeError("NetworkError when attempting to fetch resource."))).toBe(
      NETWORK,
    );
    expect(signInErrorMessage(new Error("boom"), false)).toBe(NETWORK);
  });
  it("prefers the timeout message over offline", () => {
    expect(signInErrorMessage("timeout", false)).toBe(TIMEOUT);
  });
  it("falls back to the default", () => {
    expect(signInErrorMessage(new Error("Invalid login credentials"))).toBe(DEFAULT);
    expect(signInErrorMessage(null)).toBe(DEFAULT);
    expect(signInErrorMessage(42)).toBe(DEFAULT);
  });
});

describe("connectionStatusLabel (spec §2)", () => {
  it("shows each state's label", () => {
    expect(connectionStatusLabel("connecting", true)).toBe("Connecting");
    expect(connectionStatusLabel("retrying", true, 2)).toBe("Retrying (2/3)");
    expect(connectionStatusLabel("failed", true)).toBe("Connection Failed");
    expect(connectionStatusLabel("connected", true)).toBe("Connected");
    expect(connectionStatusLabel("idle", true)).toBeNull();
  });
  it("shows Offline whenever offline", () => {
    expect(connectionStatusLabel("connected", false)).toBe("Offline");
  });
  it("keeps n within 1..3", () => {
    expect(connectionStatusLabel("retrying", true, 0)).toBe("Retrying (1/3)");
    expect(connectionStatusLabel("retrying", true, 7)).toBe("Retrying (3/3)");
  });
});

describe("credentialsError (spec §5)", () => {
  it("asks for both when either is missing", () => {
    expect(credentialsError("", "pw")).toBe("Please enter both email and password");
    expect(credentialsError("  ", "pw")).toBe("Please enter both email and password");
    expect(credentialsError("a@b.c", "")).toBe("Please enter both email and password");
    expect(credentialsError(null, null)).toBe("Please enter both email and password");
  });
  it("passes when both are present", () => {
    expect(credentialsError("a@b.c", " pw ")).toBeNull();
  });
});
