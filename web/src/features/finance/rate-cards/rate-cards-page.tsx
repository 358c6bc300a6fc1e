import { useMemo, useState } from "react";
import { Pencil, Plus, Star, Trash2 } from "lucide-react";
import { formatDetailDay, formatListDay, toIsoDate } from "@domain/index";
import { formatMoney, formatRate } from "@domain/money";
import { RATE_CARD_KINDS, type RateCardKind } from "@domain/rates";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useCapacityPeople } from "@/features/settings/api";
import { ConfirmDialog } from "@/features/settings/confirm-dialog";
import { cn } from "@/lib/cn";
import {
  useDeleteRateCard,
  useDeleteRateLine,
  useRateCards,
  useSaveRateCard,
  type RateCardView,
  type RateLineView,
} from "./api";
import { CardDialog, KIND_LABEL } from "./card-dialog";
import { LineDialog } from "./line-dialog";
import { linesBySubject } from "./model";
import { ProjectCards } from "./project-cards";

const KIND_HELP: Record<RateCardKind, string> = {
  internal: "What an hour costs the agency.",
  client: "What an hour is billed at. A project may have its own client card.",
};

type Dialog =
  | { type: "card"; card: RateCardView | null; kind: RateCardKind }
  | { type: "line"; card: RateCardView; line: RateLineView | null }
  | { type: "delete-card"; card: RateCardView }
  | { type: "delete-line"; card: RateCardView; line: RateLineView };

/**
 * Rate cards (/finance/rate-cards, PRODUCT.md → Rate cards): internal and client cards with
 * person and role rates, effective-dated (history kept), one default of each kind, and projects
 * with their own client card. Amounts are integer minor units shown with formatMoney.
 */
export function RateCardsPage() {
  const data = useRateCards();
  const people = useCapacityPeople(true);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const today = toIsoDate(new Date()) ?? "";
  const close = () => setDialog(null);
  const roleTags = useMemo(() => {
    const tags = new Set<string>();
    for (const p of people.data?.people ?? []) for (const t of p.roleTags) tags.add(t);
    for (const c of data.data?.cards ?? [])
      for (const l of c.lines) if (l.subjectType === "role") tags.add(l.subjectId);
    return [...tags].sort();
  }, [people.data, data.data]);
  const currency = data.data?.currency ?? "USD";
  const cards = data.data?.cards ?? [];

  return (
    <Page
      title="Rate Cards"
      description="Internal and client rates by role and person."
      actions={
        <Button onClick={() => setDialog({ type: "card", card: null, kind: "client" })}>
          <Plus aria-hidden /> New rate card
        </Button>
      }
    >
      {data.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : cards.length === 0 ? (
        <EmptyState title="No rate cards yet">
          Create an internal card for what an hour costs and a client card for what it is billed at; make each
          the default of its kind, then add rates by person or by role. Until then, hours show as unpriced.
        </EmptyState>
      ) : (
        <div className="space-y-10">
          {RATE_CARD_KINDS.map((kind) => {
            const ofKind = cards.filter((c) => c.kind === kind);
            return (
              <section key={kind} aria-labelledby={`rate-cards-${kind}`} className="space-y-4">
                <div className="flex flex-wrap items-end justify-between gap-2">
                  <div>
                    <h2 id={`rate-cards-${kind}`} className="text-lg font-semibold">
                      {KIND_LABEL[kind]} cards
                    </h2>
                    <p className="text-sm text-muted-foreground">{KIND_HELP[kind]}</p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setDialog({ type: "card", card: null, kind })}
                  >
                    <Plus aria-hidden /> New {KIND_LABEL[kind].toLowerCase()} card
                  </Button>
                </div>
                {ofKind.length === 0 ? (
                  <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
                    No {kind} card yet. Create one and make it the default, or every hour stays unpriced on
                    the {kind === "internal" ? "cost" : "revenue"} side.
                  </p>
                ) : (
                  ofKind.map((card) => (
                    <RateCardPanel key={card.id} card={card} today={today} onDialog={setDialog} />
                  ))
                )}
                {kind === "internal" && !ofKind.some((c) => c.isDefault) && ofKind.length > 0 ? (
                  <p className="text-sm text-muted-foreground">
                    No internal card is the default: costs are unpriced.
                  </p>
                ) : null}
              </section>
            );
          })}
          <ProjectCards cards={cards} projectCards={data.data?.projectCards ?? []} />
        </div>
      )}

      <CardDialog
        open={dialog?.type === "card"}
        onOpenChange={(open) => (open ? undefined : close())}
        card={dialog?.type === "card" ? dialog.card : null}
        kind={dialog?.type === "card" ? dialog.kind : "client"}
        currency={currency}
      />
      {dialog?.type === "line" ? (
        <LineDialog
          open
          onOpenChange={(open) => (open ? undefined : close())}
          card={dialog.card}
          line={dialog.line}
          roleTags={roleTags}
        />
      ) : null}
      <DeleteCard dialog={dialog} onClose={close} />
      <DeleteLine dialog={dialog} onClose={close} />
    </Page>
  );
}

function RateCardPanel({
  card,
  today,
  onDialog,
}: {
  card: RateCardView;
  today: string;
  onDialog: (dialog: Dialog) => void;
}) {
  const save = useSaveRateCard();
  const groups = linesBySubject(card.lines, today);
  const makeDefault = () =>
    save.mutate(
      { id: card.id, body: { isDefault: true } },
      {
        onSuccess: () =>
          toast.success("Default card changed", {
            description: `${card.name} is the default ${card.kind} card.`,
          }),
        onError: (error) => toast.error("Error", { description: error.message }),
      },
    );
  return (
    <Card data-testid="rate-card" aria-labelledby={`card-${card.id}`} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`card-${card.id}`} className="font-semibold">
              {card.name}
            </h3>
            {card.isDefault ? <Badge variant="success">Default</Badge> : null}
            <Badge variant="outline">{card.currency}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Default rate:{" "}
            <span className="text-foreground">
              {card.defaultRateMinor === null ? "none" : formatRate(card.defaultRateMinor, card.currency)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={() => onDialog({ type: "line", card, line: null })}>
            <Plus aria-hidden /> Add rate
          </Button>
          {card.isDefault ? null : (
            <Button size="sm" variant="ghost" onClick={makeDefault} disabled={save.isPending}>
              <Star aria-hidden /> Make default
            </Button>
          )}
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Edit ${card.name}`}
            onClick={() => onDialog({ type: "card", card, kind: card.kind })}
          >
            <Pencil className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Delete ${card.name}`}
            onClick={() => onDialog({ type: "delete-card", card })}
          >
            <Trash2 className="size-4" />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {groups.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No person or role rates yet: everyone is priced at the default rate. Use Add rate for a role (a
            ClickUp tag such as editor) or a person.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={`Rates of ${card.name}`}>
            {groups.map((group) => (
              <li key={group.key} className="p-3">
                <div className="mb-1 flex items-center gap-2 text-sm">
                  <span className="font-medium">{group.subjectName}</span>
                  <span className="text-xs text-muted-foreground">
                    {group.subjectType === "person" ? "Person" : "Role"}
                  </span>
                </div>
                <ul className="space-y-1" aria-label={`Rates of ${group.subjectName}`}>
                  {group.lines.map(({ line, status }) => (
                    <li
                      key={line.id}
                      data-status={status}
                      className={cn(
                        "flex flex-wrap items-center gap-x-3 gap-y-1 text-sm",
                        status === "past" && "text-muted-foreground",
                      )}
                    >
                      <span className="w-28 tabular-nums font-medium">
                        {formatMoney(line.rateMinor, card.currency)}/h
                      </span>
                      <span className="tabular-nums">from {formatListDay(line.effectiveFrom, today)}</span>
                      {status === "current" ? (
                        <Badge variant="secondary">Current</Badge>
                      ) : status === "scheduled" ? (
                        <Badge variant="outline">Scheduled</Badge>
                      ) : (
                        <span className="text-xs">Past</span>
                      )}
                      <span className="ml-auto flex">
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Edit rate of ${line.subjectName} from ${formatDetailDay(line.effectiveFrom)}`}
                          onClick={() => onDialog({ type: "line", card, line })}
                        >
                          <Pencil className="size-4" />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          aria-label={`Delete rate of ${line.subjectName} from ${formatDetailDay(line.effectiveFrom)}`}
                          onClick={() => onDialog({ type: "delete-line", card, line })}
                        >
                          <Trash2 className="size-4" />
                        </Button>
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteCard({ dialog, onClose }: { dialog: Dialog | null; onClose: () => void }) {
  const remove = useDeleteRateCard();
  const card = dialog?.type === "delete-card" ? dialog.card : null;
  return (
    <ConfirmDialog
      open={card !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={card ? `Delete ${card.name}?` : "Delete the card?"}
      pending={remove.isPending}
      onConfirm={() =>
        card &&
        remove.mutate(card.id, {
          onSuccess: () => {
            toast.success("Rate card deleted", { description: card.name });
            onClose();
          },
          onError: (error) => toast.error("Error", { description: error.message }),
        })
      }
    >
      {card
        ? `Its ${card.lines.length} rate${card.lines.length === 1 ? "" : "s"} go with it${card.isDefault ? `, and no ${card.kind} card is the default until you choose one` : ""}. The change is kept in the finance audit trail.`
        : null}
    </ConfirmDialog>
  );
}

function DeleteLine({ dialog, onClose }: { dialog: Dialog | null; onClose: () => void }) {
  const remove = useDeleteRateLine();
  const target = dialog?.type === "delete-line" ? dialog : null;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete this rate?"
      pending={remove.isPending}
      onConfirm={() =>
        target &&
        remove.mutate(
          { cardId: target.card.id, lineId: target.line.id },
          {
            onSuccess: () => {
              toast.success("Rate deleted", {
                description: `${target.line.subjectName} on ${target.card.name}`,
              });
              onClose();
            },
            onError: (error) => toast.error("Error", { description: error.message }),
          },
        )
      }
    >
      {target
        ? `${target.line.subjectName}'s rate of ${formatMoney(target.line.rateMinor, target.card.currency)}/h from ${formatDetailDay(target.line.effectiveFrom)} is removed from ${target.card.name}; the days it covered are priced by the rate before it, or the next rule.`
        : null}
    </ConfirmDialog>
  );
}
