// The browser's calls of the roll finder (GET /api/positions/:id/rolls, and a wheel option's
// GET /api/wheel/options/:campaignId/:optionKey/rolls) and the rolls they record: a spread's candidate as the
// positions API's existing roll action; a wheel option's as the wheel ledger's roll, a buy to close and a sell to
// open the same day, posted to the wheel's API as one write (both or neither). Type-only imports: the schemas stay off the page.
import { callApi } from "#app/lib/api-client.ts";
import type {
  ChangeResult,
  PositionChange,
  PositionRecord,
  WheelOptionView,
} from "#app/lib/positions/client.ts";
import { ROLL_MESSAGES, type RollCandidate, type RollsView } from "#app/lib/positions/rolls.ts";

/** What the finder loads: the candidates, or the words of why not. */
export type RollsAnswer = { ok: true; view: RollsView } | { ok: false; message: string };

/** What a recording answers: done, or the API's words (a plan's refusal links to /pricing). */
export type RollRecordAnswer = { ok: true } | { ok: false; message: string; upgrade: boolean };

async function readRollsAt(path: string, allowBelowBasis: boolean): Promise<RollsAnswer> {
  const query = allowBelowBasis ? "?allowBelowBasis=1" : "";
  const answer = await callApi<RollsView>(`${path}${query}`, {}, () => ROLL_MESSAGES.failed);
  return answer.ok ? { ok: true, view: answer.body } : { ok: false, message: answer.message };
}

export function readRolls(positionId: string, allowBelowBasis = false): Promise<RollsAnswer> {
  return readRollsAt(`/api/positions/${encodeURIComponent(positionId)}/rolls`, allowBelowBasis);
}

/** A wheel option's rolls, named as /positions names it (its campaign and the ledger's option key). */
export function readWheelRolls(option: WheelOptionView, allowBelowBasis = false): Promise<RollsAnswer> {
  const optionKey = option.key.slice(option.campaignId.length + 1);
  return readRollsAt(
    `/api/wheel/options/${encodeURIComponent(option.campaignId)}/${encodeURIComponent(optionKey)}/rolls`,
    allowBelowBasis,
  );
}

/** Cents, as a broker fills: the recorded debit and credit are the finder's fill-basis prices rounded. */
const cents = (x: number) => Math.round(x * 100) / 100;

/** The roll action of a candidate: the close at the finder's debit today, the new legs at its credit. */
export function rollChangeOf(
  position: PositionRecord,
  view: RollsView,
  candidate: RollCandidate,
  today: string,
): PositionChange {
  return {
    action: "roll",
    positionId: position.id,
    closedOn: today,
    closeDebit: Math.max(0, cents(view.closeDebit ?? 0)),
    legs: candidate.legs.map((l) => ({
      right: l.right,
      side: l.side,
      strike: l.strike,
      expiration: l.expiration,
    })),
    openCredit: cents(candidate.newCredit),
    contracts: position.contracts,
  };
}

/** "Close instead": the close at the finder's debit today. */
export function closeChangeOf(position: PositionRecord, view: RollsView, today: string): PositionChange {
  return {
    action: "close",
    positionId: position.id,
    closedOn: today,
    closeDebit: Math.max(0, cents(view.closeDebit ?? 0)),
  };
}

/** A wheel ledger event as POST /api/wheel/ledger takes it (an option's buy to close or sell to open). */
export interface WheelOptionEvent {
  date: string;
  symbol: string;
  kind: "buy_to_close" | "sell_to_open";
  optionType: "put" | "call";
  strike: number;
  expiration: string;
  contracts: number;
  price: number;
}

/** The wheel option's buy to close today at the finder's fill-basis debit. */
export function wheelCloseEventOf(option: WheelOptionView, view: RollsView, today: string): WheelOptionEvent {
  return {
    date: today,
    symbol: option.symbol,
    kind: "buy_to_close",
    optionType: option.kind === "CSP" ? "put" : "call",
    strike: option.strike,
    expiration: option.expiration,
    contracts: option.contracts,
    price: Math.max(0, cents(view.closeDebit ?? 0)),
  };
}

/**
 * The wheel ledger's roll of a candidate: the buy to close, then the sell to open of the candidate's short at its
 * credit, the same day (the ledger links the two as one roll step).
 */
export function wheelRollEventsOf(
  option: WheelOptionView,
  view: RollsView,
  candidate: RollCandidate,
  today: string,
): [WheelOptionEvent, WheelOptionEvent] {
  const close = wheelCloseEventOf(option, view, today);
  const leg = candidate.legs.find((l) => l.side === "short") ?? candidate.legs[0];
  return [
    close,
    {
      ...close,
      kind: "sell_to_open",
      strike: leg.strike,
      expiration: leg.expiration,
      price: cents(candidate.newCredit),
    },
  ];
}

/**
 * Records the wheel events as one write to the wheel's API: a roll's close and sale land together or not at all,
 * so a refusal (a stale ledger's 409 among them) leaves the option as it was, with the API's words.
 */
export async function recordWheelEvents(events: readonly WheelOptionEvent[]): Promise<RollRecordAnswer> {
  const body = events.length === 1 ? events[0] : { events };
  const answer = await callApi<{ status: string }>(
    "/api/wheel/ledger",
    { method: "POST", body },
    () => ROLL_MESSAGES.wheelFailed,
  );
  if (answer.ok) return { ok: true };
  const upgrade = answer.status === 403 && answer.body?.redirectTo === "/pricing";
  return { ok: false, message: answer.message, upgrade };
}

/**
 * Where the finder loads its candidates from and how it records a roll or a close: a spread's through the
 * positions API, a wheel option's through the wheel's.
 */
export interface RollSource {
  symbol: string;
  load: (allowBelowBasis: boolean) => Promise<RollsAnswer>;
  recordRoll: (view: RollsView, candidate: RollCandidate) => Promise<RollRecordAnswer>;
  recordClose: (view: RollsView) => Promise<RollRecordAnswer>;
  /** A covered call: the finder offers the strikes below the campaign's adjusted basis when asked. */
  belowBasisChoice: boolean;
}

const recorded = (result: ChangeResult): RollRecordAnswer =>
  result.ok ? { ok: true } : { ok: false, message: result.message, upgrade: result.upgrade };

/** An open spread's finder: the positions API's roll and close actions through the page's writer. */
export function positionRollSource(
  position: PositionRecord,
  today: string,
  send: (change: PositionChange) => Promise<ChangeResult>,
): RollSource {
  return {
    symbol: position.symbol,
    load: (allowBelowBasis) => readRolls(position.id, allowBelowBasis),
    recordRoll: async (view, c) => recorded(await send(rollChangeOf(position, view, c, today))),
    recordClose: async (view) => recorded(await send(closeChangeOf(position, view, today))),
    belowBasisChoice: false,
  };
}

/** An open wheel option's finder: the wheel ledger's events through the wheel's API, then `onRecorded`. */
export function wheelRollSource(
  option: WheelOptionView,
  today: string,
  onRecorded: () => unknown,
): RollSource {
  const after = async (answer: RollRecordAnswer) => {
    if (answer.ok) await onRecorded();
    return answer;
  };
  return {
    symbol: option.symbol,
    load: (allowBelowBasis) => readWheelRolls(option, allowBelowBasis),
    recordRoll: async (view, c) => after(await recordWheelEvents(wheelRollEventsOf(option, view, c, today))),
    recordClose: async (view) => after(await recordWheelEvents([wheelCloseEventOf(option, view, today)])),
    belowBasisChoice: option.kind === "CC",
  };
}
