/**
 * The screens signed-out visitors are expected on: the landing page, sign-in, the legal pages and
 * an invitation link. There a browser not known to be signed in asks better-auth for the session
 * first (200 null when signed out, so nothing logs a 401); anywhere else the app asks /api/me at
 * once, one round trip less before a signed-in screen. Kept dependency-free: main.tsx imports it.
 */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === "/" ||
    pathname === "/auth" ||
    pathname === "/terms" ||
    pathname === "/privacy" ||
    pathname.startsWith("/invite/")
  );
}
