import { TIME_DESCRIPTIONS } from "../demo-data";
import { TIME_ENTRY_SOURCES } from "../time-entry-store";
import type { AgencyBuild } from "./build";
import { DAY, HOUR, WORKDAY_START } from "./calendar";

/**
 * Phase 7: time entries over the eight weeks up to now, on the tasks each person is booked on
 * that week (else overhead), plus one running timer. Nothing is logged after now: time is
 * logged when it has been worked, so future days have none and today only its elapsed part.
 */
export function generateTimeEntries(b: AgencyBuild, target: number): void {
  const p = b.prng.fork("time-entries");
  const state = b.state;
  const store = state.timeEntries;
  store.reserve(Math.ceil(target * 1.05) + 16);
  const teamIndex = state.teamIndex(b.team.id);
  const firstDay = -56;
  const t = b.todayOffset;
  const lastDay = t;
  const weekCount = Math.ceil((lastDay - firstDay + 1) / 7);
  // Per user and week: trackable tasks active that week (fallback: overhead).
  const userSlot = new Map<number, number>();
  b.people.forEach((x, i) => userSlot.set(x.user.id, i));
  const pools: number[][][] = b.people.map(() => Array.from({ length: weekCount }, () => []));
  for (const taskIndex of b.trackable) {
    const task = state.tasks[taskIndex];
    if (!task || task.deleted) continue;
    const from = task.startDate ?? (task.dueDate !== null ? task.dueDate - 7 * DAY : null);
    const to = task.dueDate ?? (task.startDate !== null ? task.startDate + 7 * DAY : null);
    if (from === null || to === null) continue;
    const w0 = Math.max(0, Math.floor((from - b.day(firstDay)) / (7 * DAY)));
    const w1 = Math.min(weekCount - 1, Math.floor((to - b.day(firstDay)) / (7 * DAY)));
    for (const a of task.assignees) {
      const slot = userSlot.get(a);
      if (slot === undefined) continue;
      for (let w = w0; w <= w1; w++) pools[slot]?.[w]?.push(taskIndex);
    }
  }
  // Who logs on a day, and how much: past weekdays everyone; today only the elapsed part of the
  // workday; weekends a few people a bit. (No day after today: lastDay is today.)
  const elapsedToday = Math.max(0, Math.min(1, (b.nowMs - (b.today + WORKDAY_START)) / (9 * HOUR)));
  const activity = (d: number): { chance: number; factor: number } => {
    const dow = ((d % 7) + 7) % 7;
    if (dow >= 5) return { chance: 0.08, factor: d === t ? 0.3 * elapsedToday : 0.3 };
    if (d === t) return { chance: 1, factor: elapsedToday };
    return { chance: 1, factor: 1 };
  };
  let totalWeight = 0;
  for (let d = firstDay; d <= lastDay; d++) {
    const a = activity(d);
    totalWeight += a.chance * a.factor * b.people.length;
  }
  const perSlot = target / totalWeight;
  const descIds = TIME_DESCRIPTIONS.map((s) => store.descriptionId(s));
  const overbooked = new Set(b.overbooked);
  const memberId = b.member.user.id;
  const spent = new Float64Array(state.tasks.length);
  const overhead = b.internalTaskIndexes;
  for (let slot = 0; slot < b.people.length; slot++) {
    const person = b.people[slot];
    if (!person) continue;
    const userIndex = state.userIndex(person.user.id);
    const isMember = person.user.id === memberId;
    for (let d = firstDay; d <= lastDay; d++) {
      const dow = ((d % 7) + 7) % 7;
      const a = activity(d);
      if (a.chance < 1 && p.next() >= a.chance) continue;
      const expected = perSlot * a.factor;
      let n = Math.floor(expected);
      if (p.next() < expected - n) n++;
      // The member has time logged on every past weekday of this week (today's as it elapses).
      if (isMember && d >= 0 && d < t && dow < 5) n = Math.max(n, 2);
      if (n === 0) continue;
      const hours =
        overbooked.has(person.user.id) && d >= 0 && d <= 11 && dow < 5
          ? p.around(10.5, 1)
          : dow >= 5
            ? p.around(2, 1)
            : p.around(7, 1.5);
      const dayMs =
        Math.max(0.5, Math.min(11.5, hours)) * HOUR * (d === t ? Math.max(0.15, elapsedToday) : 1);
      const week = Math.floor((d - firstDay) / 7);
      const pool = pools[slot]?.[week] ?? [];
      let cursor = b.day(d) + WORKDAY_START + p.int(0, 4) * 15 * 60_000;
      const piece = dayMs / n;
      for (let k = 0; k < n; k++) {
        const duration = Math.max(60_000, Math.round((piece * (0.6 + p.next() * 0.8)) / 60_000) * 60_000);
        const useOverhead = pool.length === 0 || p.next() < 0.07;
        const taskIndex = useOverhead
          ? overhead.length
            ? (overhead[Math.floor(p.next() * overhead.length)] ?? -1)
            : -1
          : (pool[Math.floor(p.next() * pool.length)] ?? -1);
        const start = cursor;
        const end = start + duration;
        // Nothing that ends after now (today's entries stop at the current time).
        if (end > b.nowMs) break;
        cursor = end + (p.next() < 0.3 ? p.int(1, 4) * 5 * 60_000 : 0);
        const at = Math.min(b.nowMs, end + p.int(0, 120) * 60_000);
        const billable = !useOverhead && p.next() < 0.92;
        const desc = descIds[Math.floor(p.next() * descIds.length)] ?? 0;
        const r = p.next();
        const source = r < 0.85 ? 0 : r < 0.95 ? 1 : 2;
        store.addRaw(taskIndex, userIndex, teamIndex, start, duration, at, billable, desc, source);
        if (taskIndex >= 0) spent[taskIndex] = (spent[taskIndex] ?? 0) + duration;
      }
    }
  }
  for (let i = 0; i < spent.length; i++) {
    const task = state.tasks[i];
    if (task && spent[i]) task.timeSpent += spent[i] ?? 0;
  }
  // One running timer (negative duration on the wire) so clients meet one in the wild.
  const runner = b.people.find((x) => x.user.email === "sofia.alvarez@demo.test");
  const runnerPool = runner
    ? (pools[userSlot.get(runner.user.id) ?? 0]?.[Math.floor((t - firstDay) / 7)] ?? [])
    : [];
  if (runner && runnerPool.length > 0) {
    const start = b.nowMs - 45 * 60_000;
    const index = store.add({
      taskIndex: runnerPool[0] ?? -1,
      userIndex: state.userIndex(runner.user.id),
      teamIndex,
      start,
      duration: 0,
      running: true,
      billable: true,
      description: "Client call",
      source: TIME_ENTRY_SOURCES[0],
      at: start,
    });
    state.runningTimers.set(runner.user.id, index);
  }
}
