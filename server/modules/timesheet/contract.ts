/** Shapes of /api/timesheet — shared with the web app (type-only import). */

export type WriteBackStatus = "none" | "pending" | "synced" | "failed";

export interface TimesheetCell {
  /** Hours this timesheet wrote for the cell (the editable value). */
  hours: number;
  /** Hours logged in ClickUp itself for the cell: counted in totals, never changed here. */
  clickupHours: number;
  /** Write-back of the timesheet's hours to ClickUp ('none' when ClickUp is not connected with a token). */
  writeBack: WriteBackStatus;
  writeBackError: string | null;
}

export interface TimesheetRow {
  taskId: string;
  taskName: string;
  folderName: string;
  url: string;
}

export interface TimesheetResponse {
  /** Monday yyyy-MM-dd. */
  weekStart: string;
  /** The seven days yyyy-MM-dd. */
  days: string[];
  rows: TimesheetRow[];
  /** Keyed `${taskId}:${yyyy-MM-dd}`; cells without any time are omitted. */
  cells: Record<string, TimesheetCell>;
  /** Entries are written back to the user's ClickUp account. */
  writeBackEnabled: boolean;
}

export interface SaveTimesheetRequest {
  weekStart: string;
  /** `${taskId}:${yyyy-MM-dd}` → hours (0–24, step 0.5). Cells left out count as 0. */
  cells: Record<string, number>;
}

export interface SaveTimesheetResponse extends TimesheetResponse {
  changes: { inserted: number; updated: number; deleted: number; unchanged: number };
}
