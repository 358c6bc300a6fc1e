import {
  BadgeDollarSign,
  CalendarRange,
  Calculator,
  Check,
  ClipboardList,
  Cloud,
  DatabaseZap,
  FileSpreadsheet,
  FolderKanban,
  FolderSync,
  GraduationCap,
  Handshake,
  History,
  Images,
  Layers,
  ListChecks,
  MessagesSquare,
  PenTool,
  Plug,
  RefreshCw,
  Repeat,
  ShieldCheck,
  ShoppingCart,
  Timer,
  Users,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ComparisonLegend, ComparisonTable } from "./comparison-table";
import { BudgetFlowVisual, PipelineVisual, RateCardVisual } from "./feature-visuals";
import { HeroPreview } from "./hero-preview";
import { PublicBar, type PublicBarProps } from "./public-bar";
import { PublicFooter } from "./public-footer";

/*
 * The public landing page (spec §1). Every call to action is deliberately a plain
 * <button type="button"> with no handler: the spec says they are not wired to any action.
 */

export type LandingPageProps = PublicBarProps;

const container = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";

/** A call to action that is intentionally not wired to anything (spec §1). */
function Cta({
  className,
  variant,
  children,
}: Pick<React.ComponentProps<typeof Button>, "className" | "variant" | "children">) {
  return (
    <Button type="button" size="lg" variant={variant} className={cn("h-11 px-6 text-[15px]", className)}>
      {children}
    </Button>
  );
}

function Eyebrow({ children, className }: { children: React.ReactNode; className?: string }) {
  return <p className={cn("text-sm font-semibold tracking-wide text-primary", className)}>{children}</p>;
}

function SectionHeading({
  id,
  children,
  className,
}: {
  id: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <h2 id={id} className={cn("text-3xl font-semibold tracking-tight text-balance sm:text-4xl", className)}>
      {children}
    </h2>
  );
}

type Point = { icon: LucideIcon; title: string; body: string };

function PointList({ points }: { points: Point[] }) {
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2">
      {points.map((point) => (
        <li key={point.title} className="flex gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <point.icon className="size-[18px]" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold">{point.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{point.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

type FeatureSectionProps = {
  id: string;
  eyebrow: string;
  title: string;
  intro: string;
  points: Point[];
  visual: React.ReactNode;
  /** Put the visual on the left on wide screens. */
  flip?: boolean;
  className?: string;
};

function FeatureSection({ id, eyebrow, title, intro, points, visual, flip, className }: FeatureSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("scroll-mt-16 py-20 sm:py-28", className)}>
      <div className={cn(container, "grid items-center gap-12 lg:grid-cols-2 lg:gap-16")}>
        <div className={cn(flip && "lg:order-2")}>
          <Eyebrow>{eyebrow}</Eyebrow>
          <SectionHeading id={headingId} className="mt-3">
            {title}
          </SectionHeading>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{intro}</p>
          <PointList points={points} />
        </div>
        <div className={cn(flip && "lg:order-1")}>{visual}</div>
      </div>
    </section>
  );
}

function Hero() {
  return (
    <section id="hero" aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(70rem_36rem_at_50%_-12%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_80%_60%_at_50%_0%,black_30%,transparent_100%)] bg-[size:56px_56px] opacity-60"
      />
      <div
        className={cn(
          container,
          "grid items-center gap-14 pt-14 pb-16 sm:pt-20 sm:pb-20 lg:grid-cols-[1.05fr_1fr] lg:gap-12",
        )}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs sm:text-sm">
            <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
            For ad production, design and post-production teams
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl leading-[1.08] font-semibold tracking-tight text-balance sm:text-5xl xl:text-[3.5rem]"
          >
            Run the whole job, from first bid to final invoice.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
            Agency Hub gives producers, creatives and finance one place for projects and assets, AICP budgets,
            purchase orders, invoices, people and time — synced with the ClickUp workspace your team already
            works in.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Cta>Book a Demo</Cta>
            <Cta variant="outline" className="bg-background/80">
              See Pricing
            </Cta>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {[
              { icon: RefreshCw, text: "Two-way ClickUp sync" },
              { icon: ShieldCheck, text: "Self-hosted: your data stays yours" },
              { icon: Check, text: "Open source" },
            ].map((item) => (
              <li key={item.text} className="flex items-center gap-2">
                <item.icon className="size-4 text-primary" aria-hidden="true" />
                {item.text}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

function CoreFeaturesBand() {
  return (
    <section
      id="core-features"
      aria-labelledby="core-features-heading"
      className="scroll-mt-16 py-6 sm:py-10"
    >
      <div className={container}>
        <div className="relative isolate overflow-hidden rounded-3xl bg-primary px-6 py-14 text-primary-foreground sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_100%_0%,rgb(255_255_255/0.18),transparent_70%),radial-gradient(30rem_18rem_at_0%_100%,rgb(0_0_0/0.18),transparent_70%)]"
          />
          <div className="grid items-center gap-8 lg:grid-cols-[1fr_auto]">
            <div className="max-w-2xl">
              <h2
                id="core-features-heading"
                className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
              >
                Projects, money, people and time on the same data
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-primary-foreground/85">
                Not four tools and a spreadsheet held together by a producer&apos;s memory. When a shoot day
                moves, the schedule, the budget and the invoice know about it.
              </p>
            </div>
            <Cta
              variant="secondary"
              className="w-full bg-background text-foreground hover:bg-background/90 sm:w-auto"
            >
              Explore Core Features
            </Cta>
          </div>
        </div>
      </div>
    </section>
  );
}

type Portal = { icon: LucideIcon; name: string; audience: string; body: string; items: string[] };

const portals: Portal[] = [
  {
    icon: Handshake,
    name: "Vendor portal",
    audience: "Production companies, freelancers, labs, rental houses",
    body: "Vendors see the purchase orders issued to them and submit their bills against those POs, with supporting documents attached. No more invoices lost in someone's inbox.",
    items: [
      "Their POs and amounts, nothing else",
      "Bills submitted against a PO",
      "Payment status without a phone call",
    ],
  },
  {
    icon: Users,
    name: "Client portal",
    audience: "Brand managers, marketing leads, client-side producers",
    body: "Clients review estimates, approve budgets and overages, and follow invoices and delivery milestones for their own jobs — on the record, not in a reply-all thread.",
    items: [
      "Estimate and overage approvals",
      "Invoices and what's been paid",
      "Milestones and delivery dates",
    ],
  },
];

function PortalsSection() {
  return (
    <section id="portals" aria-labelledby="portals-heading" className="scroll-mt-16 py-20 sm:py-28">
      <div className={container}>
        <div className="max-w-2xl">
          <Eyebrow>Vendor &amp; client portals</Eyebrow>
          <SectionHeading id="portals-heading" className="mt-3">
            Give vendors and clients a door, not the keys
          </SectionHeading>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Outside parties get their own sign-in and see exactly what concerns them. Your margins, rate cards
            and internal notes stay internal.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          {portals.map((portal) => (
            <article
              key={portal.name}
              className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8"
            >
              <div className="flex items-center gap-3">
                <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                  <portal.icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold">{portal.name}</h3>
                  <p className="text-sm text-muted-foreground">{portal.audience}</p>
                </div>
              </div>
              <p className="mt-5 leading-relaxed text-muted-foreground">{portal.body}</p>
              <ul className="mt-6 space-y-2.5 border-t pt-6 text-sm">
                {portal.items.map((item) => (
                  <li key={item} className="flex items-start gap-2.5">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

type Integration = { icon: LucideIcon; category: string; examples: string; body: string; core?: boolean };

const integrations: Integration[] = [
  {
    icon: ListChecks,
    category: "Task management",
    examples: "ClickUp",
    body: "Two-way sync of spaces, projects, tasks, assignees, estimates and time entries.",
    core: true,
  },
  {
    icon: Cloud,
    category: "Cloud drive",
    examples: "Google Drive",
    body: "Attach scripts, boards and decks to the job and the task they belong to.",
  },
  {
    icon: PenTool,
    category: "Design tool",
    examples: "Figma",
    body: "Link design files and frames to deliverables and revision rounds.",
  },
  {
    icon: Images,
    category: "Digital asset manager",
    examples: "Frame.io, Bynder",
    body: "Keep review links and approved masters next to the job, not in a chat scroll.",
  },
  {
    icon: MessagesSquare,
    category: "Team chat",
    examples: "Slack",
    body: "Send approvals, overdue milestones and budget alerts to the project channel.",
  },
  {
    icon: Calculator,
    category: "Accounting",
    examples: "QuickBooks",
    body: "Hand approved invoices and vendor bills to your books without re-keying.",
  },
  {
    icon: FolderSync,
    category: "File sync",
    examples: "Dropbox",
    body: "Keep job folders in sync so deliverables land where the client expects them.",
  },
];

function IntegrationsSection() {
  return (
    <section
      id="integrations"
      aria-labelledby="integrations-heading"
      className="scroll-mt-16 border-y bg-muted/40 py-20 sm:py-28"
    >
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow>Integrations</Eyebrow>
          <SectionHeading id="integrations-heading" className="mt-3">
            Works with the tools your team already lives in
          </SectionHeading>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Producers stay in ClickUp, designers in their design tool, finance in the books. Agency Hub
            connects them around the job.
          </p>
        </div>
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {integrations.map((item) => (
            <li
              key={item.category}
              className={cn(
                "flex flex-col rounded-2xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-md",
                item.core && "ring-1 ring-primary/30",
              )}
            >
              <div className="flex items-start justify-between gap-2">
                <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
                  <item.icon className="size-5" aria-hidden="true" />
                </span>
                {item.core ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-[11px] font-medium text-primary-foreground">
                    Core sync
                  </span>
                ) : null}
              </div>
              <h3 className="mt-4 font-semibold">{item.category}</h3>
              <p className="text-sm font-medium text-primary">{item.examples}</p>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.body}</p>
            </li>
          ))}
          <li className="flex flex-col justify-between gap-5 rounded-2xl border border-dashed border-foreground/20 bg-background/60 p-5">
            <div>
              <span className="flex size-10 items-center justify-center rounded-xl bg-muted text-muted-foreground">
                <Plug className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold">Your stack, your call</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                Agency Hub is open source, so a missing connector is code you can add.
              </p>
            </div>
            <Button type="button" variant="outline" className="w-full">
              View All Integrations
            </Button>
          </li>
        </ul>
        <p className="mt-8 text-center text-xs text-muted-foreground">
          Product names are trademarks of their respective owners and are shown only as examples of each
          category.
        </p>
      </div>
    </section>
  );
}

function ComparisonSection() {
  return (
    <section id="comparison" aria-labelledby="comparison-heading" className="scroll-mt-16 py-20 sm:py-28">
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <Eyebrow>How it compares</Eyebrow>
          <SectionHeading id="comparison-heading" className="mt-3">
            Built for agency production, not bolted on
          </SectionHeading>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            Most agencies run on a project tool, a budget spreadsheet and an accounting package that never
            agree. Here&apos;s what changes when they live in one place.
          </p>
        </div>
        <div className="mx-auto mt-12 max-w-4xl space-y-5">
          <ComparisonTable />
          <ComparisonLegend />
          <p className="text-xs text-muted-foreground">
            Competitor columns describe typical capabilities of each category of tool, not any one product.
          </p>
        </div>
      </div>
    </section>
  );
}

const onboardingSteps: { icon: LucideIcon; title: string; body: string; items: string[] }[] = [
  {
    icon: DatabaseZap,
    title: "Data migration",
    body: "We bring over active jobs, budgets, rate cards, vendors and clients from your spreadsheets or previous system, and reconcile totals with you before go-live.",
    items: [
      "Open jobs and their budgets",
      "Vendors, clients and contacts",
      "Rate cards and historical actuals",
    ],
  },
  {
    icon: Workflow,
    title: "Workflow set-up",
    body: "Your ClickUp spaces mapped to Bid, Creative and Post; AICP templates, approval steps and roles configured the way your agency already works.",
    items: ["Space and status mapping", "Budget and PO templates", "Roles and approval rules"],
  },
  {
    icon: GraduationCap,
    title: "Team training",
    body: "Hands-on sessions by role, so producers, creatives and finance each learn the part of Agency Hub they'll use on Monday.",
    items: ["Producers and project leads", "Finance and operations", "Admins who run your instance"],
  },
];

function OnboardingSection() {
  return (
    <section
      id="onboarding"
      aria-labelledby="onboarding-heading"
      className="scroll-mt-16 border-y bg-muted/40 py-20 sm:py-28"
    >
      <div className={container}>
        <div className="grid gap-10 lg:grid-cols-[1fr_auto] lg:items-end">
          <div className="max-w-2xl">
            <Eyebrow>Onboarding package</Eyebrow>
            <SectionHeading id="onboarding-heading" className="mt-3">
              We move you in, set you up and train your team
            </SectionHeading>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
              Switching tools mid-production is the last thing a busy shop needs. The onboarding package does
              the heavy lifting so your producers don&apos;t have to.
            </p>
          </div>
          <Cta className="w-full sm:w-auto">Get a Free Migration Quote</Cta>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {onboardingSteps.map((step, index) => (
            <li key={step.title} className="flex flex-col rounded-2xl border bg-card p-6 shadow-xs sm:p-7">
              <div className="flex items-center justify-between">
                <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                  <step.icon className="size-5" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground tabular-nums" aria-hidden="true">
                  0{index + 1}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.body}</p>
              <ul className="mt-5 space-y-2 border-t pt-5 text-sm">
                {step.items.map((item) => (
                  <li key={item} className="flex items-start gap-2.5">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function FinalCta() {
  return (
    <section id="book-demo" aria-labelledby="book-demo-heading" className="scroll-mt-16 py-20 sm:py-28">
      <div className={container}>
        <div className="relative isolate overflow-hidden rounded-3xl bg-foreground px-6 py-16 text-center text-background sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(44rem_22rem_at_50%_0%,color-mix(in_oklab,var(--primary)_55%,transparent),transparent_75%)]"
          />
          <h2
            id="book-demo-heading"
            className="mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            See Agency Hub on one of your own jobs
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-background/75">
            Bring a recent bid or a job that&apos;s in post. We&apos;ll walk it through budget, POs, staffing
            and invoicing, and answer the questions your producers and your finance lead will ask.
          </p>
          <div className="mt-8 flex justify-center">
            <Cta
              className="w-full bg-background text-foreground hover:bg-background/90 sm:w-auto"
              variant="secondary"
            >
              Book Your Personalized Demo
            </Cta>
          </div>
        </div>
      </div>
    </section>
  );
}

const projectPoints: Point[] = [
  {
    icon: FolderKanban,
    title: "Bid, Creative and Post",
    body: "Jobs grouped by stage, with job codes, clients, dates and percent complete at a glance.",
  },
  {
    icon: Repeat,
    title: "Revision rounds you can count",
    body: "Outstanding revisions and work sent back surface before they turn into a missed air date.",
  },
  {
    icon: Layers,
    title: "Assets on the work",
    body: "Boards, cuts and deliverables linked from your drive or DAM, right on the task.",
  },
  {
    icon: CalendarRange,
    title: "Milestones across jobs",
    body: "Shoot days, client reviews and delivery dates for every job on one calendar.",
  },
];

const budgetPoints: Point[] = [
  {
    icon: FileSpreadsheet,
    title: "AICP standard bid form",
    body: "Sections, line items, markups and contingency in the format clients and production partners expect.",
  },
  {
    icon: ShoppingCart,
    title: "Purchase orders & vendor bills",
    body: "Raise POs against budget lines, match vendor bills to them and see committed cost before it lands.",
  },
  {
    icon: BadgeDollarSign,
    title: "Client invoicing",
    body: "Deposit, progress and final invoices drawn from the approved bid, with overages on the record.",
  },
  {
    icon: History,
    title: "A full audit trail",
    body: "Every change to budgets, POs and invoices is recorded with who made it and when.",
  },
];

const timePoints: Point[] = [
  {
    icon: Users,
    title: "Workload by person",
    body: "Estimated hours against capacity, colour-coded so an overbooked editor stands out before the shoot.",
  },
  {
    icon: Timer,
    title: "Weekly timesheets",
    body: "Time logged where the work lives, with each person's booked hours for today and the week.",
  },
  {
    icon: ClipboardList,
    title: "Internal & client rate cards",
    body: "Cost rates for margin, billing rates for clients, per role or per person, per client if you need it.",
  },
  {
    icon: Calculator,
    title: "Utilization you can trust",
    body: "Billable against non-billable time by team, person and client, from the same hours you invoice.",
  },
];

/** The public landing page at "/" for signed-out visitors (spec §1), with the slim public bar on top. */
export function LandingPage({ signedIn = false, onSignOut }: LandingPageProps = {}) {
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <title>Agency Hub · Projects, budgets and people for creative agencies</title>
      <PublicBar signedIn={signedIn} onSignOut={onSignOut} />
      <main className="flex-1">
        <Hero />
        <FeatureSection
          id="project-management"
          eyebrow="Project & asset management"
          title="Every job, deliverable and revision in one place"
          intro="Jobs move from bid to shoot to post. Agency Hub keeps each one's tasks, milestones, assets and revision rounds together, so producers see what's due, what's stuck and what the client is still waiting on."
          points={projectPoints}
          visual={<PipelineVisual />}
          className="border-t bg-muted/40"
        />
        <FeatureSection
          id="budgeting"
          eyebrow="Budgeting, POs & invoicing"
          title="AICP budgets that carry through to POs and invoices"
          intro="Build bids on the AICP standard bid form. Once the job is awarded, the same budget drives purchase orders, vendor bills and client invoices, so estimate against actual is always one click away."
          points={budgetPoints}
          visual={<BudgetFlowVisual />}
          flip
        />
        <FeatureSection
          id="time-resources"
          eyebrow="Time & resource management"
          title="Know who's booked before you promise the date"
          intro="See every person's load across every job before you staff the shoot or commit to a turnaround. Logged hours flow into cost and billing through your internal and client rate cards."
          points={timePoints}
          visual={<RateCardVisual />}
          className="border-y bg-muted/40"
        />
        <PortalsSection />
        <CoreFeaturesBand />
        <IntegrationsSection />
        <ComparisonSection />
        <OnboardingSection />
        <FinalCta />
      </main>
      <PublicFooter />
    </div>
  );
}
