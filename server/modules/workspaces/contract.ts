import { z } from "zod";
import { ROLES } from "@domain/permissions";
import { hasUnstorableCharacters } from "@domain/security";

/*
 * Request and response shapes of /api/workspaces, shared with the web app.
 */

/** POST /api/workspaces body. */
export const createWorkspaceRequestSchema = z.strictObject({
  name: z
    .string({ message: "is required" })
    .trim()
    .min(1, "is required")
    .max(100, "must be at most 100 characters"),
});
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

/** One of the caller's workspaces with their role there. */
export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    /** Membership creation (ISO). */
    createdAt: z.string(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/workspaces: by membership creation. */
export const workspacesResponseSchema = z
  .object({ workspaces: z.array(workspaceSchema) })
  .meta({ id: "Workspaces" });
export type WorkspacesResponse = z.infer<typeof workspacesResponseSchema>;

/*
 * The workspace's billing profile (Settings → Organization): the address and tax id printed as
 * the sender on invoices, purchase orders and SOWs, and the logo beside them.
 */

/** Text a person types: NUL characters and unpaired surrogates are refused (PostgreSQL cannot store them). */
const storable = (schema: z.ZodString) =>
  schema.refine((value) => !hasUnstorableCharacters(value), {
    message: "must not contain NUL characters or unpaired surrogates",
  });

/** The largest logo accepted (bytes): 512 KB, as organization_logos allows. */
export const LOGO_MAX_BYTES = 524_288;
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** PUT /api/workspaces/current/billing body. The address keeps its lines ("\n"; "\r\n" becomes "\n"). */
export const billingProfileRequestSchema = z.strictObject({
  billingAddress: storable(z.string({ message: "must be text" }))
    .transform((value) =>
      value
        .replace(/\r\n?/g, "\n")
        .split("\n")
        .map((line) => line.trim())
        .join("\n")
        .trim(),
    )
    .pipe(z.string().max(1000, "must be at most 1000 characters")),
  taxId: storable(z.string({ message: "must be text" }))
    .transform((value) => value.trim())
    .pipe(z.string().max(100, "must be at most 100 characters")),
});
export type BillingProfileRequest = z.infer<typeof billingProfileRequestSchema>;

/** The stored logo, described (its bytes are at GET /api/workspaces/current/logo). */
export const logoInfoSchema = z
  .object({
    contentType: z.enum(LOGO_CONTENT_TYPES),
    /** Bytes. */
    size: z.number().int(),
    /** Changes with the bytes: the logo URL's cache key and its ETag. */
    etag: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WorkspaceLogo" });
export type LogoInfo = z.infer<typeof logoInfoSchema>;

/** GET / PUT /api/workspaces/current/billing; PUT /api/workspaces/current/logo. */
export const billingProfileSchema = z
  .object({
    name: z.string(),
    billingAddress: z.string(),
    taxId: z.string(),
    logo: logoInfoSchema.nullable(),
  })
  .meta({ id: "WorkspaceBillingProfile" });
export type BillingProfile = z.infer<typeof billingProfileSchema>;
