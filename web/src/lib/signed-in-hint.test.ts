// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { probablySignedIn, rememberSignedIn, SESSION_COOKIE_MARKER, SIGNED_IN_HINT } from "./signed-in-hint";

function serveSignedInShell() {
  const meta = document.createElement("meta");
  meta.name = SESSION_COOKIE_MARKER;
  meta.content = "1";
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = "";
  localStorage.clear();
});

describe("the signed-in hint", () => {
  it("reads the browser's memory of the last answer", () => {
    expect(probablySignedIn()).toBe(false);
    rememberSignedIn(true);
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBe("1");
    expect(probablySignedIn()).toBe(true);
    rememberSignedIn(false);
    expect(probablySignedIn()).toBe(false);
  });

  it("reads the signed-in shell's marker on a first visit, until the app has its own answer", () => {
    serveSignedInShell();
    expect(probablySignedIn()).toBe(true);
    // /api/me said "signed in": the browser remembers it, the marker is no longer needed.
    rememberSignedIn(true);
    expect(document.querySelector(`meta[name="${SESSION_COOKIE_MARKER}"]`)).toBeNull();
    expect(probablySignedIn()).toBe(true);
    // Signed out in this page: nothing says "probably signed in" any more.
    rememberSignedIn(false);
    expect(probablySignedIn()).toBe(false);
  });

  it("a stale marker gives way to the answer", () => {
    serveSignedInShell();
    rememberSignedIn(false);
    expect(probablySignedIn()).toBe(false);
  });
});
