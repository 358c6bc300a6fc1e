import { z } from "zod";
import { PERMISSIONS, ROLES } from "@domain/permissions";

/*
 * Request and response shapes of /api/me (the signed-in user, their workspaces and the current
 * one), shared with the web app. Imports only zod and @domain so the browser can bundle it.
 */

/** A workspace role (spec §6), from domain/permissions' role list. */
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** A spec §6 permission name. */
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/** Profile field limits: one set, whichever route writes the field (PUT /api/me, better-auth's sign-up and update-user). */
export const PROFILE_NAME_MAX = 100;
/** The stored display name: first + last name, else the e-mail address (at most 254 characters). */
export const PROFILE_DISPLAY_NAME_MAX = 254;
export const PROFILE_IMAGE_URL_MAX = 2048;

const nameField = z
  .string()
  .trim()
  .max(PROFILE_NAME_MAX, `must be at most ${PROFILE_NAME_MAX} characters`)
  .nullable()
  .optional();

/** PUT /api/me body: first and last name, each at most 100 characters (blank clears it). */
export const updateProfileRequestSchema = z.strictObject({ firstName: nameField, lastName: nameField });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/**
 * The profile fields of better-auth's POST /api/auth/sign-up/email and /api/auth/update-user,
 * held to the same limits (other fields are better-auth's to check): names as PUT /api/me, the
 * display name a non-empty text, the picture an http(s) URL of at most 2048 characters.
 */
export const authProfileFieldsSchema = z.looseObject({
  name: z
    .string()
    .trim()
    .min(1, "is required")
    .max(PROFILE_DISPLAY_NAME_MAX, `must be at most ${PROFILE_DISPLAY_NAME_MAX} characters`)
    .optional(),
  firstName: nameField,
  lastName: nameField,
  image: z
    .string()
    .max(PROFILE_IMAGE_URL_MAX, `must be at most ${PROFILE_IMAGE_URL_MAX} characters`)
    .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }))
    .nullable()
    .optional(),
});

/** PUT /api/me/current-workspace body. */
export const switchWorkspaceRequestSchema = z.strictObject({
  organizationId: z.string().trim().min(1, "is required").max(64, "is too long"),
});
export type SwitchWorkspaceRequest = z.infer<typeof switchWorkspaceRequestSchema>;

export const meUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  initials: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  image: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});

export const meOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Membership creation (ISO); the list is in this order. */
  createdAt: z.string(),
});

/** GET/PUT /api/me and PUT /api/me/current-workspace: who is signed in and where. */
export const meResponseSchema = z
  .object({
    user: meUserSchema,
    organizations: z.array(meOrganizationSchema),
    currentOrganizationId: z.string().nullable(),
    /** Spec §6 permissions in the current workspace (all false without one); hide what the server refuses. */
    permissions: z.record(permissionSchema, z.boolean()),
  })
  .meta({ id: "Me" });
export type MeResponse = z.infer<typeof meResponseSchema>;
