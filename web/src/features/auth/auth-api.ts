import { z } from "zod";
import { containsMaliciousContent, findMaliciousPath } from "@domain/security";
import { credentialsError } from "@domain/sign-in";
import { ApiError, apiFetch, apiSend } from "@/lib/api";
import type { BlockedFormRequest } from "../../../../server/modules/audit/contract";

/*
 * /api/auth/* is better-auth's API (server/auth/): it has no module contract, so the shapes we
 * read from it, and the auth forms' schemas, are declared here.
 */

/** POST /api/auth/sign-in/email and /sign-up/email. */
export const signInResultSchema = z.object({
  twoFactorRedirect: z.boolean().optional(),
  user: z.object({ id: z.string(), email: z.string() }).optional(),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

/** POST /api/auth/sign-in/social and /link-social: where to send the browser. */
export const authorizationUrlSchema = z.object({ url: z.string().optional() });

/** POST /api/auth/two-factor/enable. */
export const twoFactorEnrolmentSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** POST /api/auth/two-factor/generate-backup-codes. */
export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/** GET /api/auth/list-accounts: the user's linked sign-in methods. */
export const linkedAccountsSchema = z.array(
  z.object({ id: z.string(), providerId: z.string(), accountId: z.string() }),
);

/** GET /api/auth/config. */
export const authConfigSchema = z.object({ google: z.boolean() });

/** The e-mail/password form (spec §5): both required, 'Please enter both email and password'. */
export const credentialsFormSchema = z
  .object({ email: z.string(), password: z.string() })
  .superRefine((value, ctx) => {
    const missing = credentialsError(value.email, value.password);
    if (missing) ctx.addIssue({ code: "custom", path: ["email"], message: missing });
  });

/** 'Forgot password?'. */
export const forgotPasswordFormSchema = z.object({
  email: z.string().refine((email) => email.trim() !== "", "Please enter your email"),
});

/** The new password of a reset link, typed twice. */
export const newPasswordFormSchema = z
  .object({ password: z.string().min(8, "Use at least 8 characters"), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The passwords do not match" });

/** A two-factor code (app or recovery); an empty one is not sent. */
export const twoFactorCodeFormSchema = z.object({ code: z.string().refine((code) => code.trim() !== "") });

/** The password that confirms turning two-factor authentication on or off (the buttons need one). */
export const passwordFormSchema = z.object({ password: z.string() });

/** The first code from the app, which confirms a two-factor enrolment (the button needs one). */
export const totpConfirmFormSchema = z.object({ code: z.string() });

/** Spec §5: refuse script tags / javascript: strings before sending, and report the attempt. */
export function guardForm(form: string, values: Record<string, unknown>): void {
  if (!containsMaliciousContent(values)) return;
  const field = findMaliciousPath(values) || "form";
  const report: BlockedFormRequest = { form, field };
  void apiSend("/api/audit/blocked-form", { method: "POST", json: report }).catch(() => undefined);
  throw new ApiError(400, "bad_request", "Script tags and javascript: URLs are not allowed", [
    { field, message: "Script tags and javascript: URLs are not allowed" },
  ]);
}

export function signInWithPassword(email: string, password: string) {
  guardForm("sign-in", { email });
  return apiFetch("/api/auth/sign-in/email", signInResultSchema, {
    method: "POST",
    json: { email: email.trim(), password, rememberMe: true },
  });
}

export function signUpWithPassword(email: string, password: string) {
  guardForm("sign-up", { email });
  return apiFetch("/api/auth/sign-up/email", signInResultSchema, {
    method: "POST",
    // Spec §7: sign-up redirects to the site origin (the verification link lands there).
    json: { email: email.trim(), password, name: email.trim(), callbackURL: "/" },
  });
}

/** Starts Google OAuth (offline access, account selection — configured on the server) and leaves the page. */
export async function startGoogleSignIn(options: { mobile: boolean }) {
  const callbackURL = options.mobile ? "/auth?mobile=true&retry=enabled" : "/";
  const res = await apiFetch("/api/auth/sign-in/social", authorizationUrlSchema, {
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
  return apiSend(path, {
    method: "POST",
    json: { code: code.replace(/\s+/g, ""), trustDevice: false },
  });
}

export function requestPasswordReset(email: string) {
  guardForm("recover", { email });
  return apiSend("/api/auth/request-password-reset", {
    method: "POST",
    json: { email: email.trim(), redirectTo: `${window.location.origin}/auth?mode=reset` },
  });
}

export function resetPassword(token: string, newPassword: string) {
  return apiSend("/api/auth/reset-password", { method: "POST", json: { token, newPassword } });
}

export function resendVerification(email: string) {
  return apiSend("/api/auth/resend", { method: "POST", json: { email, type: "signup" } });
}

export function fetchAuthConfig() {
  return apiFetch("/api/auth/config", authConfigSchema);
}

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server.";
