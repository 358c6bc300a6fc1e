import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { displayName } from "@domain/format";
import type { Config } from "../config";
import type { Database } from "../db/client";
import {
  authAccounts,
  authRateLimits,
  authSessions,
  authTwoFactors,
  authVerifications,
  profiles,
} from "../db/schema";
import type { Logger } from "../lib/logger";
import { trustedOrigins } from "../lib/origin";
import type { Secrets } from "../lib/secrets";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail, verificationMail } from "../mail/templates";
import { CLIENT_IP_HEADER } from "./client-ip";
import { AUTH_RATE_LIMIT_RULES } from "./rate-limits";

export interface AuthBuildDeps {
  config: Config;
  database: Database;
  logger: Logger;
  secrets: Secrets;
  mailer: Mailer;
}

/** Session lifetime and sliding refresh: a session used at least once a day lives 30 days. */
const SESSION_EXPIRES_IN_S = 30 * 24 * 60 * 60;
const SESSION_UPDATE_AGE_S = 24 * 60 * 60;

/**
 * better-auth on our tables (profiles, auth_*), cookie sessions only. Workspaces, roles and
 * invitations are ours (server/modules/workspaces|members|invitations), not better-auth plugins.
 */
export function createAuth(deps: AuthBuildDeps) {
  const { config, database, secrets, mailer } = deps;
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? {
          google: {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            // Spec §7: offline access and the account-selection prompt.
            accessType: "offline" as const,
            prompt: "select_account" as const,
            mapProfileToUser: (profile: { given_name?: string; family_name?: string }) => ({
              firstName: profile.given_name ?? null,
              lastName: profile.family_name ?? null,
            }),
          },
        }
      : {};

  return betterAuth({
    appName: "Agency Hub",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: secrets.authSecret,
    // Same-origin from any address the server answers on unless PUBLIC_URL pins one (server/lib/origin.ts).
    trustedOrigins: (request) => trustedOrigins(config, request?.url),
    logger: {
      level: config.LOG_LEVEL === "silent" ? "error" : "warn",
      disabled: config.LOG_LEVEL === "silent",
      log: (level, message, ...args) => {
        const log = deps.logger;
        const payload = { source: "better-auth", args: args.length ? args : undefined };
        if (level === "error") log.error(payload, message);
        else if (level === "warn") log.warn(payload, message);
        else log.debug(payload, message);
      },
    },
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: {
        user: profiles,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
        rateLimit: authRateLimits,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, input: true },
        lastName: { type: "string", required: false, input: true },
        currentOrganizationId: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        // The stored name is always the spec's display name (first + last, else e-mail, else 'User').
        create: {
          before: async (user) => ({
            data: {
              ...user,
              name: displayName({
                firstName: user.firstName as string | null | undefined,
                lastName: user.lastName as string | null | undefined,
                email: user.email,
              }),
            },
          }),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(passwordResetMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, url));
      },
    },
    socialProviders: google,
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google"], allowDifferentEmails: false },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: AUTH_RATE_LIMIT_RULES,
    },
    advanced: {
      // better-auth turns its origin check off when NODE_ENV is "test"; keep it on so the API
      // tests exercise the check production runs (server/lib/origin.test.ts).
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https://"),
      database: { generateId: () => randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    plugins: [
      twoFactor({
        issuer: "Agency Hub",
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
