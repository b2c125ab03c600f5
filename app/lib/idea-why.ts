// "Why this idea": the plain words for why a spread idea or a wheel strategy ranks where it does, written from
// the score's parts the engine ships with it (app/engine/quality.ts, wheel.ts). The engine keeps numbers only;
// the words live here, so the card, the share page and the wheel analysis say the same thing (decision 246).
import { formatDecimal, formatPercent, formatUsd } from "#app/lib/format.ts";
import { isSpreadProfile, PROFILE_TARGETS, type ProfileTargets } from "#app/engine/quality.ts";
import { WHEEL_PROFILE_TARGETS, type RiskLevel } from "#app/engine/wheel/wheel.ts";

export interface WhyText {
  /** Short clauses, most important first: volatility, DTE, delta, fill cost, liquidity, events. */
  clauses: string[];
  /** What the claimed edge is and is not; shown under every reason. */
  caveat: string;
}

/**
 * Under the market's own prices there is no edge: the only one claimed is implied volatility above the
 * forecast of realised volatility, and forecasts miss.
 */
export const EDGE_CAVEAT =
  "The only edge claimed is implied volatility above our forecast of realised volatility, and forecasts miss: " +
  "at the market's own prices a trade like this is worth about zero less the cost of filling it. Not a sure thing.";

export const NO_FORECAST_CAVEAT =
  "No edge is claimed without a forecast: at the market's own prices a trade like this is worth about zero less " +
  "the cost of filling it. Not a sure thing.";

/** "balanced" -> "Balanced": the profiles' and risk levels' names as the screens show them (PROFILE_LABELS), without
 * loading the trade-ideas module into the wheel screen. */
const labelOf = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const pct0 = (x: number) => formatPercent(x * 100, 0);
const delta2 = (x: number) => formatDecimal(x, 2);
const dollars = (x: number) => formatUsd(x, 0);

/** The numbers every reason is written from (a spread's ScoreParts or a wheel strategy's WheelScoreParts). */
interface CommonParts {
  impliedVol: number;
  forecastVol: number | null;
  edgeAtForecast: number;
  /** Edge per dollar at risk (spread) or of collateral (wheel), as a ratio. */
  edgeShare: number;
  dte: number;
  dteFit: number;
  shortDelta: number;
  fillCost: number;
  fillCostShare: number;
}

/** Reads the shared parts from a payload's score_parts; null when any number is missing (older stored ideas). */
function commonParts(raw: unknown, shareKey: "edgePerRisk" | "edgePerCollateral"): CommonParts | null {
  if (!raw || typeof raw !== "object") return null;
  const p = raw as Record<string, unknown>;
  const parts = {
    impliedVol: num(p.impliedVol),
    edgeAtForecast: num(p.edgeAtForecast),
    edgeShare: num(p[shareKey]),
    dte: num(p.dte),
    dteFit: num(p.dteFit),
    shortDelta: num(p.shortDelta),
    fillCost: num(p.fillCost),
    fillCostShare: num(p.fillCostShare),
  };
  if (Object.values(parts).some((v) => v === null)) return null;
  const forecastVol = p.forecastVol === null ? null : num(p.forecastVol);
  if (forecastVol === null && p.forecastVol !== null) return null;
  return { ...(parts as { [K in keyof typeof parts]: number }), forecastVol };
}

/**
 * Implied volatility against the forecast of realised volatility: where the claimed edge comes from, and what
 * it is worth per contract at the forecast (fill cost included) against the capital the score divides by.
 */
export function volatilityClause(p: CommonParts, capital: "at risk" | "of collateral"): string {
  if (p.forecastVol === null)
    return `No forecast: the history is too short, no edge claimed (IV ${pct0(p.impliedVol)})`;
  const worth = `${dollars(p.edgeAtForecast)} per contract at the forecast after the fill (${formatPercent(p.edgeShare * 100, 1)} ${capital})`;
  const gap = Math.round(p.impliedVol * 100) - Math.round(p.forecastVol * 100);
  if (gap > 0) return `IV ${pct0(p.impliedVol)} vs ${pct0(p.forecastVol)} forecast realised: ${worth}`;
  return `IV ${pct0(p.impliedVol)} vs ${pct0(p.forecastVol)} forecast realised: no volatility edge, ${worth}; ranked as the least bad`;
}

/** Days to expiration against the profile's preferred and allowed windows. */
export function dteClause(dte: number, dteFit: number, t: ProfileTargets, label: string): string {
  const preferred = `${t.preferMinDte}-${t.preferMaxDte}`;
  if (dte >= t.preferMinDte && dte <= t.preferMaxDte)
    return `${dte} DTE, in the ${label} window (${preferred} days preferred)`;
  if (dte >= t.minDte && dte <= t.maxDte)
    return `${dte} DTE, inside the ${label} ${t.minDte}-${t.maxDte} days but outside the preferred ${preferred}, which costs some score (fit ${formatDecimal(dteFit, 2)})`;
  return `${dte} DTE, outside the ${label} ${t.minDte}-${t.maxDte} days`;
}

/** The short strike's |delta| against the profile's band and aim. */
export function deltaClause(shortDelta: number, t: ProfileTargets, label: string, condor: boolean): string {
  const what = condor ? `shorts at up to ${delta2(shortDelta)} delta` : `${delta2(shortDelta)}-delta short`;
  const band = t.minDelta > 0 ? `${delta2(t.minDelta)}-${delta2(t.maxDelta)}` : `below ${delta2(t.maxDelta)}`;
  const inside = shortDelta >= t.minDelta && shortDelta <= t.maxDelta;
  return `${what}, ${inside ? "in" : "outside"} the ${label} band ${band} (aim ${delta2(t.targetDelta)})`;
}

/** What filling at the fill basis costs against the mid, as a share of the credit (or premium). */
export function fillClause(fillCost: number, fillCostShare: number, credit: "credit" | "premium"): string {
  return `costs ${pct0(fillCostShare)} of the ${credit} to fill (${dollars(fillCost)} per contract against the mid)`;
}

/** Liquidity points (1-5 / 0-5) and, for spreads, how much the weakest leg traded the session before. */
export function liquidityClause(points: number | null, priorSession: number | null): string {
  const head = points === null ? "liquidity unknown" : `liquidity ${points}/5`;
  if (priorSession === null) return head;
  if (priorSession >= 0.8) return `${head}, well traded last session`;
  if (priorSession >= 0.5) return `${head}, moderately traded last session`;
  return `${head}, thinly traded last session, which lowers the score`;
}

interface EventLike {
  date?: unknown;
  kind?: unknown;
  title?: unknown;
}

const EVENT_WORDS: Record<string, string> = {
  EARNINGS: "earnings",
  EX_DIVIDEND: "ex-dividend",
  FOMC: "FOMC",
  CPI: "CPI",
  NFP: "jobs report",
};

/** Events between now and expiry (the engine's EventFlags, or a bare list). */
export function eventsClause(events: unknown): string {
  const list: EventLike[] = Array.isArray(events)
    ? events
    : events && typeof events === "object" && Array.isArray((events as { list?: unknown }).list)
      ? (events as { list: EventLike[] }).list
      : [];
  const named = list
    .filter((e) => typeof e.date === "string" && typeof e.kind === "string")
    .map((e) => {
      const kind = (e.kind as string).toUpperCase();
      const what = EVENT_WORDS[kind] ?? (typeof e.title === "string" ? e.title : "event");
      return `${what} ${e.date as string}`;
    });
  if (!named.length) return "no earnings, ex-dividend or scheduled macro release before expiry";
  return `before expiry: ${named.join(", ")}`;
}

/** Joins clauses into one sentence: the first capitalised, semicolons between, a full stop at the end. */
export function whySentence(why: WhyText): string {
  const text = why.clauses.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The fields of a spread idea payload the reason reads. */
export interface SpreadWhyInput {
  strategy_type: string;
  liquidity_point?: number | null;
  events?: unknown;
  score_parts?: unknown;
}

/** The reason for a credit spread idea; null when the payload carries no score parts (ideas stored before them). */
export function spreadIdeaWhy(idea: SpreadWhyInput): WhyText | null {
  const raw = idea.score_parts as { profile?: unknown; liquidity?: unknown } | null | undefined;
  const p = commonParts(raw, "edgePerRisk");
  if (!p || !isSpreadProfile(raw?.profile)) return null;
  const targets = PROFILE_TARGETS[raw.profile];
  const label = labelOf(raw.profile);
  return {
    clauses: [
      volatilityClause(p, "at risk"),
      dteClause(p.dte, p.dteFit, targets, label),
      deltaClause(p.shortDelta, targets, label, idea.strategy_type === "IRON_CONDOR"),
      fillClause(p.fillCost, p.fillCostShare, "credit"),
      liquidityClause(num(idea.liquidity_point), num(raw.liquidity)),
      eventsClause(idea.events),
    ],
    caveat: p.forecastVol === null ? NO_FORECAST_CAVEAT : EDGE_CAVEAT,
  };
}

/** The fields of a wheel strategy the reason reads. */
export interface WheelWhyInput {
  riskLevel?: unknown;
  liquidityPoint?: unknown;
  events?: unknown;
  score_parts?: unknown;
}

const isRiskLevel = (v: unknown): v is RiskLevel =>
  v === "conservative" || v === "balanced" || v === "aggressive";

/** The reason for a cash-secured put or covered call; null without score parts or a risk level. */
export function wheelStrategyWhy(s: WheelWhyInput): WhyText | null {
  const p = commonParts(s.score_parts, "edgePerCollateral");
  if (!p || !isRiskLevel(s.riskLevel)) return null;
  const targets = WHEEL_PROFILE_TARGETS[s.riskLevel];
  const label = labelOf(s.riskLevel);
  return {
    clauses: [
      volatilityClause(p, "of collateral"),
      dteClause(p.dte, p.dteFit, targets, label),
      deltaClause(p.shortDelta, targets, label, false),
      fillClause(p.fillCost, p.fillCostShare, "premium"),
      liquidityClause(num(s.liquidityPoint), null),
      eventsClause(s.events),
    ],
    caveat: p.forecastVol === null ? NO_FORECAST_CAVEAT : EDGE_CAVEAT,
  };
}
