import type { MailMessage } from "./mailer";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(heading: string, paragraph: string, action: string, url: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">
<h2>${escapeHtml(heading)}</h2><p>${escapeHtml(paragraph)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#666;font-size:12px">Or open this link: ${escapeHtml(url)}</p></body></html>`;
}

export function verificationMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: "Confirm your e-mail address for Agency Hub",
    text: `Confirm your e-mail address by opening this link:\n\n${url}\n\nIf you did not create an Agency Hub account, ignore this mail.`,
    html: layout(
      "Confirm your e-mail address",
      "Confirm the address of your Agency Hub account.",
      "Confirm e-mail",
      url,
    ),
  };
}

export function passwordResetMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: "Reset your Agency Hub password",
    text: `Someone asked to reset the password of your Agency Hub account. Open this link to choose a new one (valid for one hour):\n\n${url}\n\nIf it was not you, ignore this mail.`,
    html: layout(
      "Reset your password",
      "Open the link to choose a new password. It is valid for one hour.",
      "Choose a new password",
      url,
    ),
  };
}

export function invitationMail(
  to: string,
  workspaceName: string,
  inviter: string,
  role: string,
  url: string,
): MailMessage {
  return {
    to,
    subject: `${inviter} invited you to ${workspaceName} on Agency Hub`,
    text: `${inviter} invited you to join the workspace "${workspaceName}" on Agency Hub as ${role}.\n\nAccept the invitation (valid for 7 days):\n\n${url}`,
    html: layout(
      `Join ${workspaceName} on Agency Hub`,
      `${inviter} invited you to join the workspace "${workspaceName}" as ${role}. The invitation is valid for 7 days.`,
      "Accept invitation",
      url,
    ),
  };
}
