import { CircleCheck, CircleMinus, CircleX } from "lucide-react";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { cn } from "@/lib/cn";

type Support = "yes" | "partial" | "no";

const products = [
  { name: "Agency Hub", short: "Agency Hub" },
  { name: "Generic PM tool", short: "PM tool" },
  { name: "Spreadsheets + email", short: "Sheets + email" },
  { name: "Legacy production software", short: "Legacy software" },
] as const;

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
      <Table containerClassName="rounded-2xl" className="table-fixed">
        <TableCaption className="sr-only">
          Agency Hub compared with a generic project management tool, spreadsheets with e-mail, and legacy
          production software.
        </TableCaption>
        <colgroup>
          <col className="w-[36%] sm:w-[32%]" />
          <col />
          <col />
          <col />
          <col />
        </colgroup>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead
              scope="col"
              className="bg-card py-4 pr-2 pl-4 align-bottom text-muted-foreground sm:px-6"
            >
              Capability
            </TableHead>
            {products.map((product, index) => (
              <TableHead
                key={product.name}
                scope="col"
                className={cn(
                  "h-auto px-1 py-4 text-center align-bottom text-[11px] leading-tight whitespace-normal sm:px-2 sm:text-sm sm:leading-snug",
                  index === 0 ? "bg-primary/6 font-semibold text-primary" : "text-muted-foreground",
                )}
              >
                {/* Narrow screens show a short label; assistive technology always gets the full name. */}
                <span aria-hidden="true" className="sm:hidden">
                  {product.short}
                </span>
                <span className="max-sm:sr-only">{product.name}</span>
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.feature} className="hover:bg-muted/30">
              <TableHead
                scope="row"
                className="h-auto bg-card py-3.5 pr-2 pl-4 text-[13px] leading-snug font-medium whitespace-normal sm:px-6 sm:text-sm"
              >
                {row.feature}
              </TableHead>
              {row.support.map((value, index) => (
                <TableCell
                  key={products[index]?.name}
                  className={cn("px-1 py-3.5 text-center sm:px-2", index === 0 && "bg-primary/6")}
                >
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
