import { useCallback, useState } from "react";
import { isIsoDay, type ViewMode } from "./model";

/*
 * Spec §3 "Calendar UI state", kept as spec §4 says: "The calendar state is cleared from local
 * storage on load and rewritten on change (all projects shown by default)". So a fresh load always
 * starts from the defaults (month view — the list on phones —, today, every project and meta task
 * shown, sidebar open, no search, nothing focused), and every change writes the whole state under
 * one key, where nothing reads it back but the next change.
 */

export const CALENDAR_STATE_KEY = "calendar-ui-state";

export interface CalendarUiState {
  sidebarVisible: boolean;
  searchTerm: string;
  /** folder id (or NO_PROJECT) → false when hidden; a missing key is shown (all shown by default). */
  visibleFolders: Record<string, boolean>;
  /** meta task id → false when hidden; a missing key is shown. */
  visibleMetaTasks: Record<string, boolean>;
  /** The focused project (folder id or NO_PROJECT): only its items are shown. */
  selectedFolder: string | null;
  /** The focused meta task: only its items are shown. */
  selectedMetaTask: string | null;
  /** A day (yyyy-MM-dd) inside the month or week shown. */
  currentDate: string;
  viewMode: ViewMode;
}

export function defaultCalendarState(today: string, mobile: boolean): CalendarUiState {
  return {
    sidebarVisible: !mobile,
    searchTerm: "",
    visibleFolders: {},
    visibleMetaTasks: {},
    selectedFolder: null,
    selectedMetaTask: null,
    currentDate: isIsoDay(today) ? today : new Date().toISOString().slice(0, 10),
    viewMode: mobile ? "list" : "month",
  };
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the state just lives in memory
  }
}

/** The §4 "cleared on load". */
export function clearStoredCalendarState(): void {
  try {
    storage()?.removeItem(CALENDAR_STATE_KEY);
  } catch {
    /* storage refused: nothing stored to clear */
  }
}

/** The §4 "rewritten on change". */
export function storeCalendarState(state: CalendarUiState): void {
  try {
    storage()?.setItem(CALENDAR_STATE_KEY, JSON.stringify(state));
  } catch {
    /* quota or privacy mode: the screen keeps working from memory */
  }
}

export type CalendarStateChange =
  Partial<CalendarUiState> | ((state: CalendarUiState) => Partial<CalendarUiState>);

/**
 * The calendar's UI state: the defaults on every load (the stored copy is cleared first), each
 * change applied and written back to local storage.
 */
export function useCalendarUiState(today: string, mobile: boolean) {
  const [state, setState] = useState<CalendarUiState>(() => {
    clearStoredCalendarState();
    return defaultCalendarState(today, mobile);
  });
  const update = useCallback((change: CalendarStateChange) => {
    setState((previous) => {
      const next = { ...previous, ...(typeof change === "function" ? change(previous) : change) };
      storeCalendarState(next);
      return next;
    });
  }, []);
  return [state, update] as const;
}
