import { useNavigate } from "react-router";
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
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { useBudgetList } from "@/features/budgets/api";
import { useClientList } from "@/features/invoices/api";
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { InputField, SelectField, showServerErrors } from "@/features/settings/form-fields";
import { useZodForm } from "@/lib/form";
import { sowHref, useCreateSow } from "./api";

const formSchema = z.object({
  projectId: z.string().min(1, "choose a project"),
  clientId: z.string().min(1, "choose a client"),
  budgetId: z.string(),
  title: z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters"),
});
const FIELDS = ["projectId", "clientId", "budgetId", "title"] as const;

/**
 * New SOW: the project (a ClickUp folder), the client, optionally one of the project's budgets
 * (needed later to propose invoices from the payment schedule) and a title. The draft is
 * created with the next SOW number and the project's deliverables, and opened.
 */
export function NewSowDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>New SOW</DialogTitle>
          <DialogDescription>
            A statement of work for one project and client. It starts as a draft with the project&apos;s
            deliverables from ClickUp; scope, fee and payment schedule are written on its page.
          </DialogDescription>
        </DialogHeader>
        {open ? <NewSowForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NewSowForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateSow();
  const projects = useNavProjects();
  const clients = useClientList("archived=active&sort=name&dir=asc&pageSize=200");
  const form = useZodForm(formSchema, {
    defaultValues: { projectId: "", clientId: "", budgetId: "", title: "" },
  });
  const errors = form.formState.errors;
  const projectId = form.watch("projectId");
  const budgets = useBudgetList(
    `projectId=${encodeURIComponent(projectId)}&sort=name&dir=asc&pageSize=200`,
    Boolean(projectId),
  );
  const projectBudgets = projectId
    ? (budgets.data?.items ?? []).filter((b) => b.projectId === projectId)
    : [];
  const choices = (projects.data?.projects ?? [])
    .filter((p): p is typeof p & { folderId: string } => p.folderId !== null)
    .sort((a, b) => a.name.localeCompare(b.name));

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(
      {
        projectId: values.projectId,
        clientId: values.clientId,
        ...(values.budgetId ? { budgetId: values.budgetId } : {}),
        title: values.title,
      },
      {
        onSuccess: (sow) => {
          toast.success(`${sow.displayNumber} created`, { description: `${sow.title} · ${sow.clientName}` });
          onDone();
          void navigate(sowHref(sow.id));
        },
        onError: (error) => showServerErrors(form, error, FIELDS),
      },
    );
  });

  const projectField = form.register("projectId");
  const budgetField = form.register("budgetId");
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New SOW">
      <SelectField
        id="sow-project"
        label="Project"
        error={errors.projectId?.message}
        disabled={projects.isPending}
        {...projectField}
        onChange={(e) => {
          form.setValue("budgetId", "");
          return projectField.onChange(e);
        }}
      >
        <option value="">{projects.isPending ? "Loading projects…" : "Choose a project"}</option>
        {choices.map((p) => (
          <option key={p.folderId} value={p.folderId}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="sow-client"
        label="Client"
        error={errors.clientId?.message}
        disabled={clients.isPending}
        {...form.register("clientId")}
      >
        <option value="">{clients.isPending ? "Loading clients…" : "Choose a client"}</option>
        {(clients.data?.items ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="sow-budget"
        label="Budget (optional)"
        error={errors.budgetId?.message}
        disabled={!projectId || budgets.isPending}
        {...budgetField}
        onChange={(e) => {
          // The budget's client is the likely one: chosen when no client is yet.
          const budget = projectBudgets.find((b) => b.id === e.target.value);
          const client = (clients.data?.items ?? []).find((c) => c.name === budget?.clientName);
          if (client && !form.getValues("clientId")) form.setValue("clientId", client.id);
          return budgetField.onChange(e);
        }}
      >
        <option value="">
          {!projectId
            ? "Choose a project first"
            : projectBudgets.length
              ? "No budget"
              : "No budget on this project"}
        </option>
        {projectBudgets.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name} · {b.currency}
          </option>
        ))}
      </SelectField>
      <p className="-mt-2 text-xs text-muted-foreground">
        Invoices are proposed from the payment schedule into the SOW&apos;s budget.
      </p>
      <InputField
        id="sow-title"
        label="Title"
        maxLength={200}
        autoComplete="off"
        error={errors.title?.message}
        {...form.register("title")}
      />
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create SOW"}
        </Button>
      </DialogFooter>
    </form>
  );
}
