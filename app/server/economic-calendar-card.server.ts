// Data for the economic calendar card (/tickers and the home page): the market module's cached calendar
// grouped by day (app/lib/economic-calendar.ts). A failure becomes the product's message, never a 500.
import { newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { upcomingEventGroups, type EconomicDateGroup } from "#app/lib/economic-calendar.ts";
import type { EconomicEvent } from "#app/lib/market-calendar/index.ts";
import type { WorkerEnv } from "#app/server/env.server.ts";
import { getEconomicCalendar } from "#app/server/market/market.server.ts";

export const ECONOMIC_CALENDAR_ERROR = "Failed to load economic calendar";

export interface EconomicCalendarCardData {
  groups: EconomicDateGroup<EconomicEvent>[];
  error: string | null;
}

export async function loadEconomicCalendarGroups(
  env: WorkerEnv,
  now: Date,
): Promise<EconomicCalendarCardData> {
  try {
    const calendar = await getEconomicCalendar(env, now.getTime());
    return { groups: upcomingEventGroups(calendar.events, newYorkDateOf(now.getTime())), error: null };
  } catch (error) {
    console.error("economic calendar card: load failed", error);
    return { groups: [], error: ECONOMIC_CALENDAR_ERROR };
  }
}
