import { TASK_DETAIL_CUSTOM_FIELDS_LIMIT } from "./constants";
import { currencyDigits, isCurrencyCode, parseMoney, type CurrencyCode, type MinorUnits } from "./money";

/**
 * Custom field values (spec §3 custom_field_values): the value is an object with `text`, a plain
 * string, or — straight from ClickUp — a number. Names are free text.
 */
export interface CustomField {
  id?: string | number | null;
  name: string | null | undefined;
  value: unknown;
}

/**
 * The display text of a custom field value: strings as given, finite numbers and booleans as
 * text, objects by their `text` (else `value`, else `name`) property; `null` for anything empty.
 */
export function customFieldText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of ["text", "value", "name"]) {
      if (key in record) {
        const text = customFieldText(record[key]);
        if (text !== null) return text;
      }
    }
  }
  return null;
}

/** The first field whose name contains any of `fragments` (case-insensitive). */
export function findCustomField<F extends CustomField>(
  fields: readonly F[] | null | undefined,
  fragments: readonly string[],
): F | undefined {
  return (fields ?? []).find((field) => {
    const name = (field.name ?? "").toLowerCase();
    return fragments.some((fragment) => name.includes(fragment.toLowerCase()));
  });
}

/**
 * A field's text for the task dialog: the ClickUp folder id field (a name with 'clickup' and
 * 'folder', spec §7) without the quote characters it is often stored with, as the project
 * header reads it — so no raw id in quotes is shown; everything else as {@link customFieldText}.
 */
function detailText(field: CustomField): string | null {
  const text = customFieldText(field.value);
  const name = (field.name ?? "").toLowerCase();
  if (text === null || !(name.includes("clickup") && name.includes("folder"))) return text;
  const id = text.replace(/["'`]/g, "").trim();
  return id === "" ? null : id;
}

/**
 * The additional custom fields of the task detail dialog (spec §2): the first 5 with a non-empty
 * value, in their given order, with their display text.
 */
export function detailCustomFields<F extends CustomField>(
  fields: readonly F[] | null | undefined,
  limit: number = TASK_DETAIL_CUSTOM_FIELDS_LIMIT,
): Array<F & { text: string }> {
  const shown: Array<F & { text: string }> = [];
  for (const field of fields ?? []) {
    if (shown.length >= limit) break;
    const text = detailText(field);
    if (text !== null && (field.name ?? "").trim() !== "") shown.push({ ...field, text });
  }
  return shown;
}

/** An amount of a ClickUp currency field in integer minor units of its own currency. */
export interface FieldMoney {
  amountMinor: MinorUnits;
  currency: CurrencyCode;
}

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * The value of a ClickUp currency custom field (a number or numeric string, clickup-api.md §3.5)
 * in the currency of its definition (`type_config.currency_type`), as integer minor units —
 * read from its decimal text, never by float arithmetic: ("12500.5", "USD") → 1250050 USD,
 * (1200, "JPY") → 1200 JPY. Fraction digits past the currency's are accepted only as zeros.
 * null when the currency is not an ISO 4217 code we price in or the value is not a plain number.
 */
export function currencyFieldMoney(value: unknown, currencyType: unknown): FieldMoney | null {
  const currency = typeof currencyType === "string" ? currencyType.trim().toUpperCase() : "";
  if (!isCurrencyCode(currency)) return null;
  // A JSON number prints as its shortest decimal text ("1250.5"); an exponent form is refused.
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!PLAIN_DECIMAL.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const digits = currencyDigits(currency);
  const kept =
    fraction.length > digits && /^0*$/.test(fraction.slice(digits)) ? fraction.slice(0, digits) : fraction;
  const amountMinor = parseMoney(kept ? `${whole}.${kept}` : `${whole}`, currency);
  return amountMinor === null ? null : { amountMinor, currency };
}
