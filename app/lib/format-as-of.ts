// Instants shown in New York time. Apart from format.ts so that a page showing only prices and dates does not
// load the New York clock and its offset table (the landing page's JavaScript budget is 10 KiB).
import { newYorkParts } from "#app/engine/time.ts";
import { MISSING, SHORT_MONTHS } from "#app/lib/format.ts";

/** An instant shown in New York time, e.g. 'Nov 20, 3:55 PM ET' (the engine's New York clock, no Intl formatter). */
export function formatAsOf(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return MISSING;
  const ny = newYorkParts(ms);
  const month = SHORT_MONTHS[Number(ny.date.slice(5, 7)) - 1];
  const hour12 = ny.hour % 12 === 0 ? 12 : ny.hour % 12;
  const minute = String(ny.minute).padStart(2, "0");
  return `${month} ${Number(ny.date.slice(8, 10))}, ${hour12}:${minute} ${ny.hour < 12 ? "AM" : "PM"} ET`;
}
