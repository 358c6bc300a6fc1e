import { aicpForm } from "@domain/aicp";
import { formatDetailDay } from "@domain/format";
import { formatBasisPoints, formatMoney } from "@domain/money";
import {
  FINANCE_AUDIT_OBJECT_LABELS,
  type FinanceAuditEvent,
  type FinanceAuditObject,
} from "../../../../../server/modules/audit/contract";
import { dateTimeFormat } from "@domain/intl";

/*
 * The finance audit screen's pure rules: a before/after pair of recorded values as readable
 * field changes ("Rate: $65.00 → $72.50"), money as money in the row's currency (integer minor
 * units through formatMoney, never a float), percentages from basis points, quantities from
 * hundredths; where an object links to; how a time reads in the workspace zone.
 */

export interface FieldChange {
  /** Dotted path in the recorded value ("rates.feeBp"): a stable key. */
  path: string;
  label: string;
  before: string | null;
  after: string | null;
}

const LABELS: Record<string, string> = {
  name: "Name",
  kind: "Kind",
  currency: "Currency",
  isDefault: "Default card",
  defaultRateMinor: "Default rate",
  rateMinor: "Rate",
  effectiveFrom: "Effective from",
  subjectType: "Rate for",
  subjectId: "Person or role",
  cardId: "Card",
  section: "Section",
  number: "Number",
  description: "Description",
  quantityHundredths: "Days / quantity",
  otHoursHundredths: "OT hours",
  otRateMinor: "OT rate",
  estimateMinor: "Estimate",
  actualMinor: "Actual",
  grandTotalMinor: "Grand total",
  notes: "Notes",
  position: "Position",
  status: "Status",
  from: "Copied from revision",
  lines: "Lines",
  projectId: "Project",
  formId: "AICP form",
  bidType: "Bid type",
  revisionNumber: "Revision",
  rates: "Rates",
  pwBp: "P&W",
  pwBpBySection: "P&W by section",
  insuranceBp: "Insurance",
  feeBp: "Production fee",
  contingencyBp: "Contingency",
  weatherDay: "Weather day",
  mapping: "Labour mapping",
  defaultSection: "Default labour section",
  amountMinor: "Amount",
  totalMinor: "Total",
};

/** Bookkeeping the trail records but a reader does not need (the object's own ids and versions). */
const HIDDEN = new Set(["version", "key", "budgetId", "id"]);

const WORDS: Record<string, string> = {
  firm: "Firm",
  cost_plus: "Cost-plus",
  internal: "Internal",
  client: "Client",
  person: "Person",
  role: "Role",
  draft: "Draft",
  submitted: "Submitted",
  approved: "Approved",
  superseded: "Superseded",
  closed: "Closed",
};

function labelOf(path: string[]): string {
  const last = path[path.length - 1] ?? "";
  const parent = path[path.length - 2];
  if (parent === "pwBpBySection") return `P&W on section ${last}`;
  return LABELS[last] ?? humanize(last);
}

/** camelCase or snake_case → "Sentence case". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** Hundredths as a decimal without a float: 150 → "1.5", 200 → "2", 5 → "0.05". */
export function hundredthsText(value: number): string {
  const negative = value < 0;
  const text = Math.abs(value).toString().padStart(3, "0");
  const whole = text.slice(0, -2);
  const fraction = text.slice(-2).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** What the row knows beside its values: the project's name, its object type. */
export interface KnownNames {
  projectName?: string | null;
  /** A rate card line's card is the row's own name: its id is left out. */
  object?: string;
  /** A project's own card before and after, by name. */
  cardNames?: { before: string | null; after: string | null };
}

/** One recorded value as text, by what its field holds. */
export function valueText(key: string, value: unknown, currency: string, names: KnownNames = {}): string {
  if (value === null || value === undefined) return "—";
  if (key === "projectId" && typeof value === "string" && names.projectName) return names.projectName;
  if (key === "formId" && typeof value === "string") return aicpForm(value)?.name ?? value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    if (/Minor$/.test(key) || key === "weatherDay") return formatMoney(value, currency);
    if (/Bp$/.test(key) || /^[A-P]$/.test(key)) return formatBasisPoints(value);
    if (/Hundredths$/.test(key)) return hundredthsText(value);
    return value.toLocaleString("en-US");
  }
  if (typeof value === "number") return String(value);
  if (typeof value === "string") {
    if (value === "") return "(empty)";
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDetailDay(value);
    return WORDS[value] ?? value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (value.every((v) => isRecord(v) && typeof v.tag === "string" && typeof v.section === "string")) {
      return value
        .map((v) => `${(v as { tag: string }).tag} → ${(v as { section: string }).section}`)
        .join(", ");
    }
    return `${value.length} item${value.length === 1 ? "" : "s"}`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return "none";
    return entries.map(([k, v]) => `${labelOf([k])} ${valueText(k, v, currency)}`).join(", ");
  }
  return String(value);
}

/** Leaves of a recorded value: nested objects (rates, P&W by section) are walked, arrays are leaves. */
function leaves(
  value: unknown,
  path: string[] = [],
  out = new Map<string, { path: string[]; value: unknown }>(),
) {
  if (
    isRecord(value) &&
    (path.length === 0 || path[path.length - 1] === "rates" || path[path.length - 1] === "pwBpBySection")
  ) {
    for (const [k, v] of Object.entries(value)) {
      if (HIDDEN.has(k)) continue;
      leaves(v, [...path, k], out);
    }
    return out;
  }
  if (path.length) out.set(path.join("."), { path, value });
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const cardName = (key: string, side: "before" | "after", names: KnownNames): string | null =>
  key === "cardId" ? (names.cardNames?.[side] ?? null) : null;

/**
 * The readable changes of one row: for an update, the fields whose value differs (old → new);
 * for a creation, every field it was created with; for a deletion, every field it had. A value
 * that is not an object (rare) is one field, "Value".
 */
export function fieldChanges(
  before: unknown,
  after: unknown,
  currency: string,
  names: KnownNames = {},
): FieldChange[] {
  const wrap = (v: unknown) => (v === null || v === undefined ? {} : isRecord(v) ? v : { value: v });
  const b = leaves(wrap(before));
  const a = leaves(wrap(after));
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  const changes: FieldChange[] = [];
  for (const path of paths) {
    const was = b.get(path);
    const now = a.get(path);
    const parts = (now ?? was)!.path;
    const key = parts[parts.length - 1]!;
    if (key === "cardId" && names.object === "rate_card_line" && (!was || !now || same(was.value, now.value)))
      continue;
    if (hasBefore && hasAfter && was && now && same(was.value, now.value)) continue;
    // A creation lists what it was made with, without empty fields.
    if (!hasBefore && now && (now.value === "" || now.value === null)) continue;
    changes.push({
      path,
      label: labelOf(parts),
      before:
        was && hasBefore
          ? (cardName(key, "before", names) ?? valueText(key, was.value, currency, names))
          : null,
      after:
        now && hasAfter
          ? (cardName(key, "after", names) ?? valueText(key, now.value, currency, names))
          : null,
    });
  }
  return changes;
}

/** How an object type reads ("Budget line"), unknown future types humanized. */
export function objectLabel(object: string): string {
  return FINANCE_AUDIT_OBJECT_LABELS[object as FinanceAuditObject] ?? humanize(object);
}

const ACTION_LABELS: Record<string, string> = {
  created: "Created",
  updated: "Changed",
  deleted: "Deleted",
  submitted: "Submitted",
  returned: "Returned to draft",
  approved: "Approved",
  superseded: "Superseded",
  closed: "Closed",
  change_order: "Change order",
  lines_imported: "Lines imported",
  labour_settings_changed: "Labour settings changed",
};

export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? humanize(action);
}

/** Where a row's object lives in the app, when it has a page. */
export function objectHref(event: Pick<FinanceAuditEvent, "object" | "budgetId">): string | null {
  if (event.budgetId) return `/finance/budgets/${encodeURIComponent(event.budgetId)}`;
  if (["rate_card", "rate_card_line", "project_rate_card"].includes(event.object))
    return "/finance/rate-cards";
  return null;
}

/** An instant in the workspace zone: "Mar 10, 2025, 10:30 PM" (and the zone's short name). */
export function whenText(iso: string, timeZone: string): string {
  return dateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}

/** The list's filters as read from the URL (unknown values dropped). */
export const FILTER_KEYS = ["object", "personId", "from", "to"] as const;
