import { useWatch } from "react-hook-form";
import { z } from "zod";
import { isoDaySchema } from "@domain/iso-day";
import { toIsoDate } from "@domain/index";
import { minorToDecimalString } from "@domain/money";
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
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { useCapacityPeople } from "@/features/settings/api";
import {
  FieldError,
  fieldA11y,
  InputField,
  SELECT_CLASS,
  showServerErrors,
} from "@/features/settings/form-fields";
import { formatMoney } from "@domain/money";
import { useZodForm } from "@/lib/form";
import { useSaveRateLine, type RateCardView, type RateLineView } from "./api";
import { moneyTextSchema } from "./money-text";

const FIELDS = ["subjectType", "subjectId", "rate", "effectiveFrom"] as const;

function lineFormSchema(currency: string) {
  return z
    .object({
      subjectType: z.enum(["person", "role"]),
      subjectId: z.string().trim(),
      rate: moneyTextSchema(currency),
      effectiveFrom: isoDaySchema,
    })
    .superRefine((v, ctx) => {
      if (!v.subjectId) {
        ctx.addIssue({
          code: "custom",
          path: ["subjectId"],
          message: v.subjectType === "person" ? "choose a person" : "enter a role tag",
        });
      }
    });
}

/**
 * Add a person or role rate to a card, or change one. A changed effective date adds a new line
 * from that day and keeps the earlier rate for the days before it (a rate change never rewrites
 * the past); the same date corrects the rate of that line.
 */
export function LineDialog({
  open,
  onOpenChange,
  card,
  line,
  roleTags,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  card: RateCardView;
  line: RateLineView | null;
  /** Role tags in use (people's tags, existing role lines), offered for a role line. */
  roleTags: readonly string[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{line ? `Rate of ${line.subjectName}` : `Add a rate to ${card.name}`}</DialogTitle>
          <DialogDescription>
            {line
              ? "A new effective date adds a rate from that day; the current one stays for the days before it."
              : "A person's rate wins over their role's; a role is a ClickUp tag such as editor."}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <LineForm card={card} line={line} roleTags={roleTags} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function LineForm({
  card,
  line,
  roleTags,
  onDone,
}: {
  card: RateCardView;
  line: RateLineView | null;
  roleTags: readonly string[];
  onDone: () => void;
}) {
  const people = useCapacityPeople(line === null);
  const form = useZodForm(lineFormSchema(card.currency), {
    defaultValues: line
      ? {
          subjectType: line.subjectType,
          subjectId: line.subjectId,
          rate: minorToDecimalString(line.rateMinor, card.currency),
          effectiveFrom: line.effectiveFrom,
        }
      : { subjectType: "person", subjectId: "", rate: "", effectiveFrom: toIsoDate(new Date()) ?? "" },
  });
  const subjectType = useWatch({ control: form.control, name: "subjectType" });
  const save = useSaveRateLine();
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const submit = form.handleSubmit(({ subjectType: type, subjectId, rate, effectiveFrom }) => {
    if (save.isPending) return;
    const adds = !line || effectiveFrom !== line.effectiveFrom;
    const request = adds
      ? { cardId: card.id, body: { subjectType: type, subjectId, rateMinor: rate, effectiveFrom } }
      : { cardId: card.id, lineId: line.id, body: { rateMinor: rate } };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast.success(adds ? "Rate added" : "Rate changed", {
          description: `${saved.subjectName}: ${formatMoney(saved.rateMinor, card.currency)}/h from ${saved.effectiveFrom}`,
        });
        onDone();
      },
      onError: (error) => showServerErrors(form, error, FIELDS, { rateMinor: "rate" }),
    });
  });
  const personList = [...(people.data?.people ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={line ? `Rate of ${line.subjectName}` : "Add a rate"}
    >
      {line ? (
        <p className="text-sm">
          <span className="text-muted-foreground">{line.subjectType === "person" ? "Person" : "Role"}: </span>
          <span className="font-medium">{line.subjectName}</span>
        </p>
      ) : (
        <>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium">Rate for</legend>
            <div className="flex gap-4 pt-1">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="person"
                  className="size-4 accent-primary"
                  {...form.register("subjectType", { onChange: () => form.setValue("subjectId", "") })}
                />
                A person
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="role"
                  className="size-4 accent-primary"
                  {...form.register("subjectType", { onChange: () => form.setValue("subjectId", "") })}
                />
                A role (ClickUp tag)
              </label>
            </div>
          </fieldset>
          {subjectType === "person" ? (
            <div className="space-y-1.5">
              <Label htmlFor="line-person">Person</Label>
              <select
                id="line-person"
                className={SELECT_CLASS}
                disabled={people.isPending}
                {...fieldA11y("line-person", err("subjectId"))}
                {...form.register("subjectId")}
              >
                <option value="">{people.isPending ? "Loading people..." : "Choose a person"}</option>
                {personList.map((p) => (
                  <option key={p.clickupUserId} value={p.clickupUserId}>
                    {p.name}
                  </option>
                ))}
              </select>
              <FieldError id="line-person" message={err("subjectId")} />
            </div>
          ) : (
            <div>
              <InputField
                id="line-role"
                label="Role tag"
                list="line-role-tags"
                autoComplete="off"
                placeholder="e.g. editor"
                error={err("subjectId")}
                {...form.register("subjectId")}
              />
              <datalist id="line-role-tags">
                {roleTags.map((tag) => (
                  <option key={tag} value={tag} />
                ))}
              </datalist>
            </div>
          )}
        </>
      )}
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <InputField
          id="line-rate"
          label={`Rate per hour (${card.currency})`}
          inputMode="decimal"
          autoComplete="off"
          error={err("rate")}
          {...form.register("rate")}
        />
        <InputField
          id="line-effective-from"
          label="Effective from"
          type="date"
          error={err("effectiveFrom")}
          {...form.register("effectiveFrom")}
        />
      </div>
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
