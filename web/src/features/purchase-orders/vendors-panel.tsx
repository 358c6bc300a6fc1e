import { useEffect, useState } from "react";
import { Archive, ArchiveRestore, Pencil, Plus, Search } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { EmptyState } from "@/features/app-shell/page";
import { ConfirmDialog } from "@/features/settings/confirm-dialog";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import { useUpdateVendor, useVendorList, type Vendor } from "./api";
import { VendorForm } from "./vendor-form";

type ArchivedFilter = "active" | "archived" | "all";

/**
 * Vendors (the Vendors tab of /finance/purchase-orders): search, active or archived, paged by
 * 50; create, edit, archive and restore. An archived vendor stays on its POs but takes no new one.
 */
export function VendorsPanel() {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [archived, setArchived] = useState<ArchivedFilter>("active");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Vendor | "new" | null>(null);
  const [archiving, setArchiving] = useState<Vendor | null>(null);
  const update = useUpdateVendor();

  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(t);
  }, [search]);

  const qs = new URLSearchParams({ archived, sort: "name", dir: "asc", page: String(page), pageSize: "50" });
  if (query) qs.set("search", query);
  const list = useVendorList(qs.toString());
  const data = list.data;

  const toggleArchived = (vendor: Vendor) =>
    update.mutate(
      { id: vendor.id, body: { archived: !vendor.archived, baseVersion: vendor.version } },
      {
        onSuccess: (saved) => {
          toast.success(saved.archived ? "Vendor archived" : "Vendor restored", { description: saved.name });
          setArchiving(null);
        },
        onError: (error) => {
          toast.error(vendor.archived ? "Could not restore the vendor" : "Could not archive the vendor", {
            description: error.message,
          });
          setArchiving(null);
        },
      },
    );

  return (
    <section aria-labelledby="vendors-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="vendors-heading" className="text-lg font-semibold">
          Vendors
        </h2>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden /> New vendor
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative sm:w-80">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search vendors"
            placeholder="Search name, contact, e-mail…"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <select
          aria-label="Show vendors"
          className={cn(SELECT_CLASS, "sm:ml-auto sm:w-44")}
          value={archived}
          onChange={(e) => {
            setArchived(e.target.value as ArchivedFilter);
            setPage(1);
          }}
        >
          <option value="active">Active vendors</option>
          <option value="archived">Archived vendors</option>
          <option value="all">All vendors</option>
        </select>
      </div>

      {list.isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState title="Could not load vendors">{list.error.message}</EmptyState>
      ) : data && data.total === 0 ? (
        query || archived !== "active" ? (
          <EmptyState title="No vendors match">Try another search or show all vendors.</EmptyState>
        ) : (
          <EmptyState title="No vendors yet">
            Add the suppliers you order from: choose New vendor and enter their name, e-mail and payment
            terms. Purchase orders are made out to them.
          </EmptyState>
        )
      ) : data ? (
        <>
          <ul
            className={cn("divide-y rounded-xl border bg-card", list.isPlaceholderData && "opacity-60")}
            aria-label="Vendors"
          >
            {data.items.map((v) => (
              <li
                key={v.id}
                className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center"
                data-testid="vendor-row"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="break-words">{v.name}</span>
                    {v.archived ? <Badge variant="secondary">Archived</Badge> : null}
                  </p>
                  <p className="text-xs break-words text-muted-foreground">
                    {[v.contactName, v.email, v.taxId && `Tax id ${v.taxId}`].filter(Boolean).join(" · ") ||
                      "No contact details"}{" "}
                    · {v.paymentTermsDays} days
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setEditing(v)}
                    aria-label={`Edit ${v.name}`}
                  >
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => (v.archived ? toggleArchived(v) : setArchiving(v))}
                    disabled={update.isPending}
                    aria-label={`${v.archived ? "Restore" : "Archive"} ${v.name}`}
                  >
                    {v.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                    {v.archived ? "Restore" : "Archive"}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      ) : null}

      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{editing === "new" ? "New vendor" : "Edit vendor"}</DialogTitle>
            <DialogDescription>
              Purchase orders are made out and e-mailed to the vendor; bills fall due after its payment terms.
            </DialogDescription>
          </DialogHeader>
          {editing !== null ? (
            <VendorForm
              key={editing === "new" ? "new" : editing.id}
              idPrefix="vendor"
              vendor={editing === "new" ? undefined : editing}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => (open ? undefined : setArchiving(null))}
        title={`Archive ${archiving?.name ?? "vendor"}?`}
        confirmLabel="Archive"
        pendingLabel="Archiving..."
        pending={update.isPending}
        onConfirm={() => (archiving ? toggleArchived(archiving) : undefined)}
      >
        Its purchase orders keep it, but no new purchase order can be made out to it. You can restore it
        later.
      </ConfirmDialog>
    </section>
  );
}
