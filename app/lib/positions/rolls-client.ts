// The browser's call of the roll finder (GET /api/positions/:id/rolls) and the roll it records: the finder's
// candidate as the positions API's existing roll action. Type-only imports: the schemas stay off the page.
import { callApi } from "#app/lib/api-client.ts";
import type { PositionChange, PositionRecord } from "#app/lib/positions/client.ts";
import { ROLL_MESSAGES, type RollCandidate, type RollsView } from "#app/lib/positions/rolls.ts";

export async function readRolls(
  positionId: string,
  allowBelowBasis = false,
): Promise<{ ok: true; view: RollsView } | { ok: false; message: string }> {
  const query = allowBelowBasis ? "?allowBelowBasis=1" : "";
  const answer = await callApi<RollsView>(
    `/api/positions/${encodeURIComponent(positionId)}/rolls${query}`,
    {},
    () => ROLL_MESSAGES.failed,
  );
  return answer.ok ? { ok: true, view: answer.body } : { ok: false, message: answer.message };
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
