import type * as React from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { FieldError, fieldA11y, InputField, showServerErrors } from "@/features/settings/form-fields";
import { useZodForm } from "@/lib/form";
import { useCreateVendor, useUpdateVendor, type Vendor } from "./api";

const formSchema = z.object({
  name: z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters"),
  contactName: z.string().trim().max(200, "at most 200 characters"),
  email: z.union([z.literal(""), z.string().trim().max(254).pipe(z.email("must be an e-mail address"))]),
  taxId: z.string().trim().max(64, "at most 64 characters"),
  paymentTermsDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "must be a whole number of days")
    .refine((v) => Number(v) <= 365, "must be at most 365 days"),
  notes: z.string().trim().max(2000, "at most 2000 characters"),
});
const FIELDS = ["name", "contactName", "email", "taxId", "paymentTermsDays", "notes"] as const;

/**
 * A vendor's fields: create one (POST /api/vendors) or change one (PATCH with the version seen).
 * `nested` renders it as a group inside another form (the new PO dialog's inline "New vendor"):
 * its button and Enter save the vendor, never the outer form.
 */
export function VendorForm({
  vendor,
  idPrefix,
  nested = false,
  compact = false,
  onSaved,
  onCancel,
}: {
  vendor?: Vendor;
  idPrefix: string;
  nested?: boolean;
  /** Only name, e-mail, contact and terms (tax id and notes are edited in Vendors). */
  compact?: boolean;
  onSaved: (vendor: Vendor) => void;
  onCancel: () => void;
}) {
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(formSchema, {
    defaultValues: {
      name: vendor?.name ?? "",
      contactName: vendor?.contactName ?? "",
      email: vendor?.email ?? "",
      taxId: vendor?.taxId ?? "",
      paymentTermsDays: String(vendor?.paymentTermsDays ?? 30),
      notes: vendor?.notes ?? "",
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    if (pending) return;
    const body = { ...values, paymentTermsDays: Number(values.paymentTermsDays) };
    const onError = (error: Error) => showServerErrors(form, error, FIELDS);
    if (vendor) {
      update.mutate(
        { id: vendor.id, body: { ...body, baseVersion: vendor.version } },
        {
          onSuccess: (saved) => {
            toast.success("Vendor saved", { description: saved.name });
            onSaved(saved);
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          toast.success("Vendor created", { description: saved.name });
          onSaved(saved);
        },
        onError,
      });
    }
  });
  const id = (name: string) => `${idPrefix}-${name}`;
  const fields = (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id={id("name")}
          label="Vendor name"
          maxLength={200}
          autoComplete="off"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <InputField
          id={id("email")}
          label="E-mail"
          type="email"
          maxLength={254}
          autoComplete="off"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <InputField
          id={id("contact")}
          label="Contact"
          maxLength={200}
          autoComplete="off"
          error={errors.contactName?.message}
          {...form.register("contactName")}
        />
        <InputField
          id={id("terms")}
          label="Payment terms (days)"
          inputMode="numeric"
          maxLength={3}
          error={errors.paymentTermsDays?.message}
          {...form.register("paymentTermsDays")}
        />
        {compact ? null : (
          <InputField
            id={id("tax")}
            label="Tax id"
            maxLength={64}
            autoComplete="off"
            error={errors.taxId?.message}
            {...form.register("taxId")}
          />
        )}
      </div>
      {compact ? null : (
        <div className="space-y-1.5">
          <Label htmlFor={id("notes")}>Notes</Label>
          <Textarea
            id={id("notes")}
            rows={3}
            maxLength={2000}
            {...fieldA11y(id("notes"), errors.notes?.message)}
            {...form.register("notes")}
          />
          <FieldError id={id("notes")} message={errors.notes?.message} />
        </div>
      )}
      <FormError message={errors.root?.server?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          type="button"
          variant="outline"
          size={nested ? "sm" : "default"}
          onClick={onCancel}
          disabled={pending}
        >
          Cancel
        </Button>
        <Button
          type={nested ? "button" : "submit"}
          size={nested ? "sm" : "default"}
          disabled={pending}
          onClick={nested ? () => void submit() : undefined}
        >
          {pending ? "Saving..." : vendor ? "Save vendor" : "Create vendor"}
        </Button>
      </div>
    </>
  );
  if (nested) {
    const onKeyDown = (e: React.KeyboardEvent) => {
      if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
        e.preventDefault();
        void submit();
      }
    };
    return (
      <div
        role="group"
        aria-label="New vendor"
        className="space-y-3 rounded-lg border bg-muted/30 p-3"
        onKeyDown={onKeyDown}
      >
        {fields}
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={vendor ? "Edit vendor" : "New vendor"}
    >
      {fields}
    </form>
  );
}
