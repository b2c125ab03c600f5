// The economic calendar card's grouping (docs/product/economic-calendar.md#calendar-card): up to 5 upcoming
// date groups, past dates dropped, high-impact events first. See
// docs/decisions/030-watchlist-home-and-calendar.md.

export interface EconomicEventLike {
  date: string; // YYYY-MM-DD
  title: string;
  impact: string; // 'high' or anything else
  estimated?: boolean;
  /** How an estimated date was set (a publication rule, decision 258). */
  estimateBasis?: string;
}

export interface EconomicDateGroup<E extends EconomicEventLike = EconomicEventLike> {
  date: string;
  hasHighImpact: boolean;
  events: E[];
}

export const CALENDAR_GROUP_LIMIT = 5;

/**
 * React keys for one day's events: the title, with "#2", "#3", ... for repeats (two releases can share a
 * title on one day), so every key is unique and stays with its event.
 */
export function eventKeys(events: readonly Pick<EconomicEventLike, "title">[]): string[] {
  const seen = new Map<string, number>();
  return events.map((e) => {
    const n = (seen.get(e.title) ?? 0) + 1;
    seen.set(e.title, n);
    return n === 1 ? e.title : `${e.title}#${n}`;
  });
}

export function isHighImpact(event: Pick<EconomicEventLike, "impact">): boolean {
  return event.impact.toLowerCase() === "high";
}

/**
 * Groups events by day from `today` (a New York calendar date, inclusive) on, in date order; within a day
 * high-impact events come first, then by title. Keeps the first `limit` days.
 */
export function upcomingEventGroups<E extends EconomicEventLike>(
  events: E[],
  today: string,
  limit = CALENDAR_GROUP_LIMIT,
): EconomicDateGroup<E>[] {
  const byDate = new Map<string, E[]>();
  for (const e of events) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(e.date) || e.date < today) continue;
    const list = byDate.get(e.date);
    if (list) list.push(e);
    else byDate.set(e.date, [e]);
  }
  return [...byDate.keys()]
    .sort()
    .slice(0, limit)
    .map((date) => {
      const dayEvents = byDate
        .get(date)!
        .slice()
        .sort((a, b) => Number(isHighImpact(b)) - Number(isHighImpact(a)) || a.title.localeCompare(b.title));
      return { date, hasHighImpact: dayEvents.some(isHighImpact), events: dayEvents };
    });
}
