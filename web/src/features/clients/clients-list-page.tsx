import { useState } from "react";
import { Pencil, Plus, Search } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { SortHeader } from "@/components/sort-header";
import {
  countLabel,
  FilterSelect,
  ListBody,
  ListTable,
  SortSelect,
  type SortOption,
} from "@/components/document-list";
import { EmptyState, Page } from "@/features/app-shell/page";
import { listSort, useListUrlState } from "@/lib/list-url-state";
import { useClientList, type Client, type ClientSortKey } from "./api";
import { ClientDialog } from "./client-dialog";

const SORTS: SortOption<ClientSortKey>[] = [
  { value: "name:asc", label: "Name (A–Z)" },
  { value: "name:desc", label: "Name (Z–A)" },
  { value: "paymentTermsDays:asc", label: "Payment terms (shortest first)" },
  { value: "paymentTermsDays:desc", label: "Payment terms (longest first)" },
  { value: "updatedAt:desc", label: "Last changed" },
  { value: "createdAt:desc", label: "Newest first" },
];

const terms = (days: number) => (days === 0 ? "Due on receipt" : `Net ${days} days`);

/**
 * Clients (/finance/clients): who invoices are billed to, with the billing details kept here —
 * contact, e-mail, address, tax id and payment terms. Search, archived filter, sort and page in
 * the URL; a dialog creates or changes a client.
 */
export function ClientsListPage() {
  const [editing, setEditing] = useState<Client | "new" | null>(null);
  const { params, update, search, setSearch } = useListUrlState();
  const list = useClientList(params.toString());
  const data = list.data;
  const { sort, dir, toggleSort, setSort } = listSort<ClientSortKey>(params, update, {
    sort: "name",
    dir: "asc",
  });
  const archived = params.get("archived") ?? "";
  const filtered = Boolean(params.get("search") || archived);
  const newButton = (
    <Button size="sm" onClick={() => setEditing("new")}>
      <Plus aria-hidden /> New client
    </Button>
  );

  return (
    <Page
      title="Clients"
      description="Who invoices are billed to, with their billing details."
      actions={newButton}
    >
      <div className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative sm:w-80">
            <Search
              aria-hidden
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search clients"
              placeholder="Search name, contact, e-mail or tax ID…"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <FilterSelect
              label="Show"
              allLabel="Active clients"
              value={archived}
              options={[
                { value: "archived", label: "Archived" },
                { value: "all", label: "All clients" },
              ]}
              onChange={(value) => update({ archived: value })}
              className="sm:w-40"
            />
            <SortSelect
              options={SORTS}
              sort={sort}
              dir={dir}
              onChange={setSort}
              className="sm:w-56 md:hidden"
            />
          </div>
          <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
            {data ? countLabel(data.total, ["client", "clients"], filtered) : null}
          </p>
        </div>

        <ListBody
          query={list}
          total={data?.total}
          filtered={filtered}
          errorTitle="Could not load clients"
          noMatchTitle="No clients match"
          empty={
            <EmptyState title="No clients yet">
              Add the clients you bill, with the address and tax id their invoices print. A new invoice also
              adds its project&apos;s client here.
              <div className="mt-4">{newButton}</div>
            </EmptyState>
          }
        >
          {data ? (
            <>
              <ListTable label="Clients" dimmed={list.isPlaceholderData}>
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <SortHeader label="Name" col="name" sort={sort} dir={dir} onSort={toggleSort} />
                    <th scope="col" className="px-3 py-2 font-medium">
                      Contact
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Billing address
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Tax ID
                    </th>
                    <SortHeader
                      label="Terms"
                      col="paymentTermsDays"
                      sort={sort}
                      dir={dir}
                      onSort={toggleSort}
                    />
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((client) => (
                    <ClientRow key={client.id} client={client} onEdit={() => setEditing(client)} />
                  ))}
                </tbody>
              </ListTable>
              <ul className="space-y-2 md:hidden" aria-label="Clients">
                {data.items.map((client) => (
                  <ClientCard key={client.id} client={client} onEdit={() => setEditing(client)} />
                ))}
              </ul>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(next) => update({ page: String(next) }, false)}
              />
            </>
          ) : null}
        </ListBody>
      </div>
      <ClientDialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        client={editing === "new" ? null : editing}
      />
    </Page>
  );
}

const oneLine = (address: string) =>
  address
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join(", ");

function ClientRow({ client, onEdit }: { client: Client; onEdit: () => void }) {
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30" data-testid="client-row">
      <td className="max-w-56 px-3 py-2">
        <button
          type="button"
          className="max-w-full truncate text-left font-medium hover:underline"
          onClick={onEdit}
        >
          {client.name}
        </button>
        {client.archived ? (
          <Badge variant="secondary" className="ml-2">
            Archived
          </Badge>
        ) : null}
      </td>
      <td className="max-w-56 px-3 py-2">
        <div className="truncate">
          {client.contactName || <span className="text-muted-foreground">—</span>}
        </div>
        {client.email ? <div className="truncate text-xs text-muted-foreground">{client.email}</div> : null}
      </td>
      <td className="max-w-72 px-3 py-2">
        <div className="truncate text-muted-foreground" title={client.address}>
          {oneLine(client.address) || "—"}
        </div>
      </td>
      <td className="max-w-40 truncate px-3 py-2 text-muted-foreground">{client.taxId || "—"}</td>
      <td className="px-3 py-2 whitespace-nowrap">{terms(client.paymentTermsDays)}</td>
      <td className="px-3 py-2 text-right">
        <Button variant="ghost" size="icon" aria-label={`Edit ${client.name}`} onClick={onEdit}>
          <Pencil className="size-4" />
        </Button>
      </td>
    </tr>
  );
}

function ClientCard({ client, onEdit }: { client: Client; onEdit: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onEdit}
        className="block w-full rounded-xl border bg-card p-3 text-left shadow-xs active:bg-muted/40"
        data-testid="client-card"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">
              {/* The card's name is its text (axe: the visible text is part of the accessible name). */}
              <span className="sr-only">Edit </span>
              {client.name}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {[client.contactName, client.email].filter(Boolean).join(" · ") || "No contact"}
            </p>
          </div>
          {client.archived ? <Badge variant="secondary">Archived</Badge> : null}
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-xs">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Terms</dt>
            <dd>{terms(client.paymentTermsDays)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">Tax ID</dt>
            <dd className="truncate">{client.taxId || "—"}</dd>
          </div>
          <div className="col-span-2 min-w-0">
            <dt className="text-muted-foreground">Billing address</dt>
            <dd className="truncate">{oneLine(client.address) || "—"}</dd>
          </div>
        </dl>
      </button>
    </li>
  );
}
