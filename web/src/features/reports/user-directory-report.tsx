import { useState } from "react";
import { formatDateTime, formatHours } from "@domain/index";
import { formatRate } from "@domain/money";
import { Figure } from "@/components/document-parts";
import { useUserDirectory, type UserDirectoryResponse, type UserDirectoryRow } from "./api";
import { EntriesDialog, type EntriesTarget } from "./entries-dialog";
import { FigureButton, hoursText, percentText } from "./figures";
import { ReportFrame } from "./report-frame";
import { EmptyReport, REPORT_CELL, useReportSort } from "./report-table";
import { useReportUrlState, withParams } from "./url-state";

/*
 * The user directory (issue 16 point 6): every ClickUp user with the Agency Hub member linked to
 * them, ClickUp role, role tags, rates in force today, hours per day, capacity and time logged in
 * the period, target and last time logged; names by the spec §8 fallback, unresolved counted.
 */

type SortKey = "name" | "internalRate" | "clientRate" | "capacityMinutes" | "loggedMs" | "lastLoggedAt";
const SORT_KEYS: readonly SortKey[] = [
  "name",
  "internalRate",
  "clientRate",
  "capacityMinutes",
  "loggedMs",
  "lastLoggedAt",
];

const minutesText = (minutes: number) => formatHours(minutes / 60);
const ROLE_LABEL = { owner: "Owner", admin: "Admin", member: "Member", guest: "Guest" } as const;

export function UserDirectoryReport() {
  const state = useReportUrlState();
  const report = useUserDirectory(state.filterQuery);
  const [target, setTarget] = useState<EntriesTarget | null>(null);
  return (
    <ReportFrame
      title="User Directory"
      description="People with their role, link, role tags, rates today, capacity, target and last time logged."
      state={state}
      shown={report.data?.period}
      csvHref={`/api/reports/user-directory.csv?${state.filterQuery}`}
      query={report}
    >
      {report.data ? (
        <DirectoryBody
          data={report.data}
          state={state}
          open={(r) =>
            setTarget({ title: r.name, query: withParams(state.filterQuery, { person: r.personId }) })
          }
          dimmed={report.isPlaceholderData}
        />
      ) : null}
      <EntriesDialog target={target} onClose={() => setTarget(null)} />
    </ReportFrame>
  );
}

function DirectoryBody({
  data,
  state,
  open,
  dimmed,
}: {
  data: UserDirectoryResponse;
  state: ReturnType<typeof useReportUrlState>;
  open: (row: UserDirectoryRow) => void;
  dimmed: boolean;
}) {
  const { rows, header } = useReportSort<UserDirectoryRow, SortKey>({
    state,
    keys: SORT_KEYS,
    initial: { sort: "name", dir: "asc" },
    value: (r, k) => r[k],
    label: (r) => r.name,
    rows: data.rows,
  });
  const td = REPORT_CELL;
  const linked = data.rows.filter((r) => r.member !== null).length;
  if (rows.length === 0) {
    return (
      <EmptyReport>
        Nobody to show under these filters. People appear once ClickUp users are synced.
      </EmptyReport>
    );
  }
  return (
    <div className={dimmed ? "opacity-60" : undefined}>
      <div className="mb-4 grid grid-cols-2 gap-2 md:grid-cols-3">
        <Figure label="People" value={String(data.rows.length)} />
        <Figure label="Linked to a member" value={String(linked)} />
        <Figure label="Unresolved names" value={String(data.unresolved)} alert={data.unresolved > 0} />
      </div>
      {data.unresolved > 0 ? (
        <p role="status" className="mb-3 text-sm text-destructive">
          {data.unresolved === 1 ? "1 person has" : `${data.unresolved} people have`} neither a username nor
          an e-mail in ClickUp and {data.unresolved === 1 ? "is" : "are"} shown as “User {"{id}"}”.
        </p>
      ) : null}
      <div className="relative overflow-x-auto rounded-xl border bg-card [contain:inline-size]">
        <table className="w-full text-sm" aria-label="User directory">
          <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
            <tr>
              {header("Person", "name", false)}
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Role
              </th>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Role tags
              </th>
              {header("Internal rate", "internalRate")}
              {header("Client rate", "clientRate")}
              {header("Capacity", "capacityMinutes")}
              <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                Target
              </th>
              {header("Logged", "loggedMs")}
              {header("Last logged", "lastLoggedAt")}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.personId} className="border-t" data-testid="report-row">
                <th scope="row" className="max-w-64 px-3 py-2 text-left font-medium">
                  <span className={r.resolved ? "block truncate" : "block truncate text-destructive"}>
                    {r.name}
                  </span>
                  <span className="block truncate text-xs font-normal text-muted-foreground">
                    {r.email ?? "No e-mail"}
                  </span>
                </th>
                <td className="px-3 py-2">
                  {r.member ? (
                    <span className="block whitespace-nowrap">
                      {ROLE_LABEL[r.member.role]}
                      <span className="block text-xs text-muted-foreground">Linked: {r.member.name}</span>
                    </span>
                  ) : (
                    <span className="block whitespace-nowrap">
                      {r.clickupRole ? `ClickUp ${ROLE_LABEL[r.clickupRole].toLowerCase()}` : "—"}
                      <span className="block text-xs text-muted-foreground">Not linked</span>
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 text-muted-foreground">{r.roles.join(", ") || "—"}</td>
                <td className={td}>{formatRate(r.internalRate, data.currency)}</td>
                <td className={td}>{formatRate(r.clientRate, data.currency)}</td>
                <td className={td}>
                  {minutesText(r.capacityMinutes)}
                  <span className="block text-xs text-muted-foreground">
                    {minutesText(r.minutesPerDay)}/day
                  </span>
                </td>
                <td className={td}>{r.targetBp === null ? "—" : percentText(r.targetBp)}</td>
                <td className={td}>
                  <FigureButton label={`Time entries of ${r.name}`} onOpen={() => open(r)}>
                    {hoursText(r.loggedMs)}
                  </FigureButton>
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  {r.lastLoggedAt ? formatDateTime(r.lastLoggedAt) : "Never"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
