/**
 * Every exact user-facing text of spec §2, §5 and §8, word for word. Toasts are `{ title,
 * description }`; texts with a placeholder are functions. UI and server import from here so the
 * wording cannot drift.
 */

export interface ToastMessage {
  readonly title: string;
  readonly description: string;
}

/** Default project name of a dashboard task without a folder (spec §3). */
export const NO_PROJECT_NAME = "No Project";
/** Space name shown for an unknown space (spec §2). */
export const UNKNOWN_SPACE_NAME = "Unknown Space";

export const MESSAGES = {
  // Workspaces (§8)
  organizationsLoadFailed: { title: "Error", description: "Failed to load organizations" },
  organizationSwitched: (name: string): ToastMessage => ({
    title: "Organization switched",
    description: `Switched to ${name}`,
  }),
  organizationCreated: { title: "Success", description: "Organization created successfully" },
  organizationCreateFailed: { title: "Error", description: "Failed to create organization" },
  organizationNoData: "No data returned from organization creation",

  // Tasks access (§8)
  accessibleTasksFailed: (status: number | string): string => `Failed to fetch accessible tasks: ${status}`,

  // Session (§5, §8)
  session: {
    noAuthenticatedUser: "No authenticated user found",
    initializeFailed: "Failed to initialize session",
    refreshFailed: "Failed to refresh session",
    validationFailed: "Session validation failed",
  },
  resendMissingTarget: "You must provide either an email or phone number and a type",

  // Sign-in (§5, §8)
  signIn: {
    missingCredentials: "Please enter both email and password",
    noInternet: "No internet connection. Please check your connection and try again.",
    retrying: (seconds: number): string => `Connection issue detected. Retrying in ${seconds} seconds...`,
    failedAfterRetries: "Authentication failed after multiple attempts.",
    timedOut: "Connection timed out. Please check your internet connection and try again.",
    networkError: "Network error. Please check your connection and try again.",
    slowConnection: "Slow connection detected. Authentication may take longer than usual.",
    authFailed: "Authentication failed",
    authFailedDesktop: "Authentication failed. Please try again.",
    unexpected: "An unexpected error occurred",
    unexpectedDesktop: "An unexpected error occurred. Please try again.",
    googleFailed: "Google sign in failed. Please try again.",
    accountCreated: "Account created!",
    signedIn: "Signed in!",
    accountCreatedDesktop: "Account created successfully!",
    signedInDesktop: "Signed in successfully!",
  },

  // Workload (§2, §8)
  noOrganizationAccess: {
    title: "No Organization Access",
    description:
      "You need to be assigned to an organization to view workload data. Please contact your administrator.",
  },
  workloadFetchFailed: { title: "Error", description: "Failed to fetch workload tasks" },

  // Timesheet (§8)
  timesheet: {
    loadFailed: { title: "Error", description: "Failed to load existing time entries" },
    saveFailed: { title: "Error", description: "Failed to save time entries" },
    saved: { title: "Success", description: "Time entries saved successfully" },
  },

  // Datasets (§8)
  datasets: {
    fetchFailed: "Failed to fetch datasets",
    saveFailed: "Failed to save dataset",
    deleteFailed: "Failed to delete dataset",
    saved: "Dataset saved successfully",
    deleted: "Dataset deleted successfully",
  },

  // Project page (§2, §8)
  project: {
    metaTaskFetchFailed: (message: string): string => `Failed to fetch meta task: ${message}`,
    metaTaskNotFound: "Meta task not found",
    loadDetailsFailed: "Failed to load project details",
    notFound: "Project not found",
    taskSummaryFailed: "Failed to load task summary",
    teamMembersFailed: "Failed to load team members",
    tasksFailed: "Failed to load tasks",
    noActiveTasks: "No active tasks found",
    nextSevenDays: "Next 7 days",
  },

  // Fallback screens (§2, §8)
  chunkLoadFailed: "Failed to load application component. This usually happens after an app update.",
  appUpdateRequired: "App Update Required",
  errorBoundary: {
    title: "Something went wrong",
    description:
      "An error occurred while loading this page. Please try refreshing or contact support if the problem persists.",
  },

  // Personal dashboard (§2)
  dashboard: {
    connectHeading: "Connect to ClickUp",
    connectText: "Connect your ClickUp account to view your personal dashboard",
    goToSettings: "Go to Settings",
    greeting: (username: string): string => `Hello, ${username}`,
    noAnnouncements: "No announcements at this time",
    noAssignments: "No assignments",
    impersonatedView: "Impersonated View",
    stopImpersonating: "Stop Impersonating",
    showWeekends: "+ Weekends",
    weekdaysOnly: "Mon-Fri",
  },

  // Navigation (§2)
  nav: {
    loading: "Loading...",
    noBidProjects: "No bid projects",
    noCreativeProjects: "No creative projects",
    noPostProjects: "No post projects",
    allWorkspaces: "All Workspaces",
    newWorkspace: "New workspace",
    moreProjects: (count: number): string => `+${count} more`,
    createWorkspaceTitle: "Create New Workspace",
    workspaceNameLabel: "Workspace Name",
    workspaceNamePlaceholder: "Enter workspace name",
    creating: "Creating...",
  },
} as const;
