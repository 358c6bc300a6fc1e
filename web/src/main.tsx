import { preloadGets } from "@/lib/api";
import { isPublicPath } from "@/lib/public-paths";
import { probablySignedIn } from "@/lib/signed-in-hint";
import { toIsoDate } from "@domain/dates";
import { startOfWeek } from "@domain/week";
import "./index.css";

/*
 * The entry, kept tiny (issue 10 §4): it starts the first screen's requests (the session, the
 * dashboard's panels) and the code of the side this browser will most likely show, then runs the
 * app (app.tsx). Those requests no longer wait for React, the router and the query cache to
 * download and run; the HTML preloads app.tsx's chunks beside this one (vite.config.ts).
 */

const path = window.location.pathname;
const signedIn = probablySignedIn();

// The session check use-session.ts makes first: better-auth's (200 null when signed out) for a
// visitor of a public screen (lib/public-paths.ts) not known to be signed in, else /api/me. Asked first so it is answered first.
const [sessionCheck] = preloadGets([!signedIn && isPublicPath(path) ? "/api/auth/get-session" : "/api/me"]);
void import("@/features/session/session-schemas");

/** The dashboard's panels' data (dashboard-page.tsx asks for these first). */
function preloadDashboard() {
  const monday = toIsoDate(startOfWeek(new Date())) as string;
  preloadGets([
    "/api/dashboard",
    `/api/dashboard/week?date=${encodeURIComponent(monday)}`,
    "/api/dashboard/projects",
    "/api/dashboard/other-tasks",
  ]);
}

if (path === "/" && !signedIn) {
  // A visitor of / who was not signed in here before will see the landing page.
  void import("@/features/landing/landing-page");
} else if (path === "/" || path === "/dashboard") {
  // The dashboard's code beside the session, and its data: at once for a browser known to be
  // signed in, else as soon as /api/me says who is (never asked for a signed-out visitor).
  void import("@/features/app-shell/app-layout");
  void import("./routes/dashboard");
  if (signedIn) preloadDashboard();
  else
    void sessionCheck!.then(
      (res) => res.ok && preloadDashboard(),
      () => undefined,
    );
}

void import("./app").then(({ startApp }) => startApp(document.getElementById("root")!));
