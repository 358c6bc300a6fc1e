#!/usr/bin/env bash
# The date-sensitive tests at fixed dates (issue 10 item 1: the suite must pass on any date).
#
# Each date runs the unit, API and browser tests whose outcome depends on "today" with the test
# clock AGENCY_HUB_NOW set: the app, its embedded ClickUp simulator and demo agency, the API test
# harness and every browser page then live on that date (server/config.ts, tests/test-clock.ts,
# tests/e2e/browser.ts). Every date runs even when one fails; the exit status says if any did.
#
#   scripts/test-dates.sh                      all five dates, the date-sensitive tests below
#   scripts/test-dates.sh tests/e2e/projects   the five dates, the files matching these filters
#   TEST_DATES="2028-02-29T10:00:00Z" scripts/test-dates.sh   other instants (ISO 8601, with a zone)
#   TEST_DATES_JOBS=3 scripts/test-dates.sh    three dates side by side (default one at a time)
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

# What depends on today: the demo generator and the dashboard API (fixtures dated from now), and
# in the browser the dashboard's week and timesheet, the project page's milestones and the
# milestones calendar (month of today, phone list, drags to a neighbouring day) and the week's keyboard
# path over the demo agency. Only those browser tests run (-t): the app's start and demo sync cost ~1 min a date.
UNIT_API=(
  simulator/clickup/demo-agency.test.ts
  server/modules/dashboard/dashboard.test.ts
)
E2E=(tests/e2e/dashboard.e2e.ts tests/e2e/projects.e2e.ts tests/e2e/calendar.e2e.ts tests/e2e/a11y.e2e.ts)
E2E_TESTS="this week's work|saves timesheet hours|header figures of a demo project|month, week and list views|phone \\(390 px\\): the list by default|a drag moves a milestone|ClickUp refuses moving|the week is one tab stop"

# TEST_DATES_JOBS dates side by side (default 1): each has its own app on a free port and its own
# databases. Only on a machine with cores to spare: on 2 busy cores, 3 apps starting at once
# missed the browser tests' 180 s start-up limit.
JOBS="${TEST_DATES_JOBS:-1}"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

run_date() {
  local now=$1 out=$2 t=$SECONDS status=0
  {
    echo "== date-sensitive tests at AGENCY_HUB_NOW=$now ($(date -u -d "$now" +%A 2>/dev/null || echo ?))"
    if [ "$#" -gt 2 ]; then
      AGENCY_HUB_NOW="$now" npx vitest run "${@:3}" || status=1
    else
      # Unit and API tests beside the browser tests (which mostly wait for the app to start).
      AGENCY_HUB_NOW="$now" npx vitest run "${UNIT_API[@]}" >"$out.unit" 2>&1 &
      local unit=$!
      AGENCY_HUB_NOW="$now" npx vitest run "${E2E[@]}" -t "$E2E_TESTS" || status=1
      wait "$unit" || status=1
      cat "$out.unit"
    fi
    echo "== $now: $((SECONDS - t)) s, $([ "$status" = 0 ] && echo passed || echo FAILED)"
  } >"$out" 2>&1
  echo "$status" >"$out.status"
}

started=$SECONDS
i=0
for now in "${DATES[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
  run_date "$now" "$logs/$i" "$@" &
  i=$((i + 1))
done
wait

failed=()
i=0
for now in "${DATES[@]}"; do
  cat "$logs/$i"
  [ "$(cat "$logs/$i.status" 2>/dev/null)" = 0 ] || failed+=("$now")
  i=$((i + 1))
done
echo "== date-sensitive tests at ${#DATES[@]} dates in $((SECONDS - started)) s ($JOBS at a time)"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "failed at: ${failed[*]} (reproduce with AGENCY_HUB_NOW=<instant> npx vitest run <file>)" >&2
  exit 1
fi
