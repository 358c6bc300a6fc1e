import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { importLines, useRefreshBudget, type BudgetDetail, type BudgetLineImportPreview } from "./api";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** 50 MB is refused by the server anyway; reading a huge file in the browser is not worth it. */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * Import lines from CSV: choose a file → a dry run lists what would be added and every rejected
 * row and why → Import adds them all in one go (nothing is imported while a row is rejected).
 */
export function ImportDialog({
  budget,
  open,
  onOpenChange,
}: {
  budget: BudgetDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [preview, setPreview] = useState<BudgetLineImportPreview | null>(null);
  const [rejected, setRejected] = useState<BudgetLineImportPreview["rejected"]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshBudget();

  const reset = () => {
    setCsv(null);
    setFileName("");
    setPreview(null);
    setRejected([]);
    setError(null);
  };

  const choose = async (file: File | undefined) => {
    reset();
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_BYTES) {
      setError("The file is larger than 10 MB: split it into smaller files.");
      return;
    }
    const text = await file.text();
    setCsv(text);
    setBusy(true);
    try {
      const outcome = await importLines(budget.id, text, true);
      if (outcome.kind === "preview") {
        setPreview(outcome.preview);
        setRejected(outcome.preview.rejected);
      } else if (outcome.kind === "refused") {
        setError(outcome.message);
        setRejected(outcome.rejected);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!csv) return;
    setBusy(true);
    try {
      const latest = budget.revisions.find((r) => r.number === budget.latestRevisionNumber);
      const outcome = await importLines(budget.id, csv, false, latest?.version);
      if (outcome.kind === "imported") {
        toast.success("Lines imported", {
          description: `${plural(preview?.totals.accepted ?? 0, "line")} added.`,
        });
        await refresh(budget.id);
        reset();
        onOpenChange(false);
      } else if (outcome.kind === "refused") {
        setError(outcome.message);
        setRejected(outcome.rejected);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import lines from CSV</DialogTitle>
          <DialogDescription>
            The first row names the columns: section, number, description, quantity, rate, ot_hours, ot_rate,
            notes (the detail CSV export's columns are accepted too). Nothing is imported until every row
            reads.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="budget-import-file">CSV file</Label>
          <input
            id="budget-import-file"
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </div>
        {busy ? <p className="text-sm text-muted-foreground">Reading {fileName}…</p> : null}
        {preview ? (
          <p className="text-sm" data-testid="import-summary">
            {plural(preview.totals.rows, "row")} read: {preview.totals.accepted} can be imported,{" "}
            {preview.totals.rejected} rejected.
            {preview.totals.rejected > 0 ? " Correct these rows in the file and choose it again." : ""}
          </p>
        ) : null}
        {rejected.length > 0 ? (
          <div className="max-h-64 overflow-auto rounded-md border">
            <table className="w-full text-sm" aria-label="Rejected rows">
              <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Row
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Column
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    Why
                  </th>
                </tr>
              </thead>
              <tbody>
                {rejected.map((r, i) => (
                  <tr key={`${r.row}-${r.field}-${i}`} className="border-t">
                    <td className="px-2 py-1 tabular-nums">{r.row}</td>
                    <td className="px-2 py-1">{r.field}</td>
                    <td className="px-2 py-1">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <FormError message={error} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="button"
            onClick={() => void run()}
            disabled={busy || !preview || preview.totals.rejected > 0 || preview.totals.accepted === 0}
          >
            {preview && preview.totals.accepted > 0
              ? `Import ${plural(preview.totals.accepted, "line")}`
              : "Import"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
