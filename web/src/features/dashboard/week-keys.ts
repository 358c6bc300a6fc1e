/** A task card in the week: its day column and its place in that column. */
export interface CardPosition {
  day: number;
  index: number;
}

function nextDayWithCards(counts: readonly number[], from: number, step: 1 | -1): number | null {
  for (let day = from + step; day >= 0 && day < counts.length; day += step) {
    if ((counts[day] ?? 0) > 0) return day;
  }
  return null;
}

/**
 * Where a key moves the focus among the week's task cards (one tab stop for the whole week, the
 * arrows inside it). `counts` is the number of cards per day. Up/Down walk a day's cards and run
 * on into the neighbouring day (the days stack on a phone); Left/Right jump to the nearest day
 * with cards at the same height; Home/End go to the first/last card of the day. `null`: no move.
 */
export function moveInWeek(counts: readonly number[], from: CardPosition, key: string): CardPosition | null {
  const inDay = counts[from.day] ?? 0;
  switch (key) {
    case "ArrowDown": {
      if (from.index + 1 < inDay) return { day: from.day, index: from.index + 1 };
      const day = nextDayWithCards(counts, from.day, 1);
      return day === null ? null : { day, index: 0 };
    }
    case "ArrowUp": {
      if (from.index > 0) return { day: from.day, index: from.index - 1 };
      const day = nextDayWithCards(counts, from.day, -1);
      return day === null ? null : { day, index: (counts[day] ?? 1) - 1 };
    }
    case "ArrowRight":
    case "ArrowLeft": {
      const day = nextDayWithCards(counts, from.day, key === "ArrowRight" ? 1 : -1);
      return day === null ? null : { day, index: Math.min(from.index, (counts[day] ?? 1) - 1) };
    }
    case "Home":
      return from.index === 0 ? null : { day: from.day, index: 0 };
    case "End":
      return from.index === inDay - 1 ? null : { day: from.day, index: inDay - 1 };
    default:
      return null;
  }
}
