import { dictionary } from "@zxcvbn-ts/language-common";
import { passwordProblem, type PasswordContext } from "@domain/password";

let commonPasswords: Set<string> | null = null;

/**
 * The common-password list shipped in @zxcvbn-ts/language-common (about 49,000 leaked passwords,
 * ranked; no download at run time), read once on first use.
 */
export function isCommonPassword(candidate: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return commonPasswords.has(candidate);
}

/** Why the server refuses `password` for this account (domain/password.ts), or null. */
export function serverPasswordProblem(password: string, context: PasswordContext): string | null {
  return passwordProblem(password, context, isCommonPassword);
}
