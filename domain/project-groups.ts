import { COMPLETED_JOBS_SPACE_NAME, MOBILE_NAV_PROJECTS_PER_SPACE } from "./constants";
import { UNKNOWN_SPACE_NAME } from "./messages";
import { normalizeStatus, type StatusInput } from "./status";

export type ProjectPhase = "bid" | "creative" | "post" | "other";

/**
 * The keywords of each phase, in the order they are tested (first match wins). Spec §4 lists
 * "contains 'bid' is Bid; 'creative' or 'production' is Creative; 'post' is Post". Read in that
 * literal order, 'Post Production' — the usual name of the post phase in ClickUp — contains
 * 'production' and would file every post-production job under Creative, so the Post menu stays
 * empty while the POST space is full. We therefore test 'post' **before** 'production': a status
 * naming post production is Post, 'In Production' is still Creative, and 'bid' still wins over
 * everything ('Post bid' is a bid). The SQL of the project list is built from this same table.
 */
export const PROJECT_PHASE_KEYWORDS: ReadonlyArray<
  readonly [Exclude<ProjectPhase, "other">, readonly string[]]
> = [
  ["bid", ["bid"]],
  ["post", ["post"]],
  ["creative", ["creative", "production"]],
];

/**
 * Project grouping by status text (spec §4, with 'post' tested before 'production': see
 * {@link PROJECT_PHASE_KEYWORDS}). Case-insensitive, underscores read as spaces; else 'other'.
 */
export function projectPhase(status: StatusInput): ProjectPhase {
  const text = normalizeStatus(status);
  for (const [phase, keywords] of PROJECT_PHASE_KEYWORDS) {
    if (keywords.some((keyword) => text.includes(keyword))) return phase;
  }
  return "other";
}

/**
 * Projects menu of the desktop top bar (spec §2, §4): projects grouped by {@link projectPhase} of
 * their status into bid, creative, post and other, each keeping input order.
 */
export function groupProjectsByPhase<T extends { status: StatusInput }>(
  projects: readonly T[],
): Record<ProjectPhase, T[]> {
  const groups: Record<ProjectPhase, T[]> = { bid: [], creative: [], post: [], other: [] };
  for (const project of projects) groups[projectPhase(project.status)].push(project);
  return groups;
}

/** The space named COMPLETED JOBS (trimmed, case-insensitive) is excluded from project lists (spec §2). */
export function isCompletedJobsSpace(spaceName: string | null | undefined): boolean {
  return (spaceName ?? "").trim().toUpperCase() === COMPLETED_JOBS_SPACE_NAME;
}

/** One space of the mobile Projects list. */
export interface SpaceGroup<T> {
  spaceId: string | null;
  /** The space's name, or 'Unknown Space'. */
  spaceName: string;
  /** The projects shown (at most 3). */
  projects: T[];
  /** Projects not shown, for '+N more' (0 when none). */
  hiddenCount: number;
}

/**
 * Mobile Projects list (spec §2): projects grouped by space in first-seen order, the COMPLETED
 * JOBS space left out, a space without a name shown as 'Unknown Space', at most 3 projects per
 * space with the rest counted in `hiddenCount`.
 */
export function groupProjectsBySpace<
  T extends { spaceId?: string | number | null; spaceName?: string | null },
>(projects: readonly T[], perSpace: number = MOBILE_NAV_PROJECTS_PER_SPACE): SpaceGroup<T>[] {
  const groups = new Map<string, { spaceId: string | null; spaceName: string; all: T[] }>();
  for (const project of projects) {
    if (isCompletedJobsSpace(project.spaceName)) continue;
    const spaceId =
      project.spaceId === null || project.spaceId === undefined ? null : String(project.spaceId);
    const key = spaceId ?? "";
    let group = groups.get(key);
    if (!group) {
      group = { spaceId, spaceName: project.spaceName?.trim() || UNKNOWN_SPACE_NAME, all: [] };
      groups.set(key, group);
    }
    group.all.push(project);
  }
  return [...groups.values()].map(({ all, ...group }) => ({
    ...group,
    projects: all.slice(0, perSpace),
    hiddenCount: Math.max(0, all.length - perSpace),
  }));
}
