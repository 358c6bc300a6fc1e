import { useCallback, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toaster";
import { useOrgId } from "@/features/dashboard/api";
import {
  budgetKeys,
  createLine,
  deleteLine,
  updateLine,
  useRefreshBudget,
  type BudgetDetail,
  type BudgetLineView,
  type UpdateBudgetLine,
} from "./api";

/** The fields a grid cell edits. */
export type LineField =
  | "number"
  | "description"
  | "quantityHundredths"
  | "rateMinor"
  | "otHoursHundredths"
  | "otRateMinor"
  | "actualMinor"
  | "notes";

export type LineValue = string | number;

/** A save refused with 409: what the user typed, and the line as it now is (shown, never overwritten). */
export interface LineConflict {
  lineId: string;
  field: LineField;
  mine: LineValue;
  current: BudgetLineView;
}

/**
 * Saves of grid cells. Each line's saves run one after another, and a save made from a version
 * this screen itself produced follows its own chain (Tab across two cells of a line sends the
 * second change from the first one's answer) — so only someone else's change answers 409. A 409
 * puts the current line on screen and records a conflict the user resolves: re-apply or keep.
 */
export function useLineSaver(budgetId: string) {
  const org = useOrgId();
  const client = useQueryClient();
  const refresh = useRefreshBudget();
  const chains = useRef(new Map<string, Promise<unknown>>());
  /** Versions this screen produced: line id → (from → to). */
  const produced = useRef(new Map<string, Map<number, number>>());
  const [conflicts, setConflicts] = useState<Record<string, LineConflict>>({});

  const patchCache = useCallback(
    (lineId: string, change: (line: BudgetLineView) => BudgetLineView) => {
      client.setQueriesData<BudgetDetail>({ queryKey: budgetKeys.one(org, budgetId) }, (old) =>
        old ? { ...old, lines: old.lines.map((l) => (l.id === lineId ? change(l) : l)) } : old,
      );
    },
    [client, org, budgetId],
  );

  const baseVersion = (lineId: string, seen: number) => {
    const mine = produced.current.get(lineId);
    let v = seen;
    for (let guard = 0; mine?.has(v) && guard < 1000; guard++) v = mine.get(v)!;
    return v;
  };

  const enqueue = <T>(lineId: string, job: () => Promise<T>): Promise<T> => {
    const previous = chains.current.get(lineId) ?? Promise.resolve();
    const next = previous.then(job, job);
    chains.current.set(
      lineId,
      next.catch(() => undefined),
    );
    return next;
  };

  /** Save one cell; resolves true when saved. */
  const save = useCallback(
    (
      line: BudgetLineView,
      field: LineField,
      value: LineValue,
      seenVersion = line.version,
    ): Promise<boolean> => {
      patchCache(line.id, (l) => ({ ...l, [field]: value }));
      return enqueue(line.id, async () => {
        const from = baseVersion(line.id, seenVersion);
        try {
          const result = await updateLine(budgetId, line.id, {
            baseVersion: from,
            [field]: value,
          } as UpdateBudgetLine);
          if (result.ok) {
            const mine = produced.current.get(line.id) ?? new Map<number, number>();
            mine.set(from, result.line.version);
            produced.current.set(line.id, mine);
            patchCache(line.id, () => result.line);
            setConflicts((c) => {
              if (!c[line.id]) return c;
              const { [line.id]: _resolved, ...rest } = c;
              return rest;
            });
            void refresh(budgetId);
            return true;
          }
          patchCache(line.id, () => result.current);
          setConflicts((c) => ({
            ...c,
            [line.id]: { lineId: line.id, field, mine: value, current: result.current },
          }));
          return false;
        } catch (error) {
          toast.error("The line was not saved", {
            description: error instanceof Error ? error.message : String(error),
          });
          void refresh(budgetId);
          return false;
        }
      });
    },
    [budgetId, patchCache, refresh],
  );

  const reapply = (conflict: LineConflict) =>
    save(conflict.current, conflict.field, conflict.mine, conflict.current.version);

  const keepTheirs = (lineId: string) =>
    setConflicts((c) => {
      const { [lineId]: _dropped, ...rest } = c;
      return rest;
    });

  const add = async (section: BudgetLineView["section"]): Promise<BudgetLineView | null> => {
    try {
      const line = await createLine(budgetId, { section });
      client.setQueriesData<BudgetDetail>({ queryKey: budgetKeys.one(org, budgetId) }, (old) =>
        old && old.revision.number === line.revisionNumber ? { ...old, lines: [...old.lines, line] } : old,
      );
      void refresh(budgetId);
      return line;
    } catch (error) {
      toast.error("The line was not added", {
        description: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  };

  const remove = (line: BudgetLineView) =>
    enqueue(line.id, async () => {
      try {
        await deleteLine(budgetId, line.id);
        client.setQueriesData<BudgetDetail>({ queryKey: budgetKeys.one(org, budgetId) }, (old) =>
          old ? { ...old, lines: old.lines.filter((l) => l.id !== line.id) } : old,
        );
        toast.success("Line deleted", {
          description: [line.number, line.description].filter(Boolean).join(" ") || undefined,
        });
      } catch (error) {
        toast.error("The line was not deleted", {
          description: error instanceof Error ? error.message : String(error),
        });
      }
      void refresh(budgetId);
    });

  return { save, add, remove, conflicts, reapply, keepTheirs };
}

export type LineSaver = ReturnType<typeof useLineSaver>;
