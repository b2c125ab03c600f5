// Data for the economic calendar card (/tickers and the home page): the market module's cached calendar
// grouped by day (app/lib/economic-calendar.ts). A failure becomes the product's message, never a 500.
import { newYorkDateOf } from "../lib/market-calendar";
import { upcomingEventGroups, type EconomicDateGroup } from "../lib/economic-calendar";
import type { EconomicEvent } from "../lib/market-calendar";
import type { WorkerEnv } from "./env.server";
import { getEconomicCalendar } from "./market/market.server";

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
