import { CircleCheck, CircleMinus, CircleX } from "lucide-react";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/cn";

type Support = "yes" | "partial" | "no";

const products = ["Agency Hub", "Generic PM tool", "Spreadsheets + email", "Legacy production software"] as const;

/** Each row lists support in the order of `products`. */
const rows: { feature: string; support: [Support, Support, Support, Support] }[] = [
  { feature: "AICP budgeting", support: ["yes", "no", "partial", "yes"] },
  { feature: "POs & vendor bills", support: ["yes", "no", "partial", "yes"] },
  { feature: "Client invoicing", support: ["yes", "no", "partial", "yes"] },
  { feature: "Internal & client rate cards", support: ["yes", "partial", "partial", "partial"] },
  { feature: "ClickUp sync", support: ["yes", "no", "no", "no"] },
  { feature: "Resource workload", support: ["yes", "partial", "no", "partial"] },
  { feature: "Vendor & client portals", support: ["yes", "partial", "no", "partial"] },
  { feature: "Onboarding included", support: ["yes", "no", "no", "partial"] },
];

const supportText: Record<Support, string> = {
  yes: "Included",
  partial: "Partial",
  no: "Not included",
};

function SupportIcon({ value }: { value: Support }) {
  const Icon = value === "yes" ? CircleCheck : value === "partial" ? CircleMinus : CircleX;
  return (
    <Icon
      aria-hidden="true"
      className={cn(
        "size-5 shrink-0",
        value === "yes" && "text-success",
        value === "partial" && "text-warning",
        value === "no" && "text-muted-foreground/50",
      )}
    />
  );
}

function SupportMark({ value }: { value: Support }) {
  return (
    <span className="inline-flex items-center justify-center" title={supportText[value]}>
      <SupportIcon value={value} />
      <span className="sr-only">{supportText[value]}</span>
    </span>
  );
}

export function ComparisonTable() {
  return (
    <div className="rounded-2xl border bg-card shadow-sm">
      <Table containerClassName="rounded-2xl" className="min-w-[36rem] table-fixed">
        <TableCaption className="sr-only">
          Agency Hub compared with a generic project management tool, spreadsheets with e-mail, and legacy production
          software.
        </TableCaption>
        <colgroup>
          <col className="w-[34%] sm:w-[32%]" />
          <col />
          <col />
          <col />
          <col />
        </colgroup>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col" className="sticky left-0 z-10 bg-card px-4 py-4 text-muted-foreground sm:px-6">
              Capability
            </TableHead>
            {products.map((product, index) => (
              <TableHead
                key={product}
                scope="col"
                className={cn(
                  "h-auto px-2 py-4 text-center align-bottom text-xs leading-snug whitespace-normal sm:text-sm",
                  index === 0 ? "bg-primary/6 font-semibold text-primary" : "text-muted-foreground",
                )}
              >
                {product}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.feature} className="hover:bg-muted/30">
              <TableHead
                scope="row"
                className="sticky left-0 z-10 h-auto bg-card px-4 py-3.5 text-sm leading-snug font-medium whitespace-normal sm:px-6"
              >
                {row.feature}
              </TableHead>
              {row.support.map((value, index) => (
                <TableCell key={products[index]} className={cn("py-3.5 text-center", index === 0 && "bg-primary/6")}>
                  <SupportMark value={value} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function ComparisonLegend() {
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground" aria-label="Legend">
      {(["yes", "partial", "no"] as const).map((value) => (
        <li key={value} className="flex items-center gap-2">
          <SupportIcon value={value} />
          {value === "partial" ? "Partial: needs add-ons, templates or manual work" : supportText[value]}
        </li>
      ))}
    </ul>
  );
}
