import { useNavigate } from "react-router";
import { z } from "zod";
import { AICP_FORM_VERSIONS, BID_TYPES, DEFAULT_AICP_FORM_ID } from "@domain/aicp";
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
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { InputField, SelectField, showServerErrors } from "@/features/settings/form-fields";
import { useZodForm } from "@/lib/form";
import { useCreateBudget } from "./api";
import { BID_TYPE_LABEL } from "./figures";

const formSchema = z.object({
  projectId: z.string().min(1, "choose a project"),
  name: z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters"),
  bidType: z.enum(BID_TYPES),
  formId: z.string().min(1),
});
const FIELDS = ["projectId", "name", "bidType", "formId"] as const;

/** New budget: a project (ClickUp folder), a name, firm or cost-plus, the form version; opens it. */
export function NewBudgetDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>New budget</DialogTitle>
          <DialogDescription>
            A budget estimates one project on the AICP bid form. It starts as a draft you fill in line by
            line.
          </DialogDescription>
        </DialogHeader>
        {open ? <NewBudgetForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NewBudgetForm({ onDone }: { onDone: () => void }) {
  const projects = useNavProjects();
  const create = useCreateBudget();
  const navigate = useNavigate();
  const form = useZodForm(formSchema, {
    defaultValues: { projectId: "", name: "", bidType: "firm", formId: DEFAULT_AICP_FORM_ID },
  });
  const errors = form.formState.errors;
  const choices = (projects.data?.projects ?? [])
    .filter((p): p is typeof p & { folderId: string } => p.folderId !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (budget) => {
        toast.success("Budget created", { description: budget.name });
        onDone();
        void navigate(`/finance/budgets/${encodeURIComponent(budget.id)}`);
      },
      onError: (error) => showServerErrors(form, error, FIELDS),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New budget">
      <SelectField
        id="budget-project"
        label="Project"
        error={errors.projectId?.message}
        disabled={projects.isPending}
        {...form.register("projectId")}
      >
        <option value="">{projects.isPending ? "Loading projects…" : "Choose a project"}</option>
        {choices.map((p) => (
          <option key={p.folderId} value={p.folderId}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <InputField
        id="budget-name"
        label="Name"
        maxLength={200}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium">Bid type</legend>
        <div className="flex flex-wrap gap-4">
          {BID_TYPES.map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm">
              <input type="radio" value={t} className="size-4 accent-primary" {...form.register("bidType")} />
              {BID_TYPE_LABEL[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        id="budget-form"
        label="Form version"
        error={errors.formId?.message}
        {...form.register("formId")}
      >
        {AICP_FORM_VERSIONS.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </SelectField>
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create budget"}
        </Button>
      </DialogFooter>
    </form>
  );
}
