/*
 * Password policy (ASVS 4.0 §2.1): 8 to 128 characters, any characters (spaces included), and
 * refused when it is common (a list the server passes in), made of a handful of characters, or
 * built from the account's own e-mail address, name or the app's name. Pure: the server checks
 * it on sign-up, password change and reset; a form may show the same message before sending.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Fewer distinct characters than this ("        ", "aaaaaaaa", "abababab") is too easy to guess. */
export const PASSWORD_MIN_DISTINCT_CHARACTERS = 4;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tooSimple: "This password is too easy to guess. Please choose another one.",
  common: "This password is too common. Please choose another one.",
  personal: "Your password must not contain your e-mail address, your name or the name of this app.",
} as const;

/** Words specific to this app that make a password guessable for any of its accounts. */
const APP_WORDS = ["agencyhub"];

export interface PasswordContext {
  email?: string | null;
  /** First name, last name, full name: whatever the account holder gave. */
  names?: readonly (string | null | undefined)[];
}

/** Lower case, compatibility-folded, letters and digits only ("Pass Word!" → "password"). */
function compact(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Why `password` is refused (one of PASSWORD_MESSAGES), or null when it is acceptable.
 * `isCommon` is asked with the lower-cased password and with its letters and digits only.
 */
export function passwordProblem(
  password: string,
  context: PasswordContext = {},
  isCommon: (candidate: string) => boolean = () => false,
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (new Set(password.toLowerCase()).size < PASSWORD_MIN_DISTINCT_CHARACTERS) {
    return PASSWORD_MESSAGES.tooSimple;
  }
  const plain = compact(password);
  if (isCommon(password.trim().toLowerCase()) || (plain && isCommon(plain))) return PASSWORD_MESSAGES.common;

  const withoutDigits = plain.replace(/\p{N}+/gu, "");
  const email = context.email?.trim().toLowerCase() ?? "";
  if (email) {
    const local = compact(email.split("@")[0] ?? "");
    if (plain.includes(compact(email)) || (local.length >= 4 && plain.includes(local))) {
      return PASSWORD_MESSAGES.personal;
    }
    if (local && (plain === local || withoutDigits === local)) return PASSWORD_MESSAGES.personal;
  }
  const names = (context.names ?? []).map((n) => compact(n ?? "")).filter((n) => n.length >= 3);
  for (const word of [...names, ...APP_WORDS]) {
    if (plain === word || withoutDigits === word || (word.length >= 6 && plain.includes(word))) {
      return PASSWORD_MESSAGES.personal;
    }
  }
  return null;
}
