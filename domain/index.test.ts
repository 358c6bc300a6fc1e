import { describe, expect, it } from "vitest";
import * as domain from "./index";

describe("index", () => {
  it("re-exports the rules of every module", () => {
    for (const name of [
      "itemTypeLabel",
      "isFinishedStatus",
      "projectPhase",
      "outstandingRevisions",
      "effectiveTaskRange",
      "weekWindow",
      "bookedTodayPercent",
      "taskPriority",
      "selectOtherTasks",
      "upcomingMilestones",
      "formatHours",
      "resolveAssigneeName",
      "can",
      "buildTimesheetEntries",
      "signInErrorMessage",
      "containsMaliciousContent",
      "MESSAGES",
      "CAPACITY_HOURS_PER_DAY",
      "groupProjectsBySpace",
      "projectHeaderFields",
      "selectDatasetData",
      "pickCurrentWorkspace",
      "detailCustomFields",
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
