import type * as React from "react";
import { PublicBar } from "./public-bar";
import { PublicFooter } from "./public-footer";

type LegalPageProps = {
  title: string;
  /** Human-readable date of the last substantive change. */
  updated: string;
  intro: React.ReactNode;
  children: React.ReactNode;
};

/** Shared layout of the Terms and Privacy pages: public bar, a readable article, footer. */
export function LegalPage({ title, updated, intro, children }: LegalPageProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <title>{`${title} · Agency Hub`}</title>
      <PublicBar />
      <main className="flex-1">
        <article
          aria-labelledby="legal-title"
          className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6 sm:py-20 [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_h2]:mt-12 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_li]:mt-2 [&_p]:mt-4 [&_p]:leading-relaxed [&_p]:text-muted-foreground [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ul]:leading-relaxed [&_ul]:text-muted-foreground [&_ul]:marker:text-foreground/40"
        >
          <header className="border-b pb-8">
            <span className="block text-sm font-semibold text-primary">Legal</span>
            <h1 id="legal-title" className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
              {title}
            </h1>
            <p className="!mt-3 text-sm">Last updated {updated}</p>
            <div className="text-lg">{intro}</div>
          </header>
          {children}
        </article>
      </main>
      <PublicFooter />
    </div>
  );
}
