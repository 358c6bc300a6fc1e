/**
 * Intl formatters, built once per locale and options and then reused.
 *
 * Building an `Intl.DateTimeFormat` costs V8 a pattern generation (and, the first time, loading its
 * locale data): about 4 ms each on a phone, against microseconds to format with one. Module-level
 * constants paid that while the first screen's code was still loading (four in domain/format.ts
 * alone: ~70 ms of a 4× throttled load, issue 10 §4), and per-call formatters paid it on every row.
 * Every formatter in the app comes from here: built on first use, kept for the next.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The formatter of `cache` for (locale, options), built by `make` the first time. */
function cached<F, O extends object>(
  cache: Map<string, F>,
  locale: string,
  options: O,
  make: (locale: string, options: O) => F,
): F {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per (locale, options). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateTimeFormats, locale, options, (l, o) => new Intl.DateTimeFormat(l, o));
}

/** `new Intl.NumberFormat(locale, options)`, built once per (locale, options). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(numberFormats, locale, options, (l, o) => new Intl.NumberFormat(l, o));
}
