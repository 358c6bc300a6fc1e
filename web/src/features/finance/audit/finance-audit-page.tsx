import { useId } from "react";
import { Download, X } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, Page } from "@/features/app-shell/page";
import { cn } from "@/lib/cn";
import { useListUrlState } from "@/lib/list-url-state";
import {
  FINANCE_AUDIT_OBJECTS,
  financeAuditQueryString,
  useFinanceAudit,
  type FinanceAuditEvent,
} from "./api";
import { actionLabel, fieldChanges, FILTER_KEYS, objectHref, objectLabel, whenText } from "./model";

const selectClass = "h-9 w-full rounded-md border bg-background px-3 text-sm";

/**
 * Finance Audit (/finance/audit, PRODUCT.md → Finance audit): the append-only trail of every
 * finance change — when (workspace zone), who (and the admin viewing as them), the object with a
 * link, the action and the values before and after, field by field. Filters live in the URL;
 * the list is paged on the server; the CSV downloads exactly what is filtered.
 */
export function FinanceAuditPage() {
  const { params, update } = useListUrlState();
  const list = useFinanceAudit(params);
  const data = list.data;
  const ids = { object: useId(), person: useId(), from: useId(), to: useId() };
  const filtered = FILTER_KEYS.some((k) => params.get(k));

  const clear = () => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, null])));

  const csv = financeAuditQueryString(params, false);
  const csvHref = `/api/audit/finance.csv${csv ? `?${csv}` : ""}`;
  const personId = params.get("personId") ?? "";
  const people = data?.people ?? [];
  // A person in the URL who is no longer a member still shows in the choice.
  const personMissing = personId !== "" && data !== undefined && !people.some((p) => p.id === personId);

  return (
    <Page
      title="Finance Audit"
      description="Every change to rate cards and budgets: who made it, when, and what it changed. Nothing here can be edited or deleted."
      actions={
        <Button asChild variant="outline" size="sm">
          <a href={csvHref} download>
            <Download aria-hidden /> Download CSV
          </a>
        </Button>
      }
    >
      <form
        aria-label="Filters"
        className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-[repeat(4,minmax(0,12rem))_auto] md:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="col-span-2 md:col-span-1">
          <label htmlFor={ids.object} className="mb-1 block text-xs font-medium text-muted-foreground">
            Object
          </label>
          <select
            id={ids.object}
            className={selectClass}
            value={params.get("object") ?? ""}
            onChange={(e) => update({ object: e.target.value || null })}
          >
            <option value="">All objects</option>
            {FINANCE_AUDIT_OBJECTS.map((o) => (
              <option key={o} value={o}>
                {objectLabel(o)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 md:col-span-1">
          <label htmlFor={ids.person} className="mb-1 block text-xs font-medium text-muted-foreground">
            Person
          </label>
          <select
            id={ids.person}
            className={selectClass}
            value={personId}
            onChange={(e) => update({ personId: e.target.value || null })}
          >
            <option value="">Everyone</option>
            {personMissing ? <option value={personId}>Former member</option> : null}
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.from} className="mb-1 block text-xs font-medium text-muted-foreground">
            From
          </label>
          <input
            id={ids.from}
            type="date"
            className={selectClass}
            value={params.get("from") ?? ""}
            max={params.get("to") ?? undefined}
            onChange={(e) => update({ from: e.target.value || null })}
          />
        </div>
        <div>
          <label htmlFor={ids.to} className="mb-1 block text-xs font-medium text-muted-foreground">
            To
          </label>
          <input
            id={ids.to}
            type="date"
            className={selectClass}
            value={params.get("to") ?? ""}
            min={params.get("from") ?? undefined}
            onChange={(e) => update({ to: e.target.value || null })}
          />
        </div>
        {filtered ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="col-span-2 justify-self-start md:col-span-1"
            onClick={clear}
          >
            <X aria-hidden /> Clear filters
          </Button>
        ) : null}
      </form>

      {list.isPending ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading the audit trail">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState title="Could not load the audit trail">
          {list.error.message}
          {filtered ? (
            <div className="mt-3">
              <Button variant="outline" size="sm" onClick={clear}>
                Clear filters
              </Button>
            </div>
          ) : null}
        </EmptyState>
      ) : data && data.total === 0 ? (
        filtered ? (
          <EmptyState title="No changes match these filters">
            Widen the dates, pick another object or person, or{" "}
            <button type="button" className="font-medium text-foreground underline" onClick={clear}>
              clear the filters
            </button>
            .
          </EmptyState>
        ) : (
          <EmptyState title="No finance changes yet">
            Every change to a rate card or a budget is recorded here as it is made. Start with{" "}
            <Link className="font-medium text-foreground underline" to="/finance/rate-cards">
              the rate cards
            </Link>{" "}
            or{" "}
            <Link className="font-medium text-foreground underline" to="/finance/budgets">
              a budget
            </Link>
            .
          </EmptyState>
        )
      ) : data ? (
        <>
          <div
            aria-busy={list.isPlaceholderData || undefined}
            data-testid="finance-audit-list"
            className={cn(
              "overflow-hidden rounded-xl border bg-card",
              list.isPlaceholderData && "opacity-60",
            )}
          >
            <div
              aria-hidden
              className="hidden grid-cols-[11rem_12rem_minmax(0,15rem)_minmax(0,1fr)] gap-4 border-b bg-muted/40 px-4 py-2 text-xs font-medium text-muted-foreground lg:grid"
            >
              <span>When</span>
              <span>Who</span>
              <span>Object</span>
              <span>What changed</span>
            </div>
            <ol aria-label="Finance changes, newest first" className="divide-y">
              {data.items.map((e) => (
                <AuditRow key={e.id} event={e} timeZone={data.timeZone} />
              ))}
            </ol>
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(next) => update({ page: String(next) }, false)}
          />
        </>
      ) : null}
    </Page>
  );
}

function Who({ event: e }: { event: FinanceAuditEvent }) {
  if (!e.impersonator) {
    return (
      <div className="min-w-0">
        <p className="truncate font-medium">{e.actor.name}</p>
        {e.actor.email && e.actor.email !== e.actor.name ? (
          <p className="truncate text-xs text-muted-foreground">{e.actor.email}</p>
        ) : null}
      </div>
    );
  }
  return (
    <div
      className="min-w-0"
      title={`${e.impersonator.name} made this change while viewing the app as ${e.actor.name}`}
    >
      <p className="truncate font-medium">{e.impersonator.name}</p>
      <p className="truncate text-xs text-amber-800 dark:text-amber-300" data-testid="impersonation">
        as {e.actor.name} (viewing as)
      </p>
    </div>
  );
}

function AuditRow({ event: e, timeZone }: { event: FinanceAuditEvent; timeZone: string }) {
  const changes = fieldChanges(e.before, e.after, e.currency, {
    projectName: e.projectName,
    object: e.object,
    cardNames: e.cardNames,
  });
  const href = objectHref(e);
  const name = e.label ?? e.objectId;
  return (
    <li
      className="grid gap-x-4 gap-y-2 px-4 py-3 text-sm lg:grid-cols-[11rem_12rem_minmax(0,15rem)_minmax(0,1fr)]"
      data-object={e.object}
      data-action={e.action}
    >
      <div className="flex items-baseline justify-between gap-2 lg:block">
        <time
          dateTime={e.occurredAt}
          className="text-xs text-muted-foreground tabular-nums lg:block lg:text-sm lg:text-foreground"
        >
          {whenText(e.occurredAt, timeZone)}
        </time>
        <span
          className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium lg:mt-1 lg:inline-block"
          data-testid="action"
        >
          {actionLabel(e.action)}
        </span>
      </div>
      <Who event={e} />
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{objectLabel(e.object)}</p>
        {href ? (
          <Link to={href} className="block font-medium break-words hover:underline">
            {name}
          </Link>
        ) : (
          <p className="font-medium break-words">{name}</p>
        )}
        {e.projectName ? <p className="truncate text-xs text-muted-foreground">{e.projectName}</p> : null}
      </div>
      <Changes changes={changes} />
    </li>
  );
}

function Changes({ changes }: { changes: ReturnType<typeof fieldChanges> }) {
  if (changes.length === 0) return <p className="text-muted-foreground">No field changed.</p>;
  // A creation or a deletion lists values, not changes: label–value pairs that wrap.
  if (changes.every((c) => c.before === null) || changes.every((c) => c.after === null)) {
    return (
      <dl className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Values">
        {changes.map((c) => (
          <div key={c.path} className="flex min-w-0 gap-1.5" data-field={c.path}>
            <dt className="text-muted-foreground">{c.label}</dt>
            <dd className="min-w-0 break-words">
              {c.after !== null ? (
                <span className="font-medium">{c.after}</span>
              ) : (
                <del className="text-muted-foreground">{c.before}</del>
              )}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1" aria-label="What changed">
      {changes.map((c) => (
        <div key={c.path} className="contents" data-field={c.path}>
          <dt className="text-muted-foreground">{c.label}</dt>
          <dd className="min-w-0 break-words">
            {c.before !== null && c.after !== null ? (
              <>
                <del className="text-muted-foreground">{c.before}</del>
                <span aria-hidden> → </span>
                <span className="sr-only"> changed to </span>
                <ins className="font-medium no-underline">{c.after}</ins>
              </>
            ) : c.after !== null ? (
              <span className="font-medium">{c.after}</span>
            ) : (
              <del className="text-muted-foreground">{c.before}</del>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
