// The regime each logged idea was published in (decision 332): the simulated market's own stress spells decide it;
// a live source's is not classified.
import { addDays, newYorkDateOf } from "#app/lib/market-calendar/index.ts";
import { RECOVERY_SESSIONS, regimeOf, type Regime, type RegimeKey } from "#app/lib/track-record/regimes.ts";
import {
  STRESS_SPELL_DAYS,
  sessionsSinceStressOnset,
  stressOnsetsBetween,
} from "#app/server/market/providers/demo/economy.server.ts";

const byDay = new Map<string, Regime>();

/** The regime of a publication: by its New York day on the simulated market, else not classified. */
export function regimeOfPublication(source: string, publishedAtMs: number): RegimeKey {
  return source === "demo" ? simulatedRegimeOn(newYorkDateOf(publishedAtMs)) : "unclassified";
}

/** The simulated market's regime on a New York day (memoised: the summary asks once per logged row). */
export function simulatedRegimeOn(day: string): Regime {
  let regime = byDay.get(day);
  if (!regime) {
    regime = regimeOf(
      sessionsSinceStressOnset(day, STRESS_SPELL_DAYS + RECOVERY_SESSIONS),
      STRESS_SPELL_DAYS,
    );
    byDay.set(day, regime);
  }
  return regime;
}

/**
 * The simulated market's spell onsets that set a regime in [from, to] (New York days): those inside it, and the one
 * whose spell or recovery the first day is still in.
 */
export function simulatedStressOnsets(from: string, to: string): string[] {
  const inside = stressOnsetsBetween(from, to);
  const since = sessionsSinceStressOnset(from, STRESS_SPELL_DAYS + RECOVERY_SESSIONS);
  if (since === null || since === 0) return inside;
  // Calendar days cover the sessions back to that onset (weekends and holidays included).
  const before = stressOnsetsBetween(addDays(from, -2 * (since + 5)), addDays(from, -1));
  return [...before.slice(-1), ...inside];
}
