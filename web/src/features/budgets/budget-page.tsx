import { useEffect, useRef, useState } from "react";
import { ChevronDown, ChevronRight, Download, FileUp, Lock } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import type { AicpSectionLetter } from "@domain/aicp";
import { lineEditRefusal, type BudgetAction } from "@domain/budget-lifecycle";
import { formatMoney } from "@domain/money";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { EmptyState, Page } from "@/features/app-shell/page";
import { BudgetPurchaseOrders } from "@/features/purchase-orders/budget-purchase-orders";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { budgetPath, useBudget, useTransitionBudget, type BudgetDetail } from "./api";
import { ChangesView } from "./changes-view";
import { ACTION_LABEL, BID_TYPE_LABEL, revisionName, STATUS_LABEL } from "./figures";
import { ImportDialog } from "./import-dialog";
import { LabourEntriesDialog } from "./labour-entries-dialog";
import { useLineSaver } from "./line-saver";
import { SectionGrid } from "./section-grid";
import { LabourMappingPanel, RatesPanel } from "./settings-panels";
import { BudgetStatusBadge, Money, Variance } from "./status-badge";
import { TopSheet } from "./top-sheet";

/** /finance/budgets/:budgetId — the budget on the AICP form: header, top sheet, sections, settings. */
export function BudgetPage() {
  const { budgetId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const revisionParam = params.get("revision");
  const revision = revisionParam !== null && /^\d+$/.test(revisionParam) ? Number(revisionParam) : null;
  const budget = useBudget(budgetId, revision);

  if (budget.isPending) {
    return (
      <Page title="Budget">
        <div className="space-y-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-96" />
        </div>
      </Page>
    );
  }
  if (budget.isError) {
    const notFound = budget.error instanceof ApiError && budget.error.status === 404;
    return (
      <Page title="Budget" description="AICP bid form.">
        <EmptyState title={notFound ? "Budget not found" : "Could not load the budget"}>
          {notFound ? "This budget does not exist in the current workspace." : budget.error.message}
          <div className="mt-4">
            <Button asChild size="sm" variant="outline">
              <Link to="/finance/budgets">Back to budgets</Link>
            </Button>
          </div>
        </EmptyState>
      </Page>
    );
  }
  return (
    <BudgetView
      key={`${budget.data.id}:${budget.data.revision.number}`}
      budget={budget.data}
      onRevision={(n) => {
        const next = new URLSearchParams(params);
        if (n === null || n === budget.data.latestRevisionNumber) next.delete("revision");
        else next.set("revision", String(n));
        setParams(next, { replace: true });
      }}
    />
  );
}

function BudgetView({
  budget,
  onRevision,
}: {
  budget: BudgetDetail;
  onRevision: (n: number | null) => void;
}) {
  const navigate = useNavigate();
  const transition = useTransitionBudget(budget.id);
  const saver = useLineSaver(budget.id);
  const [labourSection, setLabourSection] = useState<AicpSectionLetter | null>(null);
  const [importing, setImporting] = useState(false);
  const isLatest = budget.revision.number === budget.latestRevisionNumber;
  const editable = budget.revision.linesEditable && isLatest;
  const actualsEditable = budget.revision.actualsEditable && isLatest;
  const sections = budget.totals.estimate.sections;
  const [open, setOpen] = useState<Set<AicpSectionLetter>>(() => {
    const used = new Set<AicpSectionLetter>(budget.lines.map((l) => l.section));
    for (const s of budget.labour.sections) if (s.entries > 0) used.add(s.section);
    return used;
  });
  // A section that gets its first line (an import, another person) opens.
  const known = useRef(new Set<AicpSectionLetter>(budget.lines.map((l) => l.section)));
  useEffect(() => {
    const fresh = budget.lines.map((l) => l.section).filter((letter) => !known.current.has(letter));
    if (fresh.length === 0) return;
    for (const letter of fresh) known.current.add(letter);
    setOpen((prev) => new Set([...prev, ...fresh]));
  }, [budget.lines]);
  const latest = budget.revisions.find((r) => r.number === budget.latestRevisionNumber);
  const revisionQuery = `?revision=${budget.revision.number}`;
  const currency = budget.currency;

  const act = (action: BudgetAction) => {
    transition.mutate(
      { action, ...(latest ? { baseVersion: latest.version } : {}) },
      {
        onSuccess: (next) => {
          toast.success(
            action === "change_order"
              ? `${revisionName(next.latestRevisionNumber)} opened`
              : `Budget ${STATUS_LABEL[next.status].toLowerCase()}`,
            { description: next.name },
          );
          onRevision(null);
        },
        onError: (error) =>
          toast.error(`Could not ${ACTION_LABEL[action].toLowerCase()}`, { description: error.message }),
      },
    );
  };

  const openSections = (letters: readonly AicpSectionLetter[]) => {
    setOpen((prev) => new Set([...prev, ...letters]));
    requestAnimationFrame(() =>
      document
        .getElementById(`section-${letters[0]}`)
        ?.scrollIntoView({ behavior: "smooth", block: "start" }),
    );
  };

  const toggle = (letter: AicpSectionLetter, next: boolean) =>
    setOpen((prev) => {
      const s = new Set(prev);
      if (next) s.add(letter);
      else s.delete(letter);
      return s;
    });

  return (
    <Page
      title={budget.name}
      description={[budget.projectName ?? "Unknown project", budget.clientName ?? "No client"].join(" · ")}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {budget.allowedActions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === "approve" || action === "submit" ? "default" : "outline"}
              disabled={transition.isPending}
              onClick={() => act(action)}
            >
              {ACTION_LABEL[action]}
            </Button>
          ))}
        </div>
      }
    >
      <div className="space-y-8">
        <section aria-label="Budget details" className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
            <Fact label="Status">
              <BudgetStatusBadge status={budget.revision.status} />
            </Fact>
            <Fact label="Project">
              <Link
                to={`/finance/budgets?projectId=${encodeURIComponent(budget.projectId)}`}
                className="hover:underline"
              >
                {budget.projectName ?? "Unknown project"}
              </Link>
            </Fact>
            <Fact label="Client">{budget.clientName ?? "—"}</Fact>
            <Fact label="Form">{budget.formName}</Fact>
            <Fact label="Bid type">{BID_TYPE_LABEL[budget.bidType]}</Fact>
            <Fact label="Revision" className="col-span-2 sm:col-span-1">
              <label htmlFor="budget-revision" className="sr-only">
                Revision
              </label>
              <select
                id="budget-revision"
                className={cn(SELECT_CLASS, "h-8")}
                value={budget.revision.number}
                onChange={(e) => onRevision(Number(e.target.value))}
              >
                {[...budget.revisions].reverse().map((r) => (
                  <option key={r.number} value={r.number}>
                    {revisionName(r.number)} · {STATUS_LABEL[r.status]}
                  </option>
                ))}
              </select>
            </Fact>
          </dl>
          <div
            className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7"
            aria-label="Figures"
            role="group"
          >
            <Figure
              label="Estimate"
              value={<Money value={budget.figures.estimateMinor} currency={currency} />}
            />
            <Figure
              label="Committed"
              value={<Money value={budget.figures.committedMinor} currency={currency} />}
            />
            <Figure label="Actual" value={<Money value={budget.figures.actualMinor} currency={currency} />} />
            <Figure
              label="Client actual"
              value={<Money value={budget.figures.clientActualMinor} currency={currency} />}
            />
            <Figure
              label="Invoiced"
              value={<Money value={budget.figures.invoicedMinor} currency={currency} />}
            />
            <Figure
              label="Variance"
              value={<Variance value={budget.figures.varianceMinor} currency={currency} />}
            />
            <Figure
              label="Forecast"
              value={<Money value={budget.figures.forecastMinor} currency={currency} />}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <a href={`${budgetPath(budget.id)}/export.pdf${revisionQuery}`} download>
                <Download aria-hidden /> PDF
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={`${budgetPath(budget.id)}/export.csv${revisionQuery}&part=topsheet`} download>
                <Download aria-hidden /> Top sheet CSV
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <a href={`${budgetPath(budget.id)}/export.csv${revisionQuery}&part=detail`} download>
                <Download aria-hidden /> Detail CSV
              </a>
            </Button>
            {editable ? (
              <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                <FileUp aria-hidden /> Import CSV
              </Button>
            ) : null}
          </div>
          {!isLatest ? (
            <p className="rounded-md border bg-muted/30 p-3 text-sm" role="status">
              You are looking at {revisionName(budget.revision.number)} (
              {STATUS_LABEL[budget.revision.status].toLowerCase()}).{" "}
              <button type="button" className="font-medium underline" onClick={() => onRevision(null)}>
                Show the latest revision
              </button>
              ; actions apply to it.
            </p>
          ) : null}
          {!budget.revision.linesEditable ? (
            <p
              className="flex items-start gap-2 rounded-md border bg-muted/30 p-3 text-sm"
              data-testid="locked"
            >
              <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {lineEditRefusal(budget.revision.status)}
                {actualsEditable ? " Actuals and notes can still be entered." : ""}
              </span>
            </p>
          ) : null}
        </section>

        <ChangesView budget={budget} />

        <section aria-labelledby="top-sheet-heading" className="space-y-3">
          <h2 id="top-sheet-heading" className="text-lg font-semibold">
            Top sheet
          </h2>
          <TopSheet budget={budget} onOpenSections={openSections} />
        </section>

        <section aria-labelledby="sections-heading" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="sections-heading" className="text-lg font-semibold">
              Sections
            </h2>
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setOpen(new Set(sections.map((s) => s.letter)))}
              >
                Expand all
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setOpen(new Set())}>
                Collapse all
              </Button>
            </div>
          </div>
          {editable ? (
            <p className="text-xs text-muted-foreground">
              Type in a cell; Tab and Shift+Tab move across, Enter saves and moves down (on the last line it
              adds one), Escape puts the saved value back.
            </p>
          ) : null}
          <div className="space-y-2">
            {sections.map((s) => {
              const lines = budget.lines.filter((l) => l.section === s.letter);
              const isOpen = open.has(s.letter);
              return (
                <Collapsible
                  key={s.letter}
                  open={isOpen}
                  onOpenChange={(next) => toggle(s.letter, next)}
                  className="scroll-mt-20"
                  id={`section-${s.letter}`}
                >
                  <CollapsibleTrigger asChild>
                    <button
                      type="button"
                      className="flex w-full items-center gap-2 rounded-md px-2 py-2 text-left hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      data-testid={`section-toggle-${s.letter}`}
                    >
                      {isOpen ? (
                        <ChevronDown aria-hidden className="size-4 shrink-0" />
                      ) : (
                        <ChevronRight aria-hidden className="size-4 shrink-0" />
                      )}
                      <span className="w-5 font-semibold">{s.letter}</span>
                      <span className="min-w-0 flex-1 truncate">
                        {s.name}
                        {s.labour ? <span className="ml-2 text-xs text-muted-foreground">Labour</span> : null}
                      </span>
                      <span className="hidden text-xs text-muted-foreground sm:inline">
                        {lines.length} line{lines.length === 1 ? "" : "s"}
                      </span>
                      <span
                        className="w-28 text-right font-medium tabular-nums"
                        data-testid={`section-total-${s.letter}`}
                      >
                        {formatMoney(s.subtotal, currency)}
                      </span>
                    </button>
                  </CollapsibleTrigger>
                  <CollapsibleContent className="pt-1 pb-3">
                    <SectionGrid
                      budget={budget}
                      letter={s.letter}
                      lines={lines}
                      editable={editable}
                      actualsEditable={actualsEditable}
                      saver={saver}
                      onOpenLabour={setLabourSection}
                    />
                  </CollapsibleContent>
                </Collapsible>
              );
            })}
          </div>
        </section>

        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <h2 className="font-semibold">Rates</h2>
            </CardHeader>
            <CardContent>
              <RatesPanel budget={budget} editable={editable} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="font-semibold">Labour mapping</h2>
            </CardHeader>
            <CardContent>
              <LabourMappingPanel budget={budget} editable={budget.status !== "closed"} />
            </CardContent>
          </Card>
        </div>
        <BudgetPurchaseOrders
          budgetId={budget.id}
          orderable={budget.workingRevisionNumber !== null && budget.status !== "closed"}
        />
        <p>
          <Button variant="link" className="px-0" onClick={() => void navigate("/finance/budgets")}>
            Back to budgets
          </Button>
        </p>
      </div>
      <LabourEntriesDialog budget={budget} section={labourSection} onClose={() => setLabourSection(null)} />
      {editable ? <ImportDialog budget={budget} open={importing} onOpenChange={setImporting} /> : null}
    </Page>
  );
}

function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate">{children}</dd>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg border bg-card p-3" data-figure={label}>
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="mt-1 text-base font-semibold">{value}</div>
    </div>
  );
}
