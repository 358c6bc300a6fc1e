import { useWatch } from "react-hook-form";
import { z } from "zod";
import { CURRENCY_CODES, currencyCodeSchema, minorToDecimalString } from "@domain/money";
import { RATE_CARD_KINDS, type RateCardKind } from "@domain/rates";
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
import { InputField, SELECT_CLASS, SelectField, showServerErrors } from "@/features/settings/form-fields";
import { useZodForm } from "@/lib/form";
import { useSaveRateCard, type RateCardView } from "./api";
import { optionalMoneyTextSchema } from "./money-text";

export const KIND_LABEL: Record<RateCardKind, string> = { internal: "Internal", client: "Client" };

/** The form: the default rate as text, read in the currency chosen beside it. */
const cardFormSchema = z
  .object({
    kind: z.enum(RATE_CARD_KINDS),
    name: z.string().trim().min(1, "must not be empty").max(120, "at most 120 characters"),
    currency: currencyCodeSchema,
    isDefault: z.boolean(),
    defaultRate: z.string(),
  })
  .transform((v, ctx) => {
    const rate = optionalMoneyTextSchema(v.currency).safeParse(v.defaultRate);
    if (!rate.success) {
      for (const issue of rate.error.issues)
        ctx.addIssue({ code: "custom", path: ["defaultRate"], message: issue.message });
      return z.NEVER;
    }
    return {
      kind: v.kind,
      name: v.name,
      currency: v.currency,
      isDefault: v.isDefault,
      defaultRateMinor: rate.data,
    };
  });
const FIELDS = ["kind", "name", "currency", "isDefault", "defaultRate"] as const;

/** Create a card (of a kind) or change one: name, currency, default rate, default of its kind. */
export function CardDialog({
  open,
  onOpenChange,
  card,
  kind,
  currency,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  card: RateCardView | null;
  kind: RateCardKind;
  /** The workspace currency, for a new card. */
  currency: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{card ? `Edit ${card.name}` : "New rate card"}</DialogTitle>
          <DialogDescription>
            Internal cards hold what an hour costs; client cards what it is billed at. The default rate prices
            anyone without a person or role rate.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <CardForm card={card} kind={kind} currency={currency} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CardForm({
  card,
  kind,
  currency,
  onDone,
}: {
  card: RateCardView | null;
  kind: RateCardKind;
  currency: string;
  onDone: () => void;
}) {
  const form = useZodForm(cardFormSchema, {
    defaultValues: card
      ? {
          kind: card.kind,
          name: card.name,
          currency: card.currency,
          isDefault: card.isDefault,
          defaultRate:
            card.defaultRateMinor === null ? "" : minorToDecimalString(card.defaultRateMinor, card.currency),
        }
      : { kind, name: "", currency, isDefault: false, defaultRate: "" },
  });
  const chosenCurrency = useWatch({ control: form.control, name: "currency" });
  const save = useSaveRateCard();
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    const { kind: chosenKind, ...change } = values;
    save.mutate(card ? { id: card.id, body: change } : { body: { kind: chosenKind, ...change } }, {
      onSuccess: (saved) => {
        toast.success(card ? "Rate card saved" : "Rate card created", { description: saved.name });
        onDone();
      },
      onError: (error) => showServerErrors(form, error, FIELDS, { defaultRateMinor: "defaultRate" }),
    });
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={card ? `Edit ${card.name}` : "New rate card"}
    >
      {card ? null : (
        <div className="space-y-1.5">
          <Label htmlFor="card-kind">Kind</Label>
          <select id="card-kind" className={SELECT_CLASS} {...form.register("kind")}>
            {RATE_CARD_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]} ({k === "internal" ? "cost per hour" : "bill rate per hour"})
              </option>
            ))}
          </select>
        </div>
      )}
      <InputField
        id="card-name"
        label="Name"
        maxLength={120}
        error={err("name")}
        {...form.register("name")}
      />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-[8rem_1fr]">
        <SelectField
          id="card-currency"
          label="Currency"
          error={err("currency")}
          {...form.register("currency")}
        >
          {CURRENCY_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
        <InputField
          id="card-default-rate"
          label={`Default rate per hour (${chosenCurrency}, optional)`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="None"
          error={err("defaultRate")}
          {...form.register("defaultRate")}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register("isDefault")} />
        The default {KIND_LABEL[card?.kind ?? kind].toLowerCase()} card (replaces the current default)
      </label>
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : card ? "Save" : "Create"}
        </Button>
      </DialogFooter>
    </form>
  );
}
