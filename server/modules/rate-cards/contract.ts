import { z } from "zod";
import { currencyCodeSchema, rateMinorSchema } from "@domain/money";
import { effectiveFromSchema, rateCardKindSchema, rateSubjectTypeSchema } from "@domain/rates";

/*
 * Request and response shapes of /api/rate-cards (PRODUCT.md → Rate cards), shared with the web
 * app. Money is integer minor units of the card's currency (rates per hour); a missing rate is
 * null ("unpriced"), never 0. Everything here needs canViewFinancials.
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

export const rateCardParamSchema = z.strictObject({ cardId: idSchema });
export const rateLineParamSchema = z.strictObject({ cardId: idSchema, lineId: idSchema });
export const projectParamSchema = z.strictObject({ folderId: idSchema });

const nameSchema = z.string().trim().min(1, "must not be empty").max(120);

/** POST /api/rate-cards */
export const createRateCardSchema = z.strictObject({
  kind: rateCardKindSchema,
  name: nameSchema,
  /** ISO 4217; the workspace currency when omitted. */
  currency: currencyCodeSchema.optional(),
  /** Make it the default card of its kind (the previous default stops being one). */
  isDefault: z.boolean().optional(),
  /** Rate when no line matches (minor units per hour); null = none. */
  defaultRateMinor: rateMinorSchema.nullable().optional(),
});
export type CreateRateCard = z.infer<typeof createRateCardSchema>;

/** PATCH /api/rate-cards/:cardId (the kind never changes). */
export const updateRateCardSchema = z
  .strictObject({
    name: nameSchema.optional(),
    currency: currencyCodeSchema.optional(),
    /** true makes it the default of its kind; false leaves its kind without a default. */
    isDefault: z.boolean().optional(),
    defaultRateMinor: rateMinorSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "nothing to change");
export type UpdateRateCard = z.infer<typeof updateRateCardSchema>;

/** A ClickUp user id (person) or a ClickUp tag name (role, stored in lower case). */
const subjectIdSchema = z.string().trim().min(1, "must not be empty").max(100);

/** POST /api/rate-cards/:cardId/lines */
export const createRateLineSchema = z.strictObject({
  subjectType: rateSubjectTypeSchema,
  subjectId: subjectIdSchema,
  rateMinor: rateMinorSchema,
  /** yyyy-MM-dd: the first day the rate is in force. */
  effectiveFrom: effectiveFromSchema,
});
export type CreateRateLine = z.infer<typeof createRateLineSchema>;

/** PATCH /api/rate-cards/:cardId/lines/:lineId */
export const updateRateLineSchema = z
  .strictObject({ rateMinor: rateMinorSchema.optional(), effectiveFrom: effectiveFromSchema.optional() })
  .refine((v) => Object.keys(v).length > 0, "nothing to change");
export type UpdateRateLine = z.infer<typeof updateRateLineSchema>;

/** PUT /api/rate-cards/projects/:folderId */
export const assignProjectCardSchema = z.strictObject({ cardId: idSchema });
export type AssignProjectCard = z.infer<typeof assignProjectCardSchema>;

export const rateLineSchema = z
  .object({
    id: z.string(),
    cardId: z.string(),
    subjectType: rateSubjectTypeSchema,
    subjectId: z.string(),
    /** The person's ClickUp name, or the tag, for display. */
    subjectName: z.string(),
    rateMinor: z.number().int(),
    effectiveFrom: z.string(),
  })
  .meta({ id: "RateCardLine" });
export type RateLineView = z.infer<typeof rateLineSchema>;

export const projectCardSchema = z
  .object({ folderId: z.string(), folderName: z.string().nullable(), cardId: z.string() })
  .meta({ id: "ProjectRateCard" });
export type ProjectCardView = z.infer<typeof projectCardSchema>;

export const rateCardSchema = z
  .object({
    id: z.string(),
    kind: rateCardKindSchema,
    name: z.string(),
    currency: z.string(),
    isDefault: z.boolean(),
    defaultRateMinor: z.number().int().nullable(),
    /** Lines by subject, then effective date (newest first). */
    lines: z.array(rateLineSchema),
    updatedAt: z.string(),
  })
  .meta({ id: "RateCard" });
export type RateCardView = z.infer<typeof rateCardSchema>;

/** GET /api/rate-cards: defaults first, then by kind and name. */
export const rateCardsResponseSchema = z
  .object({
    /** The workspace currency (Settings → Organization). */
    currency: z.string(),
    cards: z.array(rateCardSchema),
    projectCards: z.array(projectCardSchema),
  })
  .meta({ id: "RateCards" });
export type RateCardsResponse = z.infer<typeof rateCardsResponseSchema>;
