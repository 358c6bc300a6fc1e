#!/usr/bin/env bash
# The date-sensitive tests at fixed dates (issue 10 item 1: the suite must pass on any date).
#
# Each date runs the unit, API and browser tests whose outcome depends on "today" with the test
# clock AGENCY_HUB_NOW set: the app, its embedded ClickUp simulator and demo agency, the API test
# harness and every browser page then live on that date (server/config.ts, tests/test-clock.ts,
# tests/e2e/browser.ts). Every date runs even when one fails; the exit status says if any did.
#
#   scripts/test-dates.sh                      all five dates, the date-sensitive files below
#   scripts/test-dates.sh tests/e2e/projects   the five dates, only files matching the filters
#   TEST_DATES="2028-02-29T10:00:00Z" scripts/test-dates.sh   other instants (ISO 8601, with a zone)
set -uo pipefail
cd "$(dirname "$0")/.."

# Mid-day instants, so the clock (which runs on in real time) stays on its date for the run.
DEFAULT_DATES=(
  "2027-03-01T07:30:00Z" # a Monday (and the first day of a month)
  "2026-11-22T20:00:00Z" # a Sunday (the date the suite once failed on)
  "2027-04-30T10:00:00Z" # the last day of a month (a Friday)
  "2026-12-31T10:00:00Z" # 31 December: the week crosses into the next year
  "2028-02-29T10:00:00Z" # 29 February (a Tuesday)
)
read -r -a DATES <<<"${TEST_DATES:-${DEFAULT_DATES[*]}}"

# The files whose outcome depends on today: the demo generator, the dashboard API (its fixtures
# are dated from now) and the browser tests of the dashboard and project pages (demo agency).
FILES=(
  simulator/clickup/demo-agency.test.ts
  server/modules/dashboard/dashboard.test.ts
  tests/e2e/dashboard.e2e.ts
  tests/e2e/projects.e2e.ts
)
if [ "$#" -gt 0 ]; then FILES=("$@"); fi

failed=()
started=$SECONDS
for now in "${DATES[@]}"; do
  t=$SECONDS
  echo "== date-sensitive tests at AGENCY_HUB_NOW=$now ($(date -u -d "$now" +%A 2>/dev/null || echo ?))"
  if ! AGENCY_HUB_NOW="$now" npx vitest run "${FILES[@]}"; then failed+=("$now"); fi
  echo "== $now: $((SECONDS - t)) s"
done
echo "== date-sensitive tests at ${#DATES[@]} dates in $((SECONDS - started)) s"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "failed at: ${failed[*]} (reproduce with AGENCY_HUB_NOW=<instant> npx vitest run <file>)" >&2
  exit 1
fi
