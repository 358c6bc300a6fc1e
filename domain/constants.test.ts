import { describe, expect, it } from "vitest";
import * as C from "./constants";

describe("constants (spec §9)", () => {
  it("pins the spec's numbers", () => {
    expect({
      mobile: C.MOBILE_BREAKPOINT_PX,
      perSpace: C.MOBILE_NAV_PROJECTS_PER_SPACE,
      stale: C.QUERY_STALE_TIME_MS,
      retry: C.QUERY_RETRY,
      page: C.TASK_PAGE_SIZE,
      users: C.USERS_LIMIT,
      flush: C.SECURITY_FLUSH_INTERVAL_MS,
      userCache: C.USER_DETAILS_CACHE_MS,
      tokenBackoff: C.TOKEN_REFRESH_BACKOFF_MS,
      urlStale: C.URL_SESSION_STALENESS_MS,
      urgent: C.URGENT_WITHIN_DAYS,
      capacity: C.CAPACITY_HOURS_PER_DAY,
      barFull: C.LOAD_BAR_FULL_HOURS,
      myProjects: C.MY_PROJECTS_LIMIT,
      otherTasks: C.OTHER_TASKS_LIMIT,
      completedJobs: C.COMPLETED_JOBS_SPACE_NAME,
    }).toEqual({
      mobile: 768,
      perSpace: 3,
      stale: 300_000,
      retry: 1,
      page: 5000,
      users: 1000,
      flush: 30_000,
      userCache: 300_000,
      tokenBackoff: 200,
      urlStale: 120_000,
      urgent: 2,
      capacity: 8,
      barFull: 12,
      myProjects: 10,
      otherTasks: 7,
      completedJobs: "COMPLETED JOBS",
    });
  });
});
