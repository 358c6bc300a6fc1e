import { z } from "zod";
import { pageQueryFields, pagedSchema } from "@domain/paging";

/*
 * Request and response shapes of /api/vendors (PRODUCT.md → Purchase orders: the suppliers POs
 * and bills are made out to), shared with the web app. A vendor's name is unique in the workspace
 * whatever its case. Everything here needs canViewFinancials.
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

export const vendorParamSchema = z.strictObject({ vendorId: idSchema });

const vendorFields = {
  name: z.string().trim().min(1, "must not be empty").max(200),
  /** The person to deal with. */
  contactName: z.string().trim().max(200),
  /** Where POs are sent ("" = none). */
  email: z.union([z.literal(""), z.string().trim().max(254).pipe(z.email("must be an e-mail address"))]),
  taxId: z.string().trim().max(64),
  /** Days from a bill's date to its due date. */
  paymentTermsDays: z.number().int("must be a whole number of days").min(0).max(365),
  notes: z.string().trim().max(2000),
};

/** POST /api/vendors */
export const createVendorSchema = z.strictObject({
  name: vendorFields.name,
  contactName: vendorFields.contactName.optional(),
  email: vendorFields.email.optional(),
  taxId: vendorFields.taxId.optional(),
  /** Default 30. */
  paymentTermsDays: vendorFields.paymentTermsDays.optional(),
  notes: vendorFields.notes.optional(),
});
export type CreateVendor = z.infer<typeof createVendorSchema>;

/** PATCH /api/vendors/:vendorId: only the fields given change; `baseVersion` is the version seen. */
export const updateVendorSchema = z
  .strictObject({
    name: vendorFields.name.optional(),
    contactName: vendorFields.contactName.optional(),
    email: vendorFields.email.optional(),
    taxId: vendorFields.taxId.optional(),
    paymentTermsDays: vendorFields.paymentTermsDays.optional(),
    notes: vendorFields.notes.optional(),
    /** An archived vendor stays on its documents but is offered for no new one. */
    archived: z.boolean().optional(),
    /** The vendor's version the client saw (409 when it has changed since); optional. */
    baseVersion: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "baseVersion"), "nothing to change");
export type UpdateVendor = z.infer<typeof updateVendorSchema>;

export const VENDOR_SORT_KEYS = ["name", "paymentTermsDays", "createdAt", "updatedAt"] as const;
export type VendorSortKey = (typeof VENDOR_SORT_KEYS)[number];

/** GET /api/vendors?search&archived&sort&dir&page&pageSize */
export const vendorListQuerySchema = z.object({
  /** Case-insensitive: the name, contact, e-mail or tax id contains it. */
  search: z.string().trim().max(200).optional(),
  /** active (default), archived, or all. */
  archived: z.enum(["active", "archived", "all"]).default("active"),
  sort: z.enum(VENDOR_SORT_KEYS).default("name"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  ...pageQueryFields(),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

export const vendorSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contactName: z.string(),
    email: z.string(),
    taxId: z.string(),
    paymentTermsDays: z.number().int(),
    notes: z.string(),
    archived: z.boolean(),
    /** Send it back as `baseVersion` when changing the vendor. */
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Vendor" });
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorListResponseSchema = pagedSchema(vendorSchema).meta({ id: "VendorList" });
export type VendorListResponse = z.infer<typeof vendorListResponseSchema>;
