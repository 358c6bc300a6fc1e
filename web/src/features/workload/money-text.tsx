import type { MoneyFigure } from "./model";

/** An amount, with a mark (and its words for screen readers) when part of it is unpriced. */
export function MoneyText({ figure, testId }: { figure: MoneyFigure; testId?: string }) {
  return (
    <span data-testid={testId} data-partly-unpriced={figure.partly || undefined}>
      {figure.text}
      {figure.partly ? (
        <>
          <span aria-hidden className="text-amber-800">
            *
          </span>
          <span className="sr-only"> (partly unpriced)</span>
        </>
      ) : null}
    </span>
  );
}
