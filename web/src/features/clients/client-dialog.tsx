import { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { FieldError, fieldA11y, InputField, showServerErrors } from "@/features/settings/form-fields";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import { createClientSchema, useSaveClient, type Client } from "./api";

const fields = createClientSchema.shape;

/** The form over the contract's fields: every text field given (blank clears it), terms as text. */
const clientFormSchema = z.object({
  name: fields.name,
  contactName: fields.contactName.unwrap(),
  email: fields.email.unwrap(),
  address: fields.address.unwrap(),
  taxId: fields.taxId.unwrap(),
  paymentTermsDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, "must be a whole number of days")
    .transform(Number)
    .pipe(fields.paymentTermsDays.unwrap()),
  notes: fields.notes.unwrap(),
  archived: z.boolean(),
});

const FIELDS = ["name", "contactName", "email", "address", "taxId", "paymentTermsDays", "notes"] as const;

/** A client's billing details, as invoices print them: new (client null) or changed. */
export function ClientDialog({
  open,
  onOpenChange,
  client,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: Client | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{client ? `Edit ${client.name}` : "New client"}</DialogTitle>
          <DialogDescription>
            Billing details printed on the client&apos;s invoices; payment terms set each new invoice&apos;s
            due date.
          </DialogDescription>
        </DialogHeader>
        {open ? <ClientForm client={client} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({ client, onDone }: { client: Client | null; onDone: () => void }) {
  const form = useZodForm(clientFormSchema, {
    defaultValues: {
      name: client?.name ?? "",
      contactName: client?.contactName ?? "",
      email: client?.email ?? "",
      address: client?.address ?? "",
      taxId: client?.taxId ?? "",
      paymentTermsDays: String(client?.paymentTermsDays ?? 30),
      notes: client?.notes ?? "",
      archived: client?.archived ?? false,
    },
  });
  const save = useSaveClient();
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const submit = form.handleSubmit(({ archived, ...details }) => {
    if (save.isPending) return;
    save.mutate(
      client
        ? { id: client.id, body: { ...details, archived, baseVersion: client.version } }
        : { body: details },
      {
        onSuccess: (saved) => {
          toast.success(client ? "Client saved" : "Client created", { description: saved.name });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409 && !error.fields?.length) {
            form.setError("root.server", {
              type: "server",
              message: `${error.message} Close this dialog and open the client again to see the latest details.`,
            });
            return;
          }
          showServerErrors(form, error, FIELDS);
        },
      },
    );
  });
  const addressError = err("address");
  const notesError = err("notes");
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={client ? `Edit ${client.name}` : "New client"}
    >
      <fieldset disabled={save.isPending} className="space-y-4">
        <legend className="sr-only">Billing details</legend>
        <InputField
          id="client-name"
          label="Name"
          maxLength={200}
          error={err("name")}
          {...form.register("name")}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <InputField
            id="client-contact"
            label="Contact"
            maxLength={200}
            autoComplete="off"
            error={err("contactName")}
            {...form.register("contactName")}
          />
          <InputField
            id="client-email"
            label="E-mail for invoices"
            type="email"
            maxLength={254}
            autoComplete="off"
            error={err("email")}
            {...form.register("email")}
          />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="client-address">Billing address</Label>
          <Textarea
            id="client-address"
            rows={4}
            maxLength={1000}
            {...fieldA11y("client-address", addressError)}
            {...form.register("address")}
          />
          <FieldError id="client-address" message={addressError} />
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <InputField
            id="client-tax-id"
            label="Tax ID"
            maxLength={64}
            autoComplete="off"
            error={err("taxId")}
            {...form.register("taxId")}
          />
          <InputField
            id="client-terms"
            label="Payment terms (days)"
            inputMode="numeric"
            autoComplete="off"
            error={err("paymentTermsDays")}
            {...form.register("paymentTermsDays")}
          />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="client-notes">Notes</Label>
          <Textarea
            id="client-notes"
            rows={2}
            maxLength={2000}
            {...fieldA11y("client-notes", notesError)}
            {...form.register("notes")}
          />
          <FieldError id="client-notes" message={notesError} />
        </div>
        {client ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" {...form.register("archived")} />
            Archived (kept on its invoices, offered for no new one)
          </label>
        ) : null}
      </fieldset>
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : client ? "Save client" : "Create client"}
        </Button>
      </DialogFooter>
    </form>
  );
}
