import type { Vendor } from "./contract";
import type { VendorRow } from "./repo";

/* Row → contract mapping of vendors. */

export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

export function vendorView(row: VendorRow): Vendor {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contact_name,
    email: row.email,
    taxId: row.tax_id,
    paymentTermsDays: row.payment_terms_days,
    notes: row.notes,
    archived: row.archived,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** What the finance audit keeps of a vendor. */
export function vendorAudit(v: Vendor) {
  return {
    name: v.name,
    contactName: v.contactName,
    email: v.email,
    taxId: v.taxId,
    paymentTermsDays: v.paymentTermsDays,
    notes: v.notes,
    archived: v.archived,
  };
}
