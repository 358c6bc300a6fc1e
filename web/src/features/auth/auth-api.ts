import { containsMaliciousContent, findMaliciousPath } from "@domain/security";
import { ApiError, apiFetch } from "@/lib/api";

export interface SignInResult {
  twoFactorRedirect?: boolean;
  user?: { id: string; email: string };
}

/** Spec §5: refuse script tags / javascript: strings before sending, and report the attempt. */
export function guardForm(form: string, values: Record<string, unknown>): void {
  if (!containsMaliciousContent(values)) return;
  const field = findMaliciousPath(values) || "form";
  void apiFetch("/api/audit/blocked-form", { method: "POST", json: { form, field } }).catch(() => undefined);
  throw new ApiError(400, "bad_request", "Script tags and javascript: URLs are not allowed", [
    { field, message: "Script tags and javascript: URLs are not allowed" },
  ]);
}

export function signInWithPassword(email: string, password: string) {
  guardForm("sign-in", { email });
  return apiFetch<SignInResult>("/api/auth/sign-in/email", {
    method: "POST",
    json: { email: email.trim(), password, rememberMe: true },
  });
}

export function signUpWithPassword(email: string, password: string) {
  guardForm("sign-up", { email });
  return apiFetch<SignInResult>("/api/auth/sign-up/email", {
    method: "POST",
    // Spec §7: sign-up redirects to the site origin (the verification link lands there).
    json: { email: email.trim(), password, name: email.trim(), callbackURL: "/" },
  });
}

/** Starts Google OAuth (offline access, account selection — configured on the server) and leaves the page. */
export async function startGoogleSignIn(options: { mobile: boolean }) {
  const callbackURL = options.mobile ? "/auth?mobile=true&retry=enabled" : "/";
  const res = await apiFetch<{ url?: string }>("/api/auth/sign-in/social", {
    method: "POST",
    json: {
      provider: "google",
      callbackURL,
      errorCallbackURL: "/auth?error=google",
      newUserCallbackURL: callbackURL,
    },
  });
  if (!res.url) throw new ApiError(500, "internal_error", "No authorization URL returned");
  window.location.assign(res.url);
}

export function verifyTwoFactor(code: string, kind: "totp" | "backup") {
  const path =
    kind === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  return apiFetch<{ user?: { id: string } }>(path, {
    method: "POST",
    json: { code: code.replace(/\s+/g, ""), trustDevice: false },
  });
}

export function requestPasswordReset(email: string) {
  guardForm("recover", { email });
  return apiFetch("/api/auth/request-password-reset", {
    method: "POST",
    json: { email: email.trim(), redirectTo: `${window.location.origin}/auth?mode=reset` },
  });
}

export function resetPassword(token: string, newPassword: string) {
  return apiFetch("/api/auth/reset-password", { method: "POST", json: { token, newPassword } });
}

export function resendVerification(email: string) {
  return apiFetch("/api/auth/resend", { method: "POST", json: { email, type: "signup" } });
}

export function fetchAuthConfig() {
  return apiFetch<{ google: boolean }>("/api/auth/config");
}

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server.";
