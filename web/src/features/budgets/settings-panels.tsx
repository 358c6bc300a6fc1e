import { useMemo, useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { z } from "zod";
import { aicpForm, AICP_SECTION_LETTERS, type AicpSectionLetter } from "@domain/aicp";
import { basisPointsToPercentText } from "@domain/money";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { useCapacityPeople } from "@/features/settings/api";
import { InputField, SELECT_CLASS, showServerErrors } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import { useZodForm } from "@/lib/form";
import { useSetLabour, useUpdateBudget, type BudgetDetail } from "./api";
import { moneyCellText, parseMoneyCell, parsePercentCell } from "./figures";

function percentField(max: number, what: string) {
  return z.string().transform((text, ctx) => {
    const bp = parsePercentCell(text, max);
    if (bp === null) {
      ctx.addIssue({
        code: "custom",
        message: `enter a percentage from 0 to ${max / 100} with at most 2 decimals, e.g. 28.5 (${what})`,
      });
      return z.NEVER;
    }
    return bp;
  });
}

const RATE_FIELDS = ["pw", "insurance", "fee", "contingency", "weatherDay"] as const;

/**
 * The budget's rates: P&W, insurance, fee and contingency as percentages (sent as basis points)
 * and the weather day as money. Editable while the latest revision is a draft.
 */
export function RatesPanel({ budget, editable }: { budget: BudgetDetail; editable: boolean }) {
  const rates = budget.revision.rates;
  const currency = budget.currency;
  const schema = useMemo(
    () =>
      z.object({
        pw: percentField(10_000, "P&W"),
        insurance: percentField(10_000, "insurance"),
        fee: percentField(100_000, "fee"),
        contingency: percentField(10_000, "contingency"),
        weatherDay: z.string().transform((text, ctx) => {
          const minor = parseMoneyCell(text, currency);
          if (minor === null) {
            ctx.addIssue({
              code: "custom",
              message: `enter an amount in ${currency}, e.g. ${moneyCellText(250000, currency)}`,
            });
            return z.NEVER;
          }
          return minor;
        }),
      }),
    [currency],
  );
  const defaults = {
    pw: basisPointsToPercentText(rates.pwBp),
    insurance: basisPointsToPercentText(rates.insuranceBp),
    fee: basisPointsToPercentText(rates.feeBp),
    contingency: basisPointsToPercentText(rates.contingencyBp),
    weatherDay: moneyCellText(rates.weatherDay, currency),
  };
  const form = useZodForm(schema, { defaultValues: defaults, values: defaults });
  const update = useUpdateBudget(budget.id);
  const latest = budget.revisions.find((r) => r.number === budget.latestRevisionNumber);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((v) => {
    update.mutate(
      {
        rates: {
          pwBp: v.pw,
          insuranceBp: v.insurance,
          feeBp: v.fee,
          contingencyBp: v.contingency,
          weatherDay: v.weatherDay,
        },
        ...(latest ? { baseVersion: latest.version } : {}),
      },
      {
        onSuccess: () => toast.success("Rates saved"),
        onError: (error) =>
          showServerErrors(form, error, RATE_FIELDS, {
            "rates.pwBp": "pw",
            "rates.insuranceBp": "insurance",
            "rates.feeBp": "fee",
            "rates.contingencyBp": "contingency",
            "rates.weatherDay": "weatherDay",
          }),
      },
    );
  });
  const field = (name: (typeof RATE_FIELDS)[number], label: string) => (
    <InputField
      id={`rate-${name}`}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      readOnly={!editable}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Rates" className="space-y-3">
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {field("pw", "P&W %")}
        {field("insurance", "Insurance %")}
        {field("fee", "Production fee %")}
        {field("contingency", "Contingency %")}
        {field("weatherDay", `Weather day (${currency})`)}
      </div>
      <p className="text-xs text-muted-foreground">
        P&W applies to each labour section's subtotal, insurance to the hard costs (A–K), the fee to the
        direct costs; contingency and the weather day sit below the grand total.
      </p>
      <FormError message={errors.root?.server?.message} />
      {editable ? (
        <Button type="submit" size="sm" disabled={update.isPending || !form.formState.isDirty}>
          {update.isPending ? "Saving..." : "Save rates"}
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">Rates can be changed while the budget is a draft.</p>
      )}
    </form>
  );
}

interface MappingRow {
  key: number;
  tag: string;
  section: AicpSectionLetter;
}

/** Which section the time of each ClickUp role tag counts in, and where everyone else's goes. */
export function LabourMappingPanel({ budget, editable }: { budget: BudgetDetail; editable: boolean }) {
  const people = useCapacityPeople(true);
  const set = useSetLabour(budget.id);
  const form = aicpForm(budget.formId);
  const sections =
    form?.sections ?? AICP_SECTION_LETTERS.map((letter) => ({ letter, name: letter, labour: false }));
  const labourFirst = [...sections].sort((a, b) => Number(b.labour) - Number(a.labour));
  const [rows, setRows] = useState<MappingRow[]>(() =>
    budget.labour.mapping.map((m, i) => ({ key: i, ...m })),
  );
  const [defaultSection, setDefaultSection] = useState<AicpSectionLetter>(budget.labour.defaultSection);
  const [error, setError] = useState<string | null>(null);
  const tags = useMemo(() => {
    const all = new Set<string>();
    for (const p of people.data?.people ?? []) for (const t of p.roleTags) all.add(t);
    return [...all].sort();
  }, [people.data]);
  const nextKey = () => rows.reduce((m, r) => Math.max(m, r.key), -1) + 1;
  const save = () => {
    setError(null);
    set.mutate(
      {
        mapping: rows.filter((r) => r.tag.trim()).map((r) => ({ tag: r.tag.trim(), section: r.section })),
        defaultSection,
      },
      {
        onSuccess: () =>
          toast.success("Labour mapping saved", { description: "Labour actuals were recounted." }),
        onError: (e) => setError(e.message),
      },
    );
  };
  const sectionOptions = labourFirst.map((s) => (
    <option key={s.letter} value={s.letter}>
      {s.letter} · {s.name}
    </option>
  ));
  return (
    <div className="space-y-3" role="group" aria-label="Labour mapping">
      <p className="text-sm text-muted-foreground">
        Time logged in ClickUp counts as labour actual in the section of the person's first mapped role tag,
        priced at internal rates.
      </p>
      <datalist id="labour-role-tags">
        {tags.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {rows.length === 0 ? <p className="text-sm">No role tags mapped yet.</p> : null}
      <ul className="space-y-2">
        {rows.map((row, i) => (
          <li key={row.key} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 space-y-1">
              <Label htmlFor={`labour-tag-${row.key}`}>Role tag</Label>
              <Input
                id={`labour-tag-${row.key}`}
                list="labour-role-tags"
                value={row.tag}
                disabled={!editable}
                maxLength={100}
                onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, tag: e.target.value } : r)))}
              />
            </div>
            <div className="w-48 space-y-1">
              <Label htmlFor={`labour-section-${row.key}`}>Section</Label>
              <select
                id={`labour-section-${row.key}`}
                className={SELECT_CLASS}
                value={row.section}
                disabled={!editable}
                onChange={(e) =>
                  setRows(
                    rows.map((r, j) =>
                      j === i ? { ...r, section: e.target.value as AicpSectionLetter } : r,
                    ),
                  )
                }
              >
                {sectionOptions}
              </select>
            </div>
            {editable ? (
              <Button
                type="button"
                size="icon"
                variant="ghost"
                aria-label={`Remove mapping ${row.tag || i + 1}`}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                <Trash2 className="size-4" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <div className={cn("flex flex-wrap items-end gap-3")}>
        {editable ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() =>
              setRows([...rows, { key: nextKey(), tag: "", section: labourFirst[0]?.letter ?? "A" }])
            }
          >
            <Plus aria-hidden /> Add role tag
          </Button>
        ) : null}
        <div className="w-56 space-y-1">
          <Label htmlFor="labour-default">Everyone else counts in</Label>
          <select
            id="labour-default"
            className={SELECT_CLASS}
            value={defaultSection}
            disabled={!editable}
            onChange={(e) => setDefaultSection(e.target.value as AicpSectionLetter)}
          >
            {sectionOptions}
          </select>
        </div>
        {editable ? (
          <Button type="button" size="sm" onClick={save} disabled={set.isPending}>
            {set.isPending ? "Saving..." : "Save mapping"}
          </Button>
        ) : null}
      </div>
      <FormError message={error} />
    </div>
  );
}
