import type { ProjectCardView, RateCardView, RateLineView } from "./contract";
import type { ProjectCardRow, RateCardRow, RateLineRow } from "./repo";

/* Row → contract mapping of rate cards (bigint columns arrive as text on node-postgres). */

const toInt = (value: string | number): number => Number(value);
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function lineView(row: RateLineRow): RateLineView {
  return {
    id: row.id,
    cardId: row.card_id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: row.subject_name ?? row.subject_id,
    rateMinor: toInt(row.rate_minor),
    effectiveFrom: row.effective_from,
  };
}

export function cardView(row: RateCardRow, lines: readonly RateLineRow[]): RateCardView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    isDefault: row.is_default,
    defaultRateMinor: row.default_rate_minor === null ? null : toInt(row.default_rate_minor),
    lines: lines.filter((l) => l.card_id === row.id).map(lineView),
    updatedAt: iso(row.updated_at),
  };
}

export function projectCardView(row: ProjectCardRow): ProjectCardView {
  return { folderId: row.folder_id, folderName: row.folder_name, cardId: row.card_id };
}

/** What a finance audit row keeps of a card (no lines). */
export function cardAudit(row: RateCardRow) {
  return {
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    isDefault: row.is_default,
    defaultRateMinor: row.default_rate_minor === null ? null : toInt(row.default_rate_minor),
  };
}

export function lineAudit(row: RateLineRow) {
  return {
    cardId: row.card_id,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    rateMinor: toInt(row.rate_minor),
    effectiveFrom: row.effective_from,
  };
}
