import { useMemo, useState } from "react";
import { Pencil } from "lucide-react";
import { z } from "zod";
import { formatListDay, toIsoDate } from "@domain/index";
import { isoDaySchema } from "@domain/iso-day";
import {
  basisPointsToPercentText,
  formatBasisPoints,
  formatMoney,
  minorToDecimalString,
  parsePercent,
} from "@domain/money";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { optionalMoneyTextSchema } from "@/features/finance/rate-cards/money-text";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import { usePutPersonSettings, useCapacityPeople, useWorkspaceSettings, type CapacityPerson } from "./api";
import { InputField, showServerErrors } from "./form-fields";
import { minutesToHoursText, optionalHoursTextSchema } from "./hours";

/** 'Editor, Producer' → ['editor', 'producer'] (tags are ClickUp's, compared in lower case). */
const tagsSchema = z.string().transform((text) => [
  ...new Set(
    text
      .split(",")
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean),
  ),
]);

/** '80' / '72.5 %' → basis points through domain parsePercent (no floats); empty = no target. */
const optionalPercentTextSchema = z.string().transform((text, ctx): number | null => {
  if (!text.trim()) return null;
  const bp = parsePercent(text);
  if (bp === null) {
    ctx.addIssue({ code: "custom", message: "enter a percentage with at most 2 decimals, e.g. 80 or 72.5" });
    return z.NEVER;
  }
  if (bp > 10_000) {
    ctx.addIssue({ code: "custom", message: "must be at most 100 %" });
    return z.NEVER;
  }
  return bp;
});

/** The form in the workspace currency (the purchasing limit is typed in it). */
function personFormSchema(currency: string) {
  return z.object({
    hours: optionalHoursTextSchema,
    effectiveFrom: z.union([z.literal(""), isoDaySchema]).transform((v) => v || null),
    roleTags: tagsSchema.pipe(
      z.array(z.string().max(100, "a tag has at most 100 characters")).max(20, "at most 20 tags"),
    ),
    purchasingLimit: optionalMoneyTextSchema(currency),
    utilizationTarget: optionalPercentTextSchema,
  });
}
const FIELDS = ["hours", "effectiveFrom", "roleTags", "purchasingLimit", "utilizationTarget"] as const;

function hoursLabel(minutes: number): string {
  return `${minutesToHoursText(minutes)}h/day`;
}

/**
 * Settings → People capacity (canManageUsers): each ClickUp person's hours per day (their own
 * figure from a date, else the workspace default), role tags (rate-card role lines, Workload
 * grouping), purchasing limit (PO approvals; none = every PO needs an owner or admin) and
 * utilisation target.
 */
export function PeopleCapacityPanel() {
  const people = useCapacityPeople(true);
  const settings = useWorkspaceSettings();
  const [editing, setEditing] = useState<CapacityPerson | null>(null);
  const defaultMinutes = settings.data?.defaultMinutesPerDay ?? 480;
  const currency = settings.data?.currency ?? "USD";
  const list = [...(people.data?.people ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>People capacity</h2>
        </CardTitle>
        <CardDescription>
          Hours per day, role tags, purchasing limit and utilisation target of each ClickUp person. Without
          their own figure a person works the workspace default ({hoursLabel(defaultMinutes)}); without a
          purchasing limit every purchase order they raise needs an owner or admin.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {people.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : people.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {people.error instanceof ApiError ? people.error.message : "Failed to load people"}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No ClickUp people yet. Connect ClickUp under Settings → ClickUp; once it has synced, everyone in
            the ClickUp workspace is listed here.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="People capacity">
            {list.map((p) => (
              <li key={p.clickupUserId} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                <div className="min-w-0 flex-1 basis-48">
                  <div className="truncate text-sm font-medium">{p.name}</div>
                  {p.email ? <div className="truncate text-xs text-muted-foreground">{p.email}</div> : null}
                </div>
                <div className="text-sm tabular-nums">
                  {p.minutesPerDay === null ? (
                    <span className="text-muted-foreground">{hoursLabel(defaultMinutes)} (default)</span>
                  ) : (
                    <>
                      {hoursLabel(p.minutesPerDay)}
                      {p.minutesEffectiveFrom ? (
                        <span className="text-muted-foreground">
                          {" "}
                          from {formatListDay(p.minutesEffectiveFrom, toIsoDate(new Date()))}
                        </span>
                      ) : null}
                    </>
                  )}
                </div>
                <div className="text-xs text-muted-foreground tabular-nums" data-testid="person-limits">
                  <span>
                    {p.purchasingLimitMinor === null || p.purchasingLimitMinor === undefined
                      ? "No purchasing limit"
                      : `Limit ${formatMoney(p.purchasingLimitMinor, currency)}`}
                  </span>
                  {" · "}
                  <span>
                    {p.utilizationTargetBp === null
                      ? "No target"
                      : `Target ${formatBasisPoints(p.utilizationTargetBp)}`}
                  </span>
                </div>
                <div className="flex flex-wrap gap-1">
                  {p.roleTags.map((tag) => (
                    <Badge key={tag} variant="secondary">
                      {tag}
                    </Badge>
                  ))}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Edit capacity of ${p.name}`}
                  onClick={() => setEditing(p)}
                >
                  <Pencil className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{editing ? `Capacity of ${editing.name}` : "Capacity"}</DialogTitle>
            <DialogDescription>
              Leave hours per day empty for the workspace default ({hoursLabel(defaultMinutes)}).
            </DialogDescription>
          </DialogHeader>
          {editing ? (
            <PersonForm person={editing} currency={currency} onDone={() => setEditing(null)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function PersonForm({
  person,
  currency,
  onDone,
}: {
  person: CapacityPerson;
  currency: string;
  onDone: () => void;
}) {
  const schema = useMemo(() => personFormSchema(currency), [currency]);
  const form = useZodForm(schema, {
    defaultValues: {
      hours: person.minutesPerDay === null ? "" : minutesToHoursText(person.minutesPerDay),
      effectiveFrom: person.minutesEffectiveFrom ?? "",
      roleTags: person.roleTags.join(", "),
      purchasingLimit:
        person.purchasingLimitMinor === null || person.purchasingLimitMinor === undefined
          ? ""
          : minorToDecimalString(person.purchasingLimitMinor, currency),
      utilizationTarget:
        person.utilizationTargetBp === null ? "" : basisPointsToPercentText(person.utilizationTargetBp),
    },
  });
  const put = usePutPersonSettings();
  const errors = form.formState.errors;
  const submit = form.handleSubmit(
    ({ hours, effectiveFrom, roleTags, purchasingLimit, utilizationTarget }) => {
      if (put.isPending) return;
      put.mutate(
        {
          clickupUserId: person.clickupUserId,
          body: {
            minutesPerDay: hours,
            minutesEffectiveFrom: hours === null ? null : effectiveFrom,
            roleTags,
            purchasingLimitMinor: purchasingLimit,
            utilizationTargetBp: utilizationTarget,
          },
        },
        {
          onSuccess: (saved) => {
            toast.success("Capacity saved", {
              description: `${saved.name}: ${saved.minutesPerDay === null ? "workspace default" : hoursLabel(saved.minutesPerDay)}`,
            });
            onDone();
          },
          onError: (error) =>
            showServerErrors(form, error, FIELDS, {
              minutesPerDay: "hours",
              minutesEffectiveFrom: "effectiveFrom",
              purchasingLimitMinor: "purchasingLimit",
              utilizationTargetBp: "utilizationTarget",
            }),
        },
      );
    },
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={`Capacity of ${person.name}`}>
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <InputField
          id="person-hours"
          label="Hours per day"
          inputMode="decimal"
          autoComplete="off"
          placeholder="Default"
          error={errors.hours?.message}
          {...form.register("hours")}
        />
        <InputField
          id="person-effective-from"
          label="From (optional)"
          type="date"
          error={errors.effectiveFrom?.message}
          {...form.register("effectiveFrom")}
        />
      </div>
      <InputField
        id="person-role-tags"
        label="Role tags (comma separated)"
        placeholder="e.g. editor, producer"
        autoComplete="off"
        error={errors.roleTags?.message}
        {...form.register("roleTags")}
      />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <InputField
          id="person-purchasing-limit"
          label={`Purchasing limit (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="None"
          error={errors.purchasingLimit?.message}
          {...form.register("purchasingLimit")}
        />
        <InputField
          id="person-utilization-target"
          label="Utilisation target (%)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="None"
          error={errors.utilizationTarget?.message}
          {...form.register("utilizationTarget")}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        Purchase orders up to the limit are theirs to approve; above it, or without a limit, an owner or admin
        approves. Leave a field empty for none.
      </p>
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={put.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={put.isPending}>
          {put.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
