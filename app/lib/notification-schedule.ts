// When a user's notifications are due, in the user's own time zone. Wall-clock arithmetic goes through
// Intl (the runtime's time zone database), so DST changes are the zone's, not ours.
import { DAY_MS } from "#app/engine/units.ts";
import type { FrequencyType } from "#app/lib/notifications.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

export interface ZonedParts {
  /** 'YYYY-MM-DD' in the zone. */
  date: string;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
}

export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAY_INDEX[parts.weekday!] ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in ms (New York in winter: -5 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  const [y, m, d] = p.date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant the zone's clocks show `time` on `date`. A time skipped by a spring-forward change is
 * moved forward by the gap (02:30 -> 03:30); a time repeated by a fall-back change is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const before = zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = zoneOffsetMs(wall + DAY_MS, timeZone);
  const matches = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((t) => {
      const p = zonedParts(t, timeZone);
      return p.date === date && p.hour === hh && p.minute === mm;
    })
    .sort((a, b) => a - b);
  return matches[0] ?? wall - before;
}

export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export interface FrequencySetting {
  type: FrequencyType;
  dailyTime: string;
  weeklyDay: number;
}

/**
 * The first instant after `afterMs` at which the user's next alert email is due. Realtime: the next
 * cron run (any later instant). Daily: the next `dailyTime` on the zone's clock. Weekly: the next
 * `weeklyDay` (0 = Sunday) at `dailyTime`.
 */
export function nextRunAt(frequency: FrequencySetting, timeZone: string, afterMs: number): number {
  if (frequency.type === "realtime") return afterMs + 1;
  const today = zonedParts(afterMs, timeZone).date;
  for (let i = 0; i <= 8; i++) {
    const date = addDaysToDate(today, i);
    const at = zonedInstant(date, frequency.dailyTime, timeZone);
    if (at <= afterMs) continue;
    if (frequency.type === "weekly" && zonedParts(at, timeZone).weekday !== frequency.weeklyDay) continue;
    return at;
  }
  // Unreachable for valid input (a week always contains the day); keep the user due tomorrow.
  return afterMs + DAY_MS;
}
