/**
 * "A session is probably there": decides, before anything is asked, whether the first screen asks
 * /api/me at once and starts the signed-in code and the dashboard's data (main.tsx, use-session.ts).
 * Not a secret and never trusted: the session is the HttpOnly cookie, and /api/me has the last word.
 *
 * Two sources: this browser's own memory of the last answer (localStorage), and the app shell the
 * server sent, which carries SESSION_COOKIE_MARKER when the request had a session cookie (server/app.ts
 * answers "/" and "/dashboard" with SIGNED_IN_SHELL then, vite.config.ts builds it): a browser
 * without the first, e.g. on its first visit since signing in elsewhere, still starts at once.
 */

export const SIGNED_IN_HINT = "agency-hub:signed-in";
/** The `<meta name>` of the signed-in app shell. */
export const SESSION_COOKIE_MARKER = "agency-hub:session-cookie";
/** The built app shell for a request with a session cookie (dist/web/). */
export const SIGNED_IN_SHELL = "index.signed-in.html";

export function probablySignedIn(): boolean {
  if (globalThis.document?.querySelector(`meta[name="${SESSION_COOKIE_MARKER}"]`)) return true;
  try {
    return globalThis.localStorage?.getItem(SIGNED_IN_HINT) === "1";
  } catch {
    return false;
  }
}

/**
 * Remember the last answer of /api/me (signed in or not) for the next load. The shell's marker has
 * done its part once the app has an answer: it is removed, so a sign-out in this page is not read
 * as "probably signed in" later (a public screen would then ask /api/me and log a 401).
 */
export function rememberSignedIn(signedIn: boolean): void {
  globalThis.document?.querySelector(`meta[name="${SESSION_COOKIE_MARKER}"]`)?.remove();
  try {
    if (signedIn) globalThis.localStorage?.setItem(SIGNED_IN_HINT, "1");
    else globalThis.localStorage?.removeItem(SIGNED_IN_HINT);
  } catch {
    /* storage unavailable: every load asks better-auth first */
  }
}
