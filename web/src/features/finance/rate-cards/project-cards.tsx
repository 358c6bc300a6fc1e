import { useState } from "react";
import { Trash2 } from "lucide-react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { ConfirmDialog } from "@/features/settings/confirm-dialog";
import { FieldError, fieldA11y, SELECT_CLASS, showServerErrors } from "@/features/settings/form-fields";
import { useZodForm } from "@/lib/form";
import { useAssignProjectCard, useUnassignProjectCard, type ProjectCardView, type RateCardView } from "./api";

const assignFormSchema = z.object({
  folderId: z.string().min(1, "choose a project"),
  cardId: z.string().min(1, "choose a client card"),
});

/** Projects (ClickUp folders) priced by their own client card instead of the default one. */
export function ProjectCards({
  cards,
  projectCards,
}: {
  cards: readonly RateCardView[];
  projectCards: readonly ProjectCardView[];
}) {
  const clientCards = cards.filter((c) => c.kind === "client");
  const projects = useNavProjects();
  const assign = useAssignProjectCard();
  const unassign = useUnassignProjectCard();
  const [removing, setRemoving] = useState<ProjectCardView | null>(null);
  const assigned = new Set(projectCards.map((p) => p.folderId));
  const choices = (projects.data?.projects ?? [])
    .filter((p): p is typeof p & { folderId: string } => p.folderId !== null && !assigned.has(p.folderId))
    .sort((a, b) => a.name.localeCompare(b.name));
  const form = useZodForm(assignFormSchema, { defaultValues: { folderId: "", cardId: "" } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) => {
    if (assign.isPending) return;
    assign.mutate(body, {
      onSuccess: (saved) => {
        toast.success("Project card assigned", {
          description: `${saved.folderName ?? "The project"} is priced by ${cards.find((c) => c.id === saved.cardId)?.name ?? "its card"}.`,
        });
        form.reset();
      },
      onError: (error) => showServerErrors(form, error, ["folderId", "cardId"]),
    });
  });
  const cardName = (id: string) => cards.find((c) => c.id === id)?.name ?? "Unknown card";

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Projects with their own client card</h2>
        </CardTitle>
        <CardDescription>
          Client-specific pricing: these projects bill by their own card, every other project by the default
          client card.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {projectCards.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No project has its own card. Choose a project and a client card below.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Projects with their own client card">
            {projectCards.map((p) => (
              <li key={p.folderId} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
                <span className="min-w-0 flex-1 basis-48 truncate font-medium">
                  {p.folderName ?? `Folder ${p.folderId}`}
                </span>
                <span className="text-muted-foreground">{cardName(p.cardId)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Put ${p.folderName ?? "the project"} back on the default client card`}
                  onClick={() => setRemoving(p)}
                >
                  <Trash2 className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {clientCards.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Create a client card first to give a project its own rates.
          </p>
        ) : (
          <form
            onSubmit={submit}
            noValidate
            className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
            aria-label="Give a project its own card"
          >
            <div className="min-w-0 space-y-1.5">
              <Label htmlFor="project-card-project">Project</Label>
              <select
                id="project-card-project"
                className={SELECT_CLASS}
                {...fieldA11y("project-card-project", errors.folderId?.message)}
                {...form.register("folderId")}
              >
                <option value="">{projects.isPending ? "Loading projects..." : "Choose a project"}</option>
                {choices.map((p) => (
                  <option key={p.folderId} value={p.folderId}>
                    {p.name}
                  </option>
                ))}
              </select>
              <FieldError id="project-card-project" message={errors.folderId?.message} />
            </div>
            <div className="min-w-0 space-y-1.5">
              <Label htmlFor="project-card-card">Client card</Label>
              <select
                id="project-card-card"
                className={SELECT_CLASS}
                {...fieldA11y("project-card-card", errors.cardId?.message)}
                {...form.register("cardId")}
              >
                <option value="">Choose a card</option>
                {clientCards.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
              <FieldError id="project-card-card" message={errors.cardId?.message} />
            </div>
            <Button type="submit" variant="outline" className="sm:mt-6" disabled={assign.isPending}>
              {assign.isPending ? "Assigning..." : "Assign"}
            </Button>
            <FormError message={errors.root?.server?.message} className="sm:col-span-3" />
          </form>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Use the default client card?"
        confirmLabel="Remove"
        pending={unassign.isPending}
        onConfirm={() =>
          removing &&
          unassign.mutate(removing.folderId, {
            onSuccess: () => {
              toast.success("Project card removed", { description: removing.folderName ?? undefined });
              setRemoving(null);
            },
            onError: (error) => toast.error("Error", { description: error.message }),
          })
        }
      >
        {removing
          ? `${removing.folderName ?? "This project"} stops using ${cardName(removing.cardId)} and is billed by the default client card.`
          : null}
      </ConfirmDialog>
    </Card>
  );
}
