/**
 * Business constants and limits of spec §9 (and the few numbers stated in §2 and §7).
 * Rules import them from here so each number lives in exactly one place.
 */

// Layout and navigation (§2, §9)
/** Viewports narrower than this many pixels get the mobile layout. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Projects listed per space in the mobile slide-out menu before '+N more'. */
export const MOBILE_NAV_PROJECTS_PER_SPACE = 3;
/** Delay before a signed-in user on a mobile /auth page is redirected to / (§2, "about 100 ms"). */
export const MOBILE_AUTH_REDIRECT_DELAY_MS = 100;
/** Name of the space excluded from project lists (§2). */
export const COMPLETED_JOBS_SPACE_NAME = "COMPLETED JOBS";

// Data fetching (§7, §9)
/** Query cache stale time: 5 minutes. */
export const QUERY_STALE_TIME_MS = 5 * 60_000;
/** Query retries. */
export const QUERY_RETRY = 1;
/** Tasks are read in pages of this many rows, ordered by id. */
export const TASK_PAGE_SIZE = 5000;
/** Upper bound on users read for a workspace. */
export const USERS_LIMIT = 1000;
/** User details cache lifetime: 5 minutes. */
export const USER_DETAILS_CACHE_MS = 5 * 60_000;

// Security and auth (§9)
/** Buffered security events are flushed every 30 s (some types immediately, see security.ts). */
export const SECURITY_FLUSH_INTERVAL_MS = 30_000;
/** First token-refresh retry delay; later retries back off from here. */
export const TOKEN_REFRESH_BACKOFF_MS = 200;
/** A session taken from the URL older than this triggers a staleness warning. */
export const URL_SESSION_STALENESS_MS = 120_000;
/** Sign-in attempts before giving up. */
export const MAX_SIGN_IN_ATTEMPTS = 3;
/** Base and cap of the sign-in retry backoff `min(1000 × 2^attempt, 5000)`. */
export const SIGN_IN_BACKOFF_BASE_MS = 1000;
export const SIGN_IN_BACKOFF_MAX_MS = 5000;

// Time and scheduling (§9)
/** A task due within this many days is urgent. */
export const URGENT_WITHIN_DAYS = 2;
/** Priority high when due within this many days (or overdue). */
export const HIGH_PRIORITY_WITHIN_DAYS = 3;
/** Priority medium when due within this many days. */
export const MEDIUM_PRIORITY_WITHIN_DAYS = 7;
/** Assumed duration of a task with only one of start/due date. */
export const ASSUMED_TASK_DURATION_DAYS = 7;
/** Upcoming milestones look this many days ahead ('Next 7 days'). */
export const UPCOMING_MILESTONE_DAYS = 7;

// Capacity (§9)
/** Working capacity per person per day. */
export const CAPACITY_HOURS_PER_DAY = 8;
/** Daily load colour thresholds (inclusive upper bounds): green ≤ 4 h, blue ≤ 8 h, orange ≤ 10 h, red above. */
export const LOAD_GREEN_MAX_HOURS = 4;
export const LOAD_BLUE_MAX_HOURS = 8;
export const LOAD_ORANGE_MAX_HOURS = 10;
/** The daily load bar is full at this many hours. */
export const LOAD_BAR_FULL_HOURS = 12;

// List limits (§2, §9)
export const MY_PROJECTS_LIMIT = 10;
export const OTHER_TASKS_LIMIT = 7;
export const UPCOMING_MILESTONES_LIMIT = 5;
export const TEAM_MEMBERS_LIMIT = 5;
/** Additional non-empty custom fields shown in the task detail dialog. */
export const TASK_DETAIL_CUSTOM_FIELDS_LIMIT = 5;

// Units (§9)
export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 3_600_000;

// Timesheet (§5, §7)
export const TIMESHEET_HOURS_MIN = 0;
export const TIMESHEET_HOURS_MAX = 24;
export const TIMESHEET_HOURS_STEP = 0.5;
/** Timesheet entries start at this UTC hour of their day. */
export const TIMESHEET_ENTRY_START_HOUR_UTC = 9;
