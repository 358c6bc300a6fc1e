import { sql, type SQL } from "drizzle-orm";

/*
 * domain/rates.ts in SQL, for lists that price rows where they are read (PRODUCT.md → Rate
 * cards): the card (a project's own client card, else the default card of the kind), then on it
 * the person's line in force on the day (latest effective_from ≤ day), else the first of the
 * person's role tags with a line in force, else the card's default rate, else null (unpriced).
 * And domain/money.ts priceDurationMs: duration × rate / 3,600,000 rounded half-even, through
 * roundHalfEvenSql (divideRoundHalfEven), which the workload totals price their lines with too.
 * workload.test.ts pins these against the domain functions on the same rows.
 */

export interface RateSubject {
  organizationId: string;
  /** ClickUp user id. */
  person: SQL;
  /** text[] of the person's role tags, in order of preference. */
  roles: SQL;
  /** ClickUp folder id of the project (client cards only). */
  folder: SQL;
  /** The day worked (a date). */
  day: SQL;
}

/** The card a subject's rate of `kind` is read from: the project's client card, else the default card. */
export function cardIdSql(
  kind: "internal" | "client",
  s: Pick<RateSubject, "organizationId" | "folder">,
): SQL {
  const defaultCard = sql`(select dc.id from rate_cards dc
    where dc.organization_id = ${s.organizationId} and dc.kind = ${kind} and dc.is_default)`;
  if (kind === "internal") return defaultCard;
  return sql`coalesce((select pc.card_id from project_rate_cards pc
      join rate_cards pcc on pcc.organization_id = pc.organization_id and pcc.id = pc.card_id and pcc.kind = 'client'
     where pc.organization_id = ${s.organizationId} and pc.folder_id = ${s.folder}), ${defaultCard})`;
}

/**
 * The rate (minor units per hour) of `kind` for the subject, or null when unpriced. `card`, when
 * given, is the card's id already resolved (cardIdSql), for a list that reads many rates per card.
 */
export function rateSql(kind: "internal" | "client", s: RateSubject, card: SQL = cardIdSql(kind, s)): SQL {
  return sql`(select coalesce(
      (select l.rate_minor from rate_card_lines l
        where l.organization_id = rc.organization_id and l.card_id = rc.id and l.subject_type = 'person'
          and l.subject_id = ${s.person} and l.effective_from <= ${s.day}
        order by l.effective_from desc limit 1),
      (select rl.rate_minor
         from unnest(coalesce(${s.roles}, '{}'::text[])) with ordinality r(tag, ord)
         cross join lateral (
           select l.rate_minor from rate_card_lines l
            where l.organization_id = rc.organization_id and l.card_id = rc.id and l.subject_type = 'role'
              and lower(l.subject_id) = lower(r.tag) and l.effective_from <= ${s.day}
            order by l.effective_from desc limit 1) rl
        order by r.ord limit 1),
      rc.default_rate_minor)
    from rate_cards rc
    where rc.organization_id = ${s.organizationId} and rc.id = ${card})`;
}

/**
 * numerator ÷ denominator rounded half-even, as a bigint (null when either is null): the SQL twin
 * of domain/money.ts divideRoundHalfEven, and the one place the workload SQL rounds money. Exact
 * numeric arithmetic; the numerator is not negative (work × a rate) and the denominator positive.
 */
export function roundHalfEvenSql(
  numerator: SQL,
  denominator: SQL,
  /**
   * "columns" when both operands are plain column arithmetic: the rule is then written inline
   * (each operand repeated, no subquery per row — a list of thousands of lines pays for a
   * subplan each otherwise). Anything costlier (a rate subquery) keeps the default, evaluated once.
   */
  operands: "columns" | "expressions" = "expressions",
): SQL {
  if (operands === "columns") {
    const n = sql`(${numerator})::numeric`;
    const d = sql`(${denominator})::numeric`;
    return sql`(div(${n}, ${d}) + case when mod(${n}, ${d}) * 2 > ${d}
        or (mod(${n}, ${d}) * 2 = ${d} and mod(div(${n}, ${d}), 2) = 1) then 1 else 0 end)::bigint`;
  }
  return sql`(select case when p.r * 2 > p.d or (p.r * 2 = p.d and mod(p.q, 2) = 1) then p.q + 1 else p.q end
    from (select div(n.n, n.d) as q, mod(n.n, n.d) as r, n.d
            from (select (${numerator})::numeric as n, (${denominator})::numeric as d) n) p)::bigint`;
}

/** duration_ms × rate / 3,600,000 rounded half-even (null when the rate is null). */
export function priceSql(
  durationMs: SQL,
  rate: SQL,
  /** "columns" when both are plain columns (see roundHalfEvenSql). */
  operands: "columns" | "expressions" = "expressions",
): SQL {
  const exact = roundHalfEvenSql(sql`(${durationMs})::numeric * (${rate})::numeric`, sql`3600000`, operands);
  if (operands === "expressions") return exact;
  // Lines priced by the thousand: in bigint arithmetic (several times cheaper than numeric) when
  // both operands fit in 32 bits, so their product cannot overflow — 596 hours at 21 million
  // minor units an hour; the same rule written the same way (truncating division, remainder).
  const small = (v: SQL) => sql`(${v}) between -2147483648 and 2147483647`;
  const p = sql`((${durationMs})::bigint * (${rate})::bigint)`;
  return sql`(case when ${small(durationMs)} and ${small(rate)} then ${roundHalfEvenBigintSql(p, sql`3600000`)}
      else ${exact} end)`;
}

/**
 * The same rule as roundHalfEvenSql in bigint arithmetic (several times cheaper than numeric),
 * for plain column operands the caller has shown cannot overflow: truncating division and
 * remainder, the remainder's double against the divisor. Numerator not negative, divisor positive.
 */
export function roundHalfEvenBigintSql(numerator: SQL, denominator: SQL): SQL {
  const n = numerator;
  const d = denominator;
  return sql`(${n} / ${d} + case when ${n} % ${d} * 2 > ${d}
                               or (${n} % ${d} * 2 = ${d} and (${n} / ${d}) % 2 = 1) then 1 else 0 end)`;
}
