/** Response shapes of /api/impersonation — shared with the web app (type-only import). */

export interface ImpersonationState {
  active: boolean;
  user: { id: string; displayName: string; email: string } | null;
}

export interface WorkspaceUser {
  id: string;
  displayName: string;
  email: string;
  /** ClickUp username when the person has connected ClickUp. */
  username: string | null;
  role: "owner" | "admin" | "member";
  profilePicture: string | null;
  /** False for admins, owners and the caller (never impersonated). */
  canImpersonate: boolean;
}

export interface WorkspaceUsersResponse {
  users: WorkspaceUser[];
}
