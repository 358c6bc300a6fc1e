import type { MailMessage } from "../mail/mailer";

/**
 * Sent instead of an error when someone signs up with an address that already has an account:
 * the sign-up answer stays the same as for a new address (no account discovery), and the owner
 * learns about it.
 */
export function existingAccountMail(to: string, publicUrl: string): MailMessage {
  const signIn = `${publicUrl}/auth`;
  return {
    to,
    subject: "Someone tried to create an Agency Hub account with your address",
    text:
      `Someone tried to create a new Agency Hub account with this e-mail address, which already has one.\n\n` +
      `If it was you, sign in instead (or choose "Forgot password?" there): ${signIn}\n\n` +
      `If it was not you, ignore this mail; nothing has changed.`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h2>You already have an Agency Hub account</h2>
<p>Someone tried to create a new account with this e-mail address, which already has one.</p>
<p>If it was you, <a href="${signIn}">sign in</a> instead (or choose "Forgot password?" there).</p>
<p style="color:#666;font-size:12px">If it was not you, ignore this mail; nothing has changed.</p></body></html>`,
  };
}
