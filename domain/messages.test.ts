import { describe, expect, it } from "vitest";
import { MESSAGES, NO_PROJECT_NAME, UNKNOWN_SPACE_NAME } from "./messages";

describe("MESSAGES (spec §2, §5, §8 word for word)", () => {
  it("workspace toasts", () => {
    expect(MESSAGES.organizationCreated).toEqual({
      title: "Success",
      description: "Organization created successfully",
    });
    expect(MESSAGES.organizationsLoadFailed).toEqual({
      title: "Error",
      description: "Failed to load organizations",
    });
    expect(MESSAGES.organizationSwitched("Acme")).toEqual({
      title: "Organization switched",
      description: "Switched to Acme",
    });
    expect(MESSAGES.organizationNoData).toBe("No data returned from organization creation");
  });
  it("no organization access toast", () => {
    expect(MESSAGES.noOrganizationAccess).toEqual({
      title: "No Organization Access",
      description:
        "You need to be assigned to an organization to view workload data. Please contact your administrator.",
    });
  });
  it("sign-in texts", () => {
    expect(MESSAGES.signIn.missingCredentials).toBe("Please enter both email and password");
    expect(MESSAGES.signIn.retrying(4)).toBe("Connection issue detected. Retrying in 4 seconds...");
    expect(MESSAGES.signIn.googleFailed).toBe("Google sign in failed. Please try again.");
    expect(MESSAGES.resendMissingTarget).toBe("You must provide either an email or phone number and a type");
  });
  it("timesheet toasts", () => {
    expect(MESSAGES.timesheet.saved).toEqual({
      title: "Success",
      description: "Time entries saved successfully",
    });
    expect(MESSAGES.timesheet.loadFailed.description).toBe("Failed to load existing time entries");
  });
  it("project, dataset and access texts", () => {
    expect(MESSAGES.project.metaTaskFetchFailed("timeout")).toBe("Failed to fetch meta task: timeout");
    expect(MESSAGES.project.notFound).toBe("Project not found");
    expect(MESSAGES.project.noActiveTasks).toBe("No active tasks found");
    expect(MESSAGES.project.nextSevenDays).toBe("Next 7 days");
    expect(MESSAGES.accessibleTasksFailed(403)).toBe("Failed to fetch accessible tasks: 403");
    expect(MESSAGES.datasets.deleted).toBe("Dataset deleted successfully");
  });
  it("fallback screens", () => {
    expect(MESSAGES.chunkLoadFailed).toBe(
      "Failed to load application component. This usually happens after an app update.",
    );
    const { title, description } = MESSAGES.errorBoundary;
    expect(`${title}. ${description}`).toBe(
      "Something went wrong. An error occurred while loading this page. Please try refreshing or contact support if the problem persists.",
    );
  });
  it("dashboard and navigation texts", () => {
    expect(MESSAGES.dashboard.noAnnouncements).toBe("No announcements at this time");
    expect(MESSAGES.dashboard.connectText).toBe(
      "Connect your ClickUp account to view your personal dashboard",
    );
    expect(MESSAGES.dashboard.greeting("ann")).toBe("Hello, ann");
    expect(MESSAGES.dashboard.noAssignments).toBe("No assignments");
    expect(MESSAGES.nav.noBidProjects).toBe("No bid projects");
    expect(MESSAGES.nav.noCreativeProjects).toBe("No creative projects");
    expect(MESSAGES.nav.noPostProjects).toBe("No post projects");
    expect(MESSAGES.nav.moreProjects(4)).toBe("+4 more");
    expect(UNKNOWN_SPACE_NAME).toBe("Unknown Space");
    expect(NO_PROJECT_NAME).toBe("No Project");
  });
});
