import { useRef, useState } from "react";
import { ImageUp, Plus, Trash2 } from "lucide-react";
import { z } from "zod";
import { formatDetailDay, formatListDay, isAdminRole, toIsoDate } from "@domain/index";
import { CURRENCY_CODES, currencyCodeSchema } from "@domain/money";
import { timeZoneSchema, weekStartSchema, workingDaysSchema } from "@domain/work-calendar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import { isoDaySchema } from "@domain/iso-day";
import {
  billingProfileRequestSchema,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  logoUrl,
  useBillingProfile,
  useDeleteLogo,
  useDeleteHoliday,
  useHolidays,
  usePutBillingProfile,
  useUploadLogo,
  usePutHoliday,
  usePutWorkspaceSettings,
  useWorkspaceSettings,
  type BillingProfile,
  type Holiday,
  type WorkspaceSettings,
} from "./api";
import { ConfirmDialog } from "./confirm-dialog";
import {
  FieldError,
  fieldA11y,
  InputField,
  SELECT_CLASS,
  SelectField,
  showServerErrors,
} from "./form-fields";
import { hoursTextSchema, minutesToHoursText } from "./hours";
import { dateTimeFormat } from "@domain/intl";

const WEEKDAYS = [
  [1, "Mon"],
  [2, "Tue"],
  [3, "Wed"],
  [4, "Thu"],
  [5, "Fri"],
  [6, "Sat"],
  [7, "Sun"],
] as const;
const MONTHS = Array.from({ length: 12 }, (_, i) =>
  dateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, i, 1))),
);

function timeZones(current: string): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported("timeZone") : [];
  return [...new Set(["UTC", current, ...zones])];
}

/** The form over the contract's body: hours instead of minutes, checkboxes and selects as text. */
const organizationFormSchema = z
  .object({
    currency: currencyCodeSchema,
    timeZone: timeZoneSchema,
    weekStart: weekStartSchema,
    defaultHours: hoursTextSchema,
    workingDays: z
      .array(z.string())
      .transform((days) => days.map(Number))
      .pipe(workingDaysSchema),
    fiscalYearStartMonth: z.string().transform(Number).pipe(z.number().int().min(1).max(12)),
  })
  .transform(({ defaultHours, ...rest }): WorkspaceSettings => ({
    ...rest,
    defaultMinutesPerDay: defaultHours,
  }));

const FIELDS = [
  "currency",
  "timeZone",
  "weekStart",
  "defaultHours",
  "workingDays",
  "fiscalYearStartMonth",
] as const;

/**
 * Settings → Organization (PRODUCT.md): the workspace's currency, time zone, week start, default
 * hours per day, working days, holidays and fiscal year start. Owners and admins change them;
 * members read them.
 */
export function OrganizationPanel() {
  const workspace = currentWorkspace(useSession().data);
  const admin = isAdminRole(workspace?.role);
  const settings = useWorkspaceSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Organization</h2>
        </CardTitle>
        <CardDescription>
          Money and the working calendar of {workspace?.name ?? "this workspace"}: capacity on Workload is
          hours per day on working days, less holidays and time off.
          {admin ? null : " Only owners and admins can change these."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {settings.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {settings.error instanceof ApiError ? settings.error.message : "Failed to load the settings"}
          </p>
        ) : (
          <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} admin={admin} />
        )}
        <BillingProfileSection admin={admin} />
        <Holidays admin={admin} />
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings, admin }: { settings: WorkspaceSettings; admin: boolean }) {
  const form = useZodForm(organizationFormSchema, {
    defaultValues: {
      currency: settings.currency,
      timeZone: settings.timeZone,
      weekStart: settings.weekStart,
      defaultHours: minutesToHoursText(settings.defaultMinutesPerDay),
      workingDays: settings.workingDays.map(String),
      fiscalYearStartMonth: String(settings.fiscalYearStartMonth),
    },
  });
  const save = usePutWorkspaceSettings();
  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const submit = form.handleSubmit((body) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: () => toast.success("Organization settings saved"),
      onError: (error) => showServerErrors(form, error, FIELDS, { defaultMinutesPerDay: "defaultHours" }),
    });
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Organization settings">
      <fieldset
        disabled={!admin || save.isPending}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <legend className="sr-only">Organization settings</legend>
        <SelectField
          id="org-currency"
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
        <div className="min-w-0 space-y-1.5">
          <InputField
            id="org-time-zone"
            label="Time zone"
            list="org-time-zones"
            autoComplete="off"
            error={err("timeZone")}
            {...form.register("timeZone")}
          />
          <datalist id="org-time-zones">
            {timeZones(settings.timeZone).map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="org-week-start">Week starts on</Label>
          <select id="org-week-start" className={SELECT_CLASS} {...form.register("weekStart")}>
            <option value="monday">Monday</option>
            <option value="sunday">Sunday</option>
          </select>
        </div>
        <InputField
          id="org-default-hours"
          label="Default hours per day"
          inputMode="decimal"
          autoComplete="off"
          error={err("defaultHours")}
          {...form.register("defaultHours")}
        />
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="org-fiscal-year">Fiscal year starts in</Label>
          <select id="org-fiscal-year" className={SELECT_CLASS} {...form.register("fiscalYearStartMonth")}>
            {MONTHS.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="min-w-0 space-y-1.5" {...fieldA11y("org-working-days", err("workingDays"))}>
          <legend className="text-sm font-medium">Working days</legend>
          <div className="flex flex-wrap gap-x-3 gap-y-2 pt-1">
            {WEEKDAYS.map(([value, label]) => (
              <label key={value} className="flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  value={String(value)}
                  {...form.register("workingDays")}
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError id="org-working-days" message={err("workingDays")} />
        </fieldset>
        {admin ? (
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
            <Button type="submit">{save.isPending ? "Saving..." : "Save organization settings"}</Button>
            <FormError message={errors.root?.server?.message} />
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

const holidayFormSchema = z.object({
  day: isoDaySchema,
  name: z.string().trim().min(1, "must not be empty").max(120),
});

function Holidays({ admin }: { admin: boolean }) {
  const holidays = useHolidays();
  const remove = useDeleteHoliday();
  const [removing, setRemoving] = useState<Holiday | null>(null);
  const today = toIsoDate(new Date()) ?? "";
  const list = holidays.data?.holidays ?? [];
  return (
    <section aria-labelledby="holidays-heading" className="space-y-3">
      <div>
        <h3 id="holidays-heading" className="text-sm font-medium">
          Holidays
        </h3>
        <p className="text-sm text-muted-foreground">Nobody is expected to work on these days.</p>
      </div>
      {admin ? <AddHoliday /> : null}
      {holidays.isPending ? (
        <Skeleton className="h-10" />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No holidays yet.
          {admin ? " Add the days your agency closes, and capacity drops to zero on them." : ""}
        </p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Holidays">
          {list.map((h) => (
            <li
              key={h.day}
              className={`flex items-center gap-3 px-3 py-2 text-sm ${h.day < today ? "text-muted-foreground" : ""}`}
            >
              <span className="w-28 shrink-0 tabular-nums">{formatListDay(h.day, today)}</span>
              <span className="min-w-0 flex-1 truncate">{h.name}</span>
              {admin ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${h.name} (${formatDetailDay(h.day)})`}
                  onClick={() => setRemoving(h)}
                >
                  <Trash2 className="size-4" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove this holiday?"
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.day, {
            onSuccess: () => {
              toast.success("Holiday removed", {
                description: `${removing.name}, ${formatDetailDay(removing.day)}`,
              });
              setRemoving(null);
            },
            onError: (error) => {
              toast.error("Error", { description: error.message });
              setRemoving(null);
            },
          });
        }}
      >
        {removing
          ? `${removing.name} on ${formatDetailDay(removing.day)} becomes a working day again.`
          : null}
      </ConfirmDialog>
    </section>
  );
}

function AddHoliday() {
  const form = useZodForm(holidayFormSchema, { defaultValues: { day: "", name: "" } });
  const put = usePutHoliday();
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) => {
    if (put.isPending) return;
    put.mutate(body, {
      onSuccess: (saved) => {
        toast.success("Holiday added", { description: `${saved.name}, ${formatDetailDay(saved.day)}` });
        form.reset();
      },
      onError: (error) => showServerErrors(form, error, ["day", "name"]),
    });
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-start gap-2"
      aria-label="Add a holiday"
    >
      <InputField
        id="holiday-day"
        label="Day"
        type="date"
        fieldClassName="w-44"
        error={errors.day?.message}
        {...form.register("day")}
      />
      <InputField
        id="holiday-name"
        label="Name"
        placeholder="e.g. New Year's Day"
        maxLength={120}
        fieldClassName="min-w-40 flex-1"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <Button type="submit" variant="outline" className="mt-6" disabled={put.isPending}>
        <Plus aria-hidden /> {put.isPending ? "Adding..." : "Add holiday"}
      </Button>
      <FormError message={errors.root?.server?.message} className="basis-full" />
    </form>
  );
}

/** "512 KB" */
const LOGO_LIMIT_TEXT = `${LOGO_MAX_BYTES / 1024} KB`;

/**
 * The sender block of the workspace's documents (invoices, purchase orders, SOWs): billing
 * address, tax id and logo. Owners and admins change them; members read them.
 */
function BillingProfileSection({ admin }: { admin: boolean }) {
  const profile = useBillingProfile();
  return (
    <section aria-labelledby="billing-profile-heading" className="space-y-3">
      <div>
        <h3 id="billing-profile-heading" className="text-sm font-medium">
          Billing profile
        </h3>
        <p className="text-sm text-muted-foreground">
          Printed as the sender on invoices, purchase orders and SOWs.
        </p>
      </div>
      {profile.isPending ? (
        <Skeleton className="h-24" />
      ) : profile.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {profile.error instanceof ApiError ? profile.error.message : "Failed to load the billing profile"}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <BillingForm
            key={`${profile.data.billingAddress}|${profile.data.taxId}`}
            profile={profile.data}
            admin={admin}
          />
          <LogoField profile={profile.data} admin={admin} />
        </div>
      )}
    </section>
  );
}

const BILLING_FIELDS = ["billingAddress", "taxId"] as const;

function BillingForm({ profile, admin }: { profile: BillingProfile; admin: boolean }) {
  const form = useZodForm(billingProfileRequestSchema, {
    defaultValues: { billingAddress: profile.billingAddress, taxId: profile.taxId },
  });
  const save = usePutBillingProfile();
  const errors = form.formState.errors;
  const submit = form.handleSubmit((body) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: () => toast.success("Billing profile saved"),
      onError: (error) => showServerErrors(form, error, BILLING_FIELDS),
    });
  });
  const addressError = errors.billingAddress?.message;
  return (
    <form onSubmit={submit} noValidate aria-label="Billing profile">
      <fieldset disabled={!admin || save.isPending} className="space-y-4">
        <legend className="sr-only">Billing profile</legend>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="org-billing-address">Billing address</Label>
          <Textarea
            id="org-billing-address"
            rows={4}
            maxLength={1000}
            placeholder={"Legal name\nStreet and number\nPostcode and city\nCountry"}
            {...fieldA11y("org-billing-address", addressError)}
            {...form.register("billingAddress")}
          />
          <FieldError id="org-billing-address" message={addressError} />
        </div>
        <InputField
          id="org-tax-id"
          label="Tax ID"
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. VAT or EIN number"
          fieldClassName="sm:max-w-sm"
          error={errors.taxId?.message}
          {...form.register("taxId")}
        />
        {admin ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">{save.isPending ? "Saving..." : "Save billing profile"}</Button>
            <FormError message={errors.root?.server?.message} />
          </div>
        ) : null}
      </fieldset>
    </form>
  );
}

/** The server's reason under the logo field: "Logo is not a PNG image", else its message. */
function logoErrorText(error: Error): string {
  const field = error instanceof ApiError ? error.fields?.find((f) => f.field === "logo") : undefined;
  return field ? `Logo ${field.message}` : error.message;
}

function LogoField({ profile, admin }: { profile: BillingProfile; admin: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  const [error, setError] = useState<string | undefined>();
  const pending = upload.isPending || remove.isPending;
  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setError("Choose a PNG or JPEG image");
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setError(`The logo must be at most ${LOGO_LIMIT_TEXT}`);
      return;
    }
    setError(undefined);
    upload.mutate(file, {
      onSuccess: () => toast.success("Logo uploaded"),
      onError: (failed) => setError(logoErrorText(failed)),
    });
  };
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor="org-logo">Logo</Label>
      <div className="flex h-20 items-center justify-center rounded-md border bg-muted/30 p-2">
        {profile.logo ? (
          <img
            src={logoUrl(profile.logo)}
            alt={`Logo of ${profile.name}`}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <span className="text-sm text-muted-foreground">No logo</span>
        )}
      </div>
      <p id="org-logo-hint" className="text-xs text-muted-foreground">
        PNG or JPEG, at most {LOGO_LIMIT_TEXT}; printed about 40 px tall.
      </p>
      <input
        ref={input}
        id="org-logo"
        type="file"
        accept={LOGO_CONTENT_TYPES.join(",")}
        className="sr-only"
        disabled={!admin || pending}
        aria-describedby={error ? "org-logo-error org-logo-hint" : "org-logo-hint"}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {admin ? (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={pending} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden />{" "}
            {upload.isPending ? "Uploading..." : profile.logo ? "Replace logo" : "Upload logo"}
          </Button>
          {profile.logo ? (
            <Button
              type="button"
              variant="ghost"
              disabled={pending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setError(undefined);
                    toast.success("Logo removed");
                  },
                  onError: (failed) => setError(logoErrorText(failed)),
                })
              }
            >
              <Trash2 aria-hidden /> {remove.isPending ? "Removing..." : "Remove logo"}
            </Button>
          ) : null}
        </div>
      ) : null}
      <FieldError id="org-logo" message={error} />
    </div>
  );
}
