import { z } from "zod";
import { toIsoDate } from "./dates";
import { isoDaySchema } from "./iso-day";
import { priceDurationMs, sumMinorUnits, type MinorUnits } from "./money";

/*
 * Rate cards (PRODUCT.md → Rate cards). Named cards of two kinds — internal (cost per hour) and
 * client (bill rate per hour) — with lines by person (ClickUp user id) or role (a ClickUp tag),
 * each effective from a date. Resolution for one hour of person P on project J on day D:
 *   J's client card (else the default client card) → P's person line → P's role line → the card's
 *   default rate; the internal rate the same way on the default internal card.
 * A line is in force on D when it has the latest effective_from ≤ D among its subject's lines, so
 * a rate change never rewrites the past. Nothing resolves → null ("unpriced"), never 0.
 * Days are ISO `yyyy-MM-dd` strings (they compare as text).
 */

export const RATE_CARD_KINDS = ["internal", "client"] as const;
export type RateCardKind = (typeof RATE_CARD_KINDS)[number];
export const rateCardKindSchema = z.enum(RATE_CARD_KINDS);

export const RATE_SUBJECT_TYPES = ["person", "role"] as const;
export type RateSubjectType = (typeof RATE_SUBJECT_TYPES)[number];
export const rateSubjectTypeSchema = z.enum(RATE_SUBJECT_TYPES);

export interface RateCardLine {
  subjectType: RateSubjectType;
  /** A ClickUp user id (person) or a ClickUp tag name (role; compared case-insensitively). */
  subjectId: string;
  rateMinor: MinorUnits;
  /** yyyy-MM-dd: the first day the line is in force. */
  effectiveFrom: string;
}

export interface RateCard {
  id: string;
  kind: RateCardKind;
  isDefault: boolean;
  /** The rate when no line matches; null = none. */
  defaultRateMinor: MinorUnits | null;
  lines: readonly RateCardLine[];
}

/** Every card of a workspace and each project's own client card (ClickUp folder id → card id). */
export interface RateBook {
  cards: readonly RateCard[];
  projectClientCards?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

/** Who worked, where and when. */
export interface RateQuery {
  /** ClickUp user id of the person. */
  personId: string;
  /** The person's role tags, in order of preference (the first with a line in force wins). */
  roleTags?: readonly string[];
  /** ClickUp folder id of the project; null/undefined for work outside a project. */
  projectId?: string | null;
  /** The day the hour was (or will be) worked: yyyy-MM-dd, or anything toIsoDate reads. */
  day: string | Date;
}

export type RateSource = "person" | "role" | "default";

export interface ResolvedRate {
  rateMinor: MinorUnits;
  cardId: string;
  source: RateSource;
  /** The line's effective_from (null for the card's default rate). */
  effectiveFrom: string | null;
}

function projectCardId(book: RateBook, projectId: string | null | undefined): string | undefined {
  if (!projectId || !book.projectClientCards) return undefined;
  const map = book.projectClientCards;
  return map instanceof Map ? map.get(projectId) : (map as Readonly<Record<string, string>>)[projectId];
}

/** The card that prices `kind` for a project: its own client card, else the default card of the kind. */
export function cardFor(book: RateBook, kind: RateCardKind, projectId?: string | null): RateCard | null {
  if (kind === "client") {
    const own = projectCardId(book, projectId);
    const card = own === undefined ? undefined : book.cards.find((c) => c.id === own && c.kind === "client");
    if (card) return card;
  }
  return book.cards.find((c) => c.kind === kind && c.isDefault) ?? null;
}

/** The line of `subject` in force on `day` (latest effective_from ≤ day), or null. */
export function lineInForce(
  lines: readonly RateCardLine[],
  subjectType: RateSubjectType,
  subjectId: string,
  day: string,
): RateCardLine | null {
  const key = subjectType === "role" ? subjectId.toLowerCase() : subjectId;
  let best: RateCardLine | null = null;
  for (const line of lines) {
    if (line.subjectType !== subjectType) continue;
    if ((subjectType === "role" ? line.subjectId.toLowerCase() : line.subjectId) !== key) continue;
    if (line.effectiveFrom > day) continue;
    if (!best || line.effectiveFrom > best.effectiveFrom) best = line;
  }
  return best;
}

function dayText(day: string | Date): string {
  const text = typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : toIsoDate(day);
  if (!text) throw new RangeError(`Invalid day ${String(day)}`);
  return text;
}

/** The rate of one card for a person on a day: person line → role line → card default → null. */
export function rateOnCard(card: RateCard, query: RateQuery): ResolvedRate | null {
  const day = dayText(query.day);
  const person = lineInForce(card.lines, "person", query.personId, day);
  if (person) {
    return {
      rateMinor: person.rateMinor,
      cardId: card.id,
      source: "person",
      effectiveFrom: person.effectiveFrom,
    };
  }
  for (const tag of query.roleTags ?? []) {
    const role = lineInForce(card.lines, "role", tag, day);
    if (role) {
      return {
        rateMinor: role.rateMinor,
        cardId: card.id,
        source: "role",
        effectiveFrom: role.effectiveFrom,
      };
    }
  }
  if (card.defaultRateMinor !== null) {
    return { rateMinor: card.defaultRateMinor, cardId: card.id, source: "default", effectiveFrom: null };
  }
  return null;
}

/** The rate of `kind` for one hour of the query's person (null = unpriced). */
export function resolveRate(book: RateBook, kind: RateCardKind, query: RateQuery): ResolvedRate | null {
  const card = cardFor(book, kind, query.projectId);
  return card ? rateOnCard(card, query) : null;
}

/** Internal rate (cost per hour) in minor units, or null when unpriced. */
export function internalRate(book: RateBook, query: RateQuery): MinorUnits | null {
  return resolveRate(book, "internal", query)?.rateMinor ?? null;
}

/** Client rate (bill rate per hour) in minor units, or null when unpriced. */
export function clientRate(book: RateBook, query: RateQuery): MinorUnits | null {
  return resolveRate(book, "client", query)?.rateMinor ?? null;
}

/** The price of `durationMs` at a rate, rounded half-even; null (unpriced) when the rate is null. */
export function priceOrUnpriced(durationMs: number, rateMinor: MinorUnits | null): MinorUnits | null {
  return rateMinor === null ? null : priceDurationMs(durationMs, rateMinor);
}

/** Cost of `durationMs` of the query's person (internal rate on the query's day); null = unpriced. */
export function costOfWork(book: RateBook, query: RateQuery, durationMs: number): MinorUnits | null {
  return priceOrUnpriced(durationMs, internalRate(book, query));
}

/** Revenue of `durationMs` of the query's person (client rate on the query's day); null = unpriced. */
export function revenueOfWork(book: RateBook, query: RateQuery, durationMs: number): MinorUnits | null {
  return priceOrUnpriced(durationMs, clientRate(book, query));
}

/** Spec §3 `assignee_rate`: the internal rate of the assignee on `day` (null = unpriced). */
export function assigneeRate(book: RateBook, query: RateQuery): MinorUnits | null {
  return internalRate(book, query);
}

/**
 * Spec §3 `estimated_cost`: estimate hours × client rate (time_estimate_ms × rate / 3,600,000,
 * rounded half-even); null when the rate is unpriced or there is no estimate.
 */
export function estimatedCostMinor(
  timeEstimateMs: number | null | undefined,
  clientRateMinor: MinorUnits | null,
): MinorUnits | null {
  if (timeEstimateMs === null || timeEstimateMs === undefined) return null;
  return priceOrUnpriced(timeEstimateMs, clientRateMinor);
}

/** A time entry to price: who, where, the day worked (the entry's start, workspace day) and length. */
export interface WorkedEntry extends RateQuery {
  durationMs: number;
}

/**
 * Spec §3 Detailed time entry `actual_client_revenue`: hours × client rate at the entry's date
 * (one rounded line); null when unpriced.
 */
export function actualClientRevenue(book: RateBook, entry: WorkedEntry): MinorUnits | null {
  return revenueOfWork(book, entry, entry.durationMs);
}

export interface ActualCost {
  /** Σ of the priced lines; null when there were entries and none could be priced. */
  totalMinor: MinorUnits | null;
  /** Entries without a rate (their hours are "unpriced", not counted as 0). */
  unpricedEntries: number;
}

/** Spec §3 `actual_cost`: Σ actual_client_revenue of the entries (sum of rounded lines). */
export function actualCost(revenues: readonly (MinorUnits | null)[]): ActualCost {
  const priced = revenues.filter((r): r is MinorUnits => r !== null);
  const unpricedEntries = revenues.length - priced.length;
  return {
    totalMinor: revenues.length > 0 && priced.length === 0 ? null : sumMinorUnits(priced),
    unpricedEntries,
  };
}

/** A rate line's subject as one text key: "person:123", "role:editor". */
export function rateSubjectKey(subjectType: RateSubjectType, subjectId: string): string {
  return `${subjectType}:${subjectType === "role" ? subjectId.toLowerCase() : subjectId}`;
}

/** An effective-from date of a line: a real yyyy-MM-dd day. */
export const effectiveFromSchema = isoDaySchema.meta({ format: "date" });
